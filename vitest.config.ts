import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

/**
 * `npm test` runs the everyday projects (API suites on in-memory PGlite, shared, web); `npm run test:pg` runs
 * the `api` project again with TEST_DATABASE_URL pointing at a throwaway PostgreSQL (scripts/with-postgres.ts).
 * The suites that kill processes or cut the database off, run the operator commands as processes, or seed
 * large data sets are the `slow`
 * project (`npm run test:slow`, both databases, in CI): they take minutes and test the platform or the scale,
 * not the features one changes every day.
 */
const SLOW_SUITES = [
  'src/server/platform/faults.test.ts',
  'src/server/companies/save-crash.test.ts',
  'src/server/db/pool.test.ts',
  'src/server/platform/scale-out.test.ts',
  // The operator commands as real processes (each one compiles the app and opens its own database).
  'src/server/cli/commands.test.ts',
  // The export of a seeded 10 000-company set: minutes of seeding.
  'src/server/portfolio/export-large.test.ts',
  // Crafted PDFs against the real server, watching its memory while their text is extracted.
  'src/server/documents/extraction-memory.test.ts',
  // 16 MB repayment files against the real server, /api/health timed meanwhile.
  'src/server/servicing/import-responsiveness.test.ts',
  // A batch destruction killed half-way (kill -9) on the real server: each file whole or untouched.
  'src/server/privacy/destruction-crash.test.ts',
];
const API = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['src/server/test/global-setup.ts'],
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine, where the API suites
    // spend much of their time waiting on argon2, the file system and the database. Two run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // Not isolated: each worker imports the app once for all its files instead of once per file (most of
        // `npm test`'s time on this machine, ADR 0026). Every file builds its own app and database
        // (`createTestApp`); the only module state, the password-hashing queue and the session sweep's
        // clock, is not what any test observes.
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: SLOW_SUITES,
          isolate: false,
          ...API,
        },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW_SUITES, ...API },
      },
      {
        extends: true,
        test: { name: 'shared', include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
