/**
 * The flow catalog in the browser: files and precompiled validators from the build
 * (vite-plugin-flows), loaded without re-checking the files (the build did) and validated with
 * the precompiled functions only (no eval; the page runs under a CSP without 'unsafe-eval').
 */
import { sources, validators } from 'virtual:flows';
import { loadFlowCatalogOrThrow } from '../../engine/core/load';
import { type PrecompiledFunctions, precompiledSchemaValidator } from '../../engine/core/precompiled';
import { ruleEngine } from '../../rules/rule-engine';

export const flowCatalog = loadFlowCatalogOrThrow(sources, { ruleEngine });
export const precompiled: PrecompiledFunctions = validators;
export const schemaValidator = precompiledSchemaValidator(validators);

export function flowById(id: string) {
  const flow = flowCatalog.flows.find((f) => f.id === id);
  if (!flow) throw new Error(`No flow ${id} in the catalog`);
  return flow;
}
