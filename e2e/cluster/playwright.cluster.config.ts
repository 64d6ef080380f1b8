import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * Issue 15 §5: the portal as two instances on one PostgreSQL behind nginx. The spec starts its own
 * cluster (deploy/cluster.ts) on CLUSTER_PORT (default 8896) and the two ports after it; it fails,
 * saying why, when PostgreSQL is not reachable (CLUSTER_DATABASE_URL, default the local server).
 * The instances serve dist/: `npm run build` runs once first.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 300_000,
  globalSetup: './build.ts',
  webServer: undefined,
});
