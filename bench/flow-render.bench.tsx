// @vitest-environment jsdom
/**
 * Render of each flow's request step: the whole app in jsdom (router, guard, layout, lazy FlowPage,
 * RJSF), from navigation to the step's heading. Figures only; run by `npm run bench`, never by npm test.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, beforeAll, it } from 'vitest';
import { flowCatalog } from '../src/app/flows/catalog';
import { findFlowPage, renderAppAt } from '../tests/app/support/flow-app';
import { rootFor, startFlowApi } from './flow-api';
import { measure } from './measure';

let api: Awaited<ReturnType<typeof startFlowApi>>;
beforeAll(async () => {
  api = await startFlowApi();
});
afterAll(() => api.close());

it('renders the request step of every flow', async () => {
  console.log('\n## Request step render in jsdom (whole app, demo.staff)');
  for (const flow of flowCatalog.flows) {
    await measure(flow.title, 20, async () => {
      renderAppAt(flow.route, rootFor('demo.staff', api.url));
      await findFlowPage(flow.title);
      cleanup();
    });
  }
}, 300_000);
