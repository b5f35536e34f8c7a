import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * `npm test` runs every project (API suites on in-memory PGlite); `npm run test:pg` runs the `api`
 * project again with TEST_DATABASE_URL pointing at a throwaway PostgreSQL (scripts/with-postgres.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
