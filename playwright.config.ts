import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs on one machine keep apart (each has its own port and database folder).
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = `./.cache/e2e-data-${PORT}`;

/**
 * End-to-end suite: Debian's Chromium (no browser download, STACK.md) against `npm start` on a
 * fresh embedded database, one worker, so demo users' lockout counters and sessions never race.
 */
export default defineConfig({
  testDir: './e2e/tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm start`,
    // The e2e signs the demo users in again and again across specs; a person's token bucket
    // (issue 28) is deep here as in the API tests, which test the limits themselves.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_KEY_BURST: '1000000',
      RATE_LIMIT_KEY_PER_MINUTE: '1000000',
    },
    url: `http://127.0.0.1:${PORT}/api/version`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
