/**
 * `npm run flows:docs` (issue 32): the engine's flow catalogue (src/engine/node/flows-docs-cli.ts),
 * one page per flow in docs/flows/, with the product's rule engine. `--out <dir>` writes elsewhere;
 * `--flows <dir>` adds a folder of flow files (a fixture).
 */
import { flowsDocsCli } from '../src/engine/node/flows-docs-cli';
import { FLOW_DOCS_DIR, productFlowParts } from './flow-parts';

flowsDocsCli({ ruleEngine: productFlowParts.ruleEngine, outDir: FLOW_DOCS_DIR });
