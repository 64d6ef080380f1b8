/**
 * The product's parts the flow engine's tools are handed (issue 26 part 4: `src/engine` imports
 * nothing of the product): the rule engine with our operators, the names of our widgets and
 * confirm views, the order document `edit.load` reads, and where `npm run flows:types` writes the
 * flow data types. `scripts/flows-check.ts`, `scripts/flows-docs.ts` and the tests that run
 * `checkFlows` use this one list.
 */
import { resolve } from 'node:path';
import type { FlowCheckParts } from '../src/engine/node/flows-check';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from '../src/flows/ui-names';
import { ruleEngine } from '../src/rules/rule-engine';
import { orderDocumentSchema } from '../src/schemas/booking-order';

const ROOT = resolve(import.meta.dirname, '..');

export const productFlowParts = {
  ruleEngine,
  widgetNames: WIDGET_NAMES,
  confirmViewNames: CONFIRM_VIEW_NAMES,
  orderDocumentSchema: orderDocumentSchema as unknown as NonNullable<FlowCheckParts['orderDocumentSchema']>,
  typesFile: resolve(ROOT, 'src', 'flows', 'flow-data.generated.ts'),
} satisfies FlowCheckParts;

/** Where `npm run flows:docs` writes the flow catalogue unless told `--out` (git ignores it). */
export const FLOW_DOCS_DIR = resolve(ROOT, 'docs', 'flows');
