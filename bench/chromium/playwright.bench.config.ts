import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run bench` part three: figures in Chromium against `npm start` on a fresh database, like
 * the e2e suite (its own port, BENCH_PORT, default 8182, and its own database folder).
 */
const PORT = Number(process.env.BENCH_PORT ?? 8182);
const DATA_DIR = `./.cache/bench-data-${PORT}`;

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  timeout: 300_000,
  // No trace: its DOM snapshots run inside the measured time.
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}`, trace: 'off' },
  webServer: {
    ...(base.webServer as object),
    // The term lease bench's contract is seeded with the demo data (term-lease-data.ts).
    command: `rm -rf ${DATA_DIR} && npx tsx bench/chromium/term-lease-data.ts && npm start`,
    // From the repository's root, as npm start runs: the data folder removed is the one it opens.
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PORT: String(PORT), DATA_DIR },
    url: `http://127.0.0.1:${PORT}/api/version`,
  },
});
