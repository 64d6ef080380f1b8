import { configDefaults, defineConfig } from 'vitest/config';
import { flowsPlugin } from './src/engine/build/vite-plugin-flows';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from './src/flows/ui-names';
import { ruleEngine } from './src/rules/rule-engine';

/** What the flows plugin checks flow files against: the product's operators, widgets and confirm views. */
const product = { ruleEngine, widgetNames: WIDGET_NAMES, confirmViewNames: CONFIRM_VIEW_NAMES };

/** The one test that proves a new flow file needs no code: it runs with a fixture flow folder added. */
const NEW_FLOW_FILE_TEST = 'tests/app/flow-new-file.test.tsx';
/** The proof of a new booking type (issue 10): its fixture flow folder added, its booker in the test server. */
const FIXTURE_TYPE_TEST = 'tests/app/flow-fixture-type.test.tsx';

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
    // Every project inherits the settings above; each builds `virtual:flows` from its own flow folders.
    projects: [
      {
        extends: true,
        plugins: [flowsPlugin(product)],
        test: {
          name: 'main',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, NEW_FLOW_FILE_TEST, FIXTURE_TYPE_TEST],
        },
      },
      {
        extends: true,
        plugins: [flowsPlugin({ ...product, extraFlowDirs: ['tests/fixtures/flows-client'] })],
        test: { name: 'new-flow-file', include: [NEW_FLOW_FILE_TEST] },
      },
      {
        extends: true,
        plugins: [flowsPlugin({ ...product, extraFlowDirs: ['tests/fixtures/flows-edit'] })],
        test: { name: 'fixture-type', include: [FIXTURE_TYPE_TEST] },
      },
    ],
  },
});
