/**
 * The flow catalog in the browser: files and precompiled validators from the build
 * (vite-plugin-flows), loaded without re-checking the files (the build did) and validated with
 * the precompiled functions only (no eval; the page runs under a CSP without 'unsafe-eval').
 *
 * In development a changed flow, schema, rule or limit file arrives as a new `virtual:flows`
 * (issue 32): the bindings below are replaced and the open flow pages are told, so an open form
 * takes the new rules without a reload.
 */
import { sources, validators } from 'virtual:flows';
import { type FlowCatalog, loadFlowCatalogOrThrow } from '../../engine/core/load';
import { type PrecompiledFunctions, precompiledSchemaValidator } from '../../engine/core/precompiled';
import { ruleEngine } from '../../rules/rule-engine';

export let flowCatalog: FlowCatalog = loadFlowCatalogOrThrow(sources, { ruleEngine });
export let flowSources = sources;
export let precompiled: PrecompiledFunctions = validators;
export let schemaValidator = precompiledSchemaValidator(validators);

const listeners = new Set<() => void>();

/** Called after the catalog was replaced (development only); returns the unsubscribe. */
export function onCatalogChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) {
  import.meta.hot.accept('virtual:flows', (next) => {
    if (!next) return;
    try {
      flowCatalog = loadFlowCatalogOrThrow(next.sources, { ruleEngine });
    } catch (e) {
      console.error(e);
      return;
    }
    flowSources = next.sources;
    precompiled = next.validators;
    schemaValidator = precompiledSchemaValidator(next.validators);
    for (const listener of listeners) listener();
  });
}

export function flowById(id: string) {
  const flow = flowCatalog.flows.find((f) => f.id === id);
  if (!flow) throw new Error(`No flow ${id} in the catalog`);
  return flow;
}
