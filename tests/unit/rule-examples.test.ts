/**
 * Issue 32: rules carry their own examples and flows:check runs them — a broken example names the
 * rule, the example and what happened; a lowered limit names the limit and the rule; a rule
 * without examples is a warning, an error with --require-examples.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { productFlowParts } from '../../scripts/flow-parts';
import { expandExampleData } from '../../src/engine/core/rule-examples';
import type { RulesFile } from '../../src/engine/core/types';
import { checkFlows } from '../../src/engine/node/flows-check';
import { SRC_DIR } from '../../src/engine/node/sources';

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of src/rules with one file changed. */
function rulesCopy(file: string, change: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  copies.push(dir);
  cpSync(join(SRC_DIR, 'rules'), dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  return dir;
}

const rule = (json: Record<string, unknown>, id: string) => {
  const found = (json as unknown as RulesFile).rules.find((r) => r.id === id);
  if (!found?.examples) throw new Error(`no examples on ${id}`);
  return found as Required<typeof found>;
};

describe('rule examples in flows:check', () => {
  it('passes every example of the real rules, and every rule has an example of each kind', async () => {
    const result = await checkFlows(productFlowParts, undefined, { requireExamples: true });
    expect(result.problems).toEqual([]);
  });

  it('fails on a copy with a broken example, naming the rule, the example and what happened', async () => {
    const dir = rulesCopy('pool-redelivery.rules.json', (json) => {
      const dup = rule(json, 'pool-redelivery.no-duplicates');
      const [first] = dup.examples.fires ?? [];
      if (!first) throw new Error('no firing example');
      dup.examples.fires = [{ ...first, message: 'Each chassis once, please.' }];
      rule(json, 'pool-redelivery.chassis-id-format').examples.doesNotFire = [
        { title: 'a chassis ID without its digits', data: { Chassis: { ChassisIds: ['PLCZ'] } } },
      ];
    });
    const { problems } = await checkFlows(productFlowParts, [join(SRC_DIR, 'flows')], { rulesDir: dir });
    expect(problems.map((p) => [p.file, p.path, p.message])).toEqual([
      [
        'pool-redelivery.rules.json',
        '$.rules[1].examples.doesNotFire[0]',
        'pool-redelivery.chassis-id-format, example "a chassis ID without its digits" (must not fire): it fired: "PLCZ is not a valid chassis ID: use four letters and six digits, with or without a hyphen (e.g. PLCZ123456 or PLCZ-123456).".',
      ],
      [
        'pool-redelivery.rules.json',
        '$.rules[2].examples.fires[0]',
        'pool-redelivery.no-duplicates, example "the same chassis with and without a hyphen" (must fire): it fired with "Each chassis can be listed only once; listed more than once: PLCZ123456.", not the expected "Each chassis once, please.".',
      ],
    ]);
  });

  it('catches a limits.json change that makes an example wrong, naming the limit and the rule', async () => {
    const dir = rulesCopy('limits.json', (json) => {
      json.poolRedeliveryChassisMax = 999;
    });
    const { problems } = await checkFlows(productFlowParts, [join(SRC_DIR, 'flows')], { rulesDir: dir });
    expect(problems.length).toBeGreaterThan(0);
    const atTheLimit = problems.find((p) => p.path === '$.rules[3].examples.doesNotFire[0]');
    expect(atTheLimit?.message).toContain('pool-redelivery.max-chassis, example "1000 chassis, the limit"');
    expect(atTheLimit?.message).toContain('It reads the limit poolRedeliveryChassisMax (999 in limits.json)');
    expect(atTheLimit?.fix).toContain('if poolRedeliveryChassisMax changed on purpose, change this example');
    expect(problems.every((p) => p.message.includes('poolRedeliveryChassisMax'))).toBe(true);
  });

  it('warns about a rule without examples; --require-examples makes it a problem', async () => {
    const dir = rulesCopy('daily-lease.rules.json', (json) => {
      delete (rule(json, 'daily-lease.charges-acknowledged') as { examples?: unknown }).examples;
    });
    const warned = await checkFlows(productFlowParts, [join(SRC_DIR, 'flows')], { rulesDir: dir });
    expect(warned.problems).toEqual([]);
    expect(warned.missingExamples).toEqual([
      {
        ruleId: 'daily-lease.charges-acknowledged',
        file: 'daily-lease.rules.json',
        lacks: ['fires', 'doesNotFire'],
      },
    ]);
    const strict = await checkFlows(productFlowParts, [join(SRC_DIR, 'flows')], {
      rulesDir: dir,
      requireExamples: true,
    });
    expect(strict.problems.map((p) => p.message)).toEqual([
      'daily-lease.charges-acknowledged has no example that fires and none that does not fire',
    ]);
  });

  it('asks a firing example of a message with placeholders to state the message', async () => {
    const dir = rulesCopy('contact.rules.json', (json) => {
      const [first] = rule(json, 'contact.email-list').examples.fires ?? [];
      if (first) delete first.message;
    });
    const { problems } = await checkFlows(productFlowParts, [join(SRC_DIR, 'flows')], { rulesDir: dir });
    expect(problems.map((p) => p.message)).toEqual([
      'contact.email-list, example "one address without a domain among good ones": the message has placeholders but the example states no message',
    ]);
  });

  it('npm run flows:check exits 1 on the broken copy and names the rule', () => {
    const dir = rulesCopy('reuse.rules.json', (json) => {
      rule(json, 'reuse.max-chassis').examples.doesNotFire = [
        { title: '1001 chassis', data: { Chassis: { ChassisIds: { $series: 1001, of: 'PLCZ######' } } } },
      ];
    });
    const run = spawnSync('npx', ['tsx', 'scripts/flows-check.ts', '--rules-dir', dir], {
      cwd: join(SRC_DIR, '..'),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'reuse.rules.json $.rules[3].examples.doesNotFire[0]: reuse.max-chassis, example "1001 chassis" (must not fire): it fired: "At most 1000 chassis can be reused at a time."',
    );
  });

  it('writes long lists as a series', () => {
    expect(
      expandExampleData({ A: { $series: 3, of: 'PLCZ######' }, B: [{ $series: 2, of: { x: 1 } }] }),
    ).toEqual({
      A: ['PLCZ000001', 'PLCZ000002', 'PLCZ000003'],
      B: [[{ x: 1 }, { x: 1 }]],
    });
  });
});
