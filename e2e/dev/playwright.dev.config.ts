import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Issue 32, development: `npm run dev` (Vite, hot updates) beside `npm run dev:server` (FLOWS_WATCH=1),
 * both reading a scratch copy of the flow, schema and rule files (FLOW_FILES_DIR) that the spec
 * edits. The browser opens Vite on E2E_PORT (default 8183); the API listens on E2E_API_PORT
 * (default the port after it), on a fresh embedded database.
 */
const PORT = Number(process.env.E2E_PORT ?? 8183);
const API_PORT = Number(process.env.E2E_API_PORT ?? PORT + 1);
const ROOT = join(import.meta.dirname, '../..');
const SCRATCH = join(ROOT, `.cache/e2e-dev-${PORT}`);
/** Where the spec finds the copy it edits (read there from this env, set here for both servers). */
export const FLOW_FILES_DIR = `${SCRATCH}/flow-files`;

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  // Started one after the other: the API server copies the files the Vite server then reads.
  webServer: [
    {
      cwd: ROOT,
      command: `rm -rf ${SCRATCH} && npx tsx e2e/dev/copy-flow-files.ts ${FLOW_FILES_DIR} && npm run dev:server`,
      env: {
        PORT: String(API_PORT),
        DATA_DIR: `${SCRATCH}/data`,
        FLOW_FILES_DIR,
        RATE_LIMIT_USER_BURST: '1000000',
        RATE_LIMIT_USER_PER_MINUTE: '1000000',
      },
      url: `http://127.0.0.1:${API_PORT}/api/version`,
      timeout: 300_000,
      reuseExistingServer: !!process.env.E2E_REUSE,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      cwd: ROOT,
      command: `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`,
      // The warning about Vite's future config loader says nothing about this run.
      env: { API_PORT: String(API_PORT), FLOW_FILES_DIR, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      url: `http://127.0.0.1:${PORT}/`,
      timeout: 120_000,
      reuseExistingServer: !!process.env.E2E_REUSE,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
