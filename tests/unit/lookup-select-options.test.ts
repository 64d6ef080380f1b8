import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LOOKUP_OPTIONS } from '../../src/app/widgets/LookupSelectWidget';

const FLOWS = join(import.meta.dirname, '../../src/flows');

/** Every `dataset` a lookupSelect of a flow file names, as "file: dataset". */
function lookupSelectDatasets(): string[] {
  const found: string[] = [];
  const walk = (file: string, node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const ui = node as { 'ui:widget'?: unknown; 'ui:options'?: { dataset?: unknown } };
    if (ui['ui:widget'] === 'lookupSelect') found.push(`${file}: ${String(ui['ui:options']?.dataset)}`);
    for (const child of Object.values(node)) walk(file, child);
  };
  for (const file of readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json')))
    walk(file, JSON.parse(readFileSync(join(FLOWS, file), 'utf8')));
  return found;
}

// A dataset the widget does not know offers no choice: the select said "Loading…" for ever and
// showed the field's default as its code ("IDL" for Return into inventory org).
it('knows the lookup of every lookupSelect the flow files name', () => {
  const named = lookupSelectDatasets();
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((n) => !((n.split(': ')[1] as string) in LOOKUP_OPTIONS))).toEqual([]);
});
