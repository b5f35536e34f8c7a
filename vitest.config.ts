import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * `npm test` runs the everyday projects (API suites on in-memory PGlite, shared, web); `npm run test:pg` runs
 * the `api` project again with TEST_DATABASE_URL pointing at a throwaway PostgreSQL (scripts/with-postgres.ts).
 * The suites that kill processes or cut the database off, and those that seed large data sets, are the `slow`
 * project (`npm run test:slow`, both databases, in CI): they take minutes and test the platform or the scale,
 * not the features one changes every day.
 */
const SLOW_SUITES = [
  'src/server/platform/faults.test.ts',
  'src/server/companies/save-crash.test.ts',
  'src/server/db/pool.test.ts',
  'src/server/platform/scale-out.test.ts',
  // The export of a seeded 10 000-company set: minutes of seeding.
  'src/server/portfolio/export-large.test.ts',
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
    projects: [
      {
        extends: true,
        test: { name: 'api', include: ['src/server/**/*.test.ts'], exclude: SLOW_SUITES, ...API },
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
