import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LOOKUP_OPTIONS } from '../../src/app/widgets/LookupSelectWidget';

const FLOWS = join(import.meta.dirname, '../../src/flows');

/** Every lookupSelect of a flow file, with the `dataset` it names. */
function lookupSelects(): { file: string; dataset: unknown }[] {
  const found: { file: string; dataset: unknown }[] = [];
  const walk = (file: string, node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const ui = node as { 'ui:widget'?: unknown; 'ui:options'?: { dataset?: unknown } };
    if (ui['ui:widget'] === 'lookupSelect') found.push({ file, dataset: ui['ui:options']?.dataset });
    for (const child of Object.values(node)) walk(file, child);
  };
  for (const file of readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json')))
    walk(file, JSON.parse(readFileSync(join(FLOWS, file), 'utf8')));
  return found;
}

// A dataset the widget does not know offers no choice: the select said "Loading…" for ever and
// showed the field's default as its code ("IDL" for Return into inventory org).
it('knows the lookup of every lookupSelect the flow files name', () => {
  const selects = lookupSelects();
  expect(selects.length).toBeGreaterThan(10);
  expect(selects.filter((s) => !(String(s.dataset) in LOOKUP_OPTIONS))).toEqual([]);
});
