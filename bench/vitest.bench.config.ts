/** `npm run bench` part two: rendering in jsdom, under vitest for the flows plugin (figures, not assertions). */
import { defineConfig } from 'vitest/config';
import { flowsPlugin } from '../src/engine/build/vite-plugin-flows';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from '../src/flows/ui-names';
import { ruleEngine } from '../src/rules/rule-engine';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  plugins: [flowsPlugin({ ruleEngine, widgetNames: WIDGET_NAMES, confirmViewNames: CONFIRM_VIEW_NAMES })],
  test: {
    setupFiles: ['tests/setup/dom.ts'],
    include: ['bench/**/*.bench.tsx'],
    pool: 'forks',
    maxWorkers: 1,
  },
});
