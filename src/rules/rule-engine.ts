/**
 * The product's rule engine: the generic engine (src/engine/core/rules.ts) with our custom
 * operators. Everything that loads flow and rule files — the server, the browser catalog, the
 * build plugin, `npm run flows:check` and the tests — loads them with this one.
 */
import { createRuleEngine } from '../engine/core/rules';
import { customOperators } from './operators';

export const ruleEngine = createRuleEngine({ operators: customOperators });
