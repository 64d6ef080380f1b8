import { configDefaults, defineConfig } from 'vitest/config';
import { WIDGET_NAMES } from './src/app/widgets/names';
import { flowsPlugin } from './src/engine/build/vite-plugin-flows';

/** The one test that proves a new flow file needs no code: it runs with a fixture flow folder added. */
const NEW_FLOW_FILE_TEST = 'tests/app/flow-new-file.test.tsx';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/dom.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite instances are large (hundreds of MB each); two workers fit 2 cores and the memory.
    pool: 'forks',
    maxWorkers: 2,
    // Both projects inherit the settings above; each builds `virtual:flows` from its own flow folders.
    projects: [
      {
        extends: true,
        plugins: [flowsPlugin({ widgetNames: WIDGET_NAMES })],
        test: {
          name: 'main',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, NEW_FLOW_FILE_TEST],
        },
      },
      {
        extends: true,
        plugins: [flowsPlugin({ extraFlowDirs: ['tests/fixtures/flows-client'], widgetNames: WIDGET_NAMES })],
        test: { name: 'new-flow-file', include: [NEW_FLOW_FILE_TEST] },
      },
    ],
  },
});
