import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/engine/core/load';
import { checkFlows } from '../../src/engine/node/flows-check';

const broken = (name: string) => join(import.meta.dirname, '../fixtures/broken-flows', name);

describe('flows:check', () => {
  it('passes the real flows and finds the generated types up to date', async () => {
    const result = await checkFlows();
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.flowCount).toBeGreaterThanOrEqual(3);
    expect(result.typesStale).toBe(false);
  });

  it.each([
    ['missing-submit', '$', /required property 'submit'/, /flow-file\.schema\.json/],
    ['bad-ref', '$.steps[0].schema.$ref', /no-such\.schema\.json.*does not exist/, /existing file/],
    ['unknown-rule', '$.steps[0].rules[5]', /no rule has the id pool\.no-such-rule/, /src\/rules/],
    [
      'rule-reads-missing-field',
      '$.steps[0].rules[4]',
      /contact\.email-list reads "Contact\.EmailAddresses"/,
      /field the step's schema defines/,
    ],
    [
      'unknown-widget',
      '$.steps[0].uiSchema.AvailableUnits.ui:field',
      /no widget is registered as "availableUnitz"/,
      /availableUnits/,
    ],
    ['unreachable-step', '$.steps[1]', /step review can never be reached/, /remove it/],
  ])('names the file, path and fix for %s', async (name, path, message, fix) => {
    const { problems } = await checkFlows([broken(name)]);
    expect(problems.length).toBeGreaterThan(0);
    const problem = problems.find((p) => p.path === path);
    expect(problem, problems.map(formatProblem).join('\n')).toBeDefined();
    expect(problem?.file).toBe(`${name}.flow.json`);
    expect(problem?.message).toMatch(message);
    expect(problem?.fix).toMatch(fix);
  });
});
