/** `npm run bench` part two: rendering in jsdom, under vitest for the flows plugin (figures, not assertions). */
import { defineConfig } from 'vitest/config';
import { WIDGET_NAMES } from '../src/app/widgets/names';
import { flowsPlugin } from '../src/engine/build/vite-plugin-flows';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  plugins: [flowsPlugin({ widgetNames: WIDGET_NAMES })],
  test: {
    setupFiles: ['tests/setup/dom.ts'],
    include: ['bench/**/*.bench.tsx'],
    pool: 'forks',
    maxWorkers: 1,
  },
});
