/**
 * Issue 32: the analyst's catalogue says what the files say — a fixture flow's fields (label, type,
 * required, lookup or choices), rules (message, when in words, examples) and limits with the
 * rules that read them; a field added to the schema appears on the page `npm run flows:docs` writes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFlow } from '../../src/engine/core/flow-doc';
import { loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import { defaultSourceDirs, readFlowSources, SRC_DIR, validateFlowFile } from '../../src/engine/node/sources';
import limits from '../../src/rules/limits.json' with { type: 'json' };
import { ruleEngine } from '../../src/rules/rule-engine';

const FIXTURES = join(import.meta.dirname, '../fixtures/flows-catalogue');
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function docOf(flowDir: string) {
  const catalog = loadFlowCatalogOrThrow(readFlowSources(defaultSourceDirs([flowDir])), {
    ruleEngine,
    validateFile: validateFlowFile,
  });
  const flow = catalog.flows.find((f) => f.id === 'yard-inspection');
  if (!flow) throw new Error('fixture flow not loaded');
  return describeFlow(flow, catalog);
}

describe('the flow catalogue', () => {
  it('lists the fixture flow’s steps, fields, rules and limits as its files say', () => {
    const doc = docOf(FIXTURES);
    expect(doc.steps.map((s) => s.title)).toEqual([
      'Request Inspection',
      'Review Inspection',
      'Confirm Inspection',
    ]);
    const fields = doc.steps[0]?.fields ?? [];
    expect(fields.map((f) => [f.label, f.type, f.required, f.allowed])).toEqual([
      ['Inspection', 'section', true, undefined],
      ['Inspection › Yard', 'integer', true, 'from the lookup locations'],
      ['Inspection › Inspection kind', 'string', false, '"Annual", "Damage"'],
      ['Chassis to inspect', 'section', false, undefined],
      ['Chassis to inspect › Chassis IDs', 'list of string', false, undefined],
      ['Contact', 'section', true, undefined],
      ['Contact › Contact name', 'string', true, undefined],
      ['Contact › Email addresses', 'string', true, undefined],
    ]);
    const [maxChassis, email] = doc.steps[0]?.rules ?? [];
    expect(maxChassis).toMatchObject({
      id: 'pool-redelivery.max-chassis',
      field: 'Chassis to inspect › Chassis IDs',
      when: 'the number of Chassis to inspect › Chassis IDs is more than the limit poolRedeliveryChassisMax',
      limits: ['poolRedeliveryChassisMax'],
    });
    expect(maxChassis?.examples.fires[0]?.title).toBe('1001 chassis, one over the limit');
    expect(email).toMatchObject({
      message: 'Invalid email address: {bad}',
      when: 'Contact › Email addresses is not a list of valid email addresses',
    });
    expect(doc.limits).toEqual([
      {
        name: 'poolRedeliveryChassisMax',
        value: limits.poolRedeliveryChassisMax,
        rules: ['pool-redelivery.max-chassis'],
      },
    ]);
  });

  it('npm run flows:docs writes the page from the files alone: a field added to the schema appears', () => {
    const flows = mkdtempSync(join(tmpdir(), 'flows-'));
    const out = mkdtempSync(join(tmpdir(), 'docs-'));
    temp.push(flows, out);
    cpSync(FIXTURES, flows, { recursive: true });
    const file = join(flows, 'yard-inspection.flow.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.steps[0].schema.properties.Inspection.properties.Notes = {
      type: 'string',
      title: 'Inspector’s notes',
    };
    writeFileSync(file, JSON.stringify(json));
    expect(docOf(flows).steps[0]?.fields.map((f) => f.label)).toContain('Inspection › Inspector’s notes');
    const run = spawnSync('npx', ['tsx', 'scripts/flows-docs.ts', '--flows', flows, '--out', out], {
      cwd: join(SRC_DIR, '..'),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const page = readFileSync(join(out, 'yard-inspection.md'), 'utf8');
    expect(page).toContain('| Inspection › Inspector’s notes | string | no |  | Inspection.Notes |');
    expect(page).toContain(
      '| Inspection › Yard | integer | yes | from the lookup locations | Inspection.LocationId |',
    );
    expect(page).toContain('#### pool-redelivery.max-chassis');
    expect(page).toContain(
      `| poolRedeliveryChassisMax | ${limits.poolRedeliveryChassisMax} | pool-redelivery.max-chassis |`,
    );
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('[Yard Inspection](yard-inspection.md)');
  });
});
