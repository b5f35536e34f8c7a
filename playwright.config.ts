import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT } from './e2e/accounts';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built app, started on
 * a throwaway data directory with known accounts (e2e/serve.ts). `npm run test:e2e` (scripts/e2e.ts) builds once
 * and runs several of these at once, each a shard with its own E2E_PORT, server and data directory (ADR 0048);
 * `npx playwright test` alone builds and runs everything on one server.
 */
const report = process.env['E2E_JSON_REPORT'];
/** The spec files of this shard, when scripts/e2e.ts has split them by their recorded durations. */
const specs = process.env['E2E_SPECS'];
export default defineConfig({
  testDir: 'e2e',
  ...(specs ? { testMatch: specs.split(',') } : {}),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // scripts/e2e.ts reads each shard's JSON report to say which tests failed in which shard.
  reporter: report ? [['list'], ['json', { outputFile: report }]] : [['list']],
  // Playwright empties its output directory as it starts: one per port, so that shards leave each other's alone.
  outputDir: `test-results/${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'fr-CA',
    trace: 'off',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // scripts/e2e.ts has built dist/ once for every shard: two builds into it at once would break each other.
    command: `${process.env['E2E_PREBUILT'] ? '' : 'npm run build && '}node --import tsx e2e/serve.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
