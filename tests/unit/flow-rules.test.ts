import { describe, expect, it } from 'vitest';
import { createRuleEngine, evaluateRules, RuleProblem } from '../../src/engine/core/rules';
import type { RuleDefinition } from '../../src/engine/core/types';
import { customOperators, duplicateChassisIds, isEmailList } from '../../src/rules/operators';
import { ruleEngine } from '../../src/rules/rule-engine';

const compileRule = ruleEngine.compileRule;

const limits = { reuseChassisMax: 3, maxUnitsPerLocation: 10 };
const rule = (over: Partial<RuleDefinition>): RuleDefinition => ({
  id: 'test.rule',
  kind: 'error',
  field: 'List',
  message: 'problem',
  when: true,
  ...over,
});

describe('custom operators', () => {
  it.each([
    ['a@b.com', true],
    ['a@b.com; c.d@e.org', true],
    ['a@b.com;', true],
    [' a@b.com ;  c@d.io ', true],
    ['', false],
    [';', false],
    ['a@b', false],
    ['a@b.com, c@d.com', false],
    ['a b@c.com', false],
    ['a@b.com;bad', false],
  ])('emailList(%j) is %s', (value, valid) => {
    expect(isEmailList(value)).toBe(valid);
  });

  it.each([
    ['PLCZ123456', true],
    ['plcz-123456', true],
    ['PLCZ--123456', false],
    ['PLC1234567', false],
    ['PLCZ12345', false],
    ['PLCZ1234567', false],
    [42, false],
  ])('chassisId(%j) is %s', (value, valid) => {
    expect(customOperators.chassisId?.(value)).toBe(valid);
  });

  it('names each duplicate once, comparing normalised IDs', () => {
    expect(
      duplicateChassisIds(['PLCZ123456', 'plcz-123456', 'PLCZ123456', 'PLCU000001', 'bad', 'bad']),
    ).toEqual(['PLCZ123456']);
  });
});

describe('rule evaluation', () => {
  it('fires per element with $item and $index, and fills limits and params into the message', () => {
    const compiled = [
      compileRule(
        rule({
          id: 'test.format',
          forEach: 'List',
          message: '#{$index} {$item} is not a chassis ID',
          when: { '!': { chassisId: { var: '$item' } } },
        }),
        limits,
      ),
      compileRule(
        rule({
          id: 'test.max',
          message: 'At most {reuseChassisMax}; you have {n}',
          when: { '>': [{ count: { var: 'List' } }, { limit: 'reuseChassisMax' }] },
          params: { n: { count: { var: 'List' } } },
        }),
        limits,
      ),
    ];
    const verdicts = evaluateRules(compiled, { List: ['PLCZ123456', 'nope', 'ABCD-000001', 'x'] }, limits);
    expect(verdicts).toEqual([
      { ruleId: 'test.format', kind: 'error', field: 'List.1', message: '#1 nope is not a chassis ID' },
      { ruleId: 'test.format', kind: 'error', field: 'List.3', message: '#3 x is not a chassis ID' },
      { ruleId: 'test.max', kind: 'error', field: 'List', message: 'At most 3; you have 4' },
    ]);
    expect(evaluateRules(compiled, { List: ['PLCZ123456'] }, limits)).toEqual([]);
  });

  it('reads limits when the rule is loaded, so changing limits.json changes the verdict', () => {
    const when = { '>': [{ count: { var: 'List' } }, { limit: 'reuseChassisMax' }] };
    const data = { List: ['a', 'b', 'c', 'd'] };
    expect(evaluateRules([compileRule(rule({ when }), limits)], data, limits)).toHaveLength(1);
    const raised = { ...limits, reuseChassisMax: 5 };
    expect(evaluateRules([compileRule(rule({ when }), raised)], data, raised)).toHaveLength(0);
  });
});

describe('unsafe or broken rules are refused when loaded', () => {
  it.each([
    ['a method call', { method: [{ var: 'List' }, 'push', [1]] }, /operator "method" is not allowed/],
    ['a prototype walk through an operator name', { 'constructor.constructor': ['return 1'] }, /not allowed/],
    ['__proto__ in a var path', { var: 'List.__proto__.polluted' }, /may not name __proto__/],
    [
      'constructor in a var path',
      { '==': [{ var: ['constructor.name'] }, 'Object'] },
      /may not name __proto__, constructor/,
    ],
    ['an unknown operator', { eval: 'process.exit()' }, /operator "eval" is not allowed/],
    ['an object with two operators', { '==': [1, 1], '!=': [1, 2] }, /exactly one operator/],
    ['an unknown limit', { '>': [1, { limit: 'noSuchLimit' }] }, /unknown limit "noSuchLimit".*limits\.json/],
    ['log (writes to the console)', { log: 'x' }, /operator "log" is not allowed/],
  ])('refuses %s', (_name, when, message) => {
    expect(() => compileRule(rule({ when }), limits)).toThrow(RuleProblem);
    expect(() => compileRule(rule({ when }), limits)).toThrow(message);
  });

  it('refuses a message placeholder that is neither a param, a limit nor $item', () => {
    expect(() => compileRule(rule({ message: 'Hello {who}' }), limits)).toThrow(/placeholder \{who\}/);
  });

  it('never pollutes Object.prototype, whatever the data holds', () => {
    const compiled = compileRule(
      rule({ when: { some: [{ var: 'List' }, { '==': [{ var: '' }, 'x'] }] } }),
      limits,
    );
    evaluateRules([compiled], JSON.parse('{"List": ["x"], "__proto__": {"polluted": true}}'), limits);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('createRuleEngine', () => {
  it('allows exactly the operators the product hands it', () => {
    const plain = createRuleEngine({ operators: {} });
    const when = { chassisId: { var: 'List.0' } };
    expect(() => plain.compileRule(rule({ when }), limits)).toThrow(/operator "chassisId" is not allowed/);
    expect(ruleEngine.compileRule(rule({ when }), limits).compiledWhen).toEqual(when);
    expect(ruleEngine.operators.has('duplicateValues')).toBe(true);
  });

  it('refuses a custom operator that would replace a standard one or another engine’s', () => {
    expect(() => createRuleEngine({ operators: { '==': () => true } })).toThrow(/replace a standard one/);
    expect(() => createRuleEngine({ operators: { chassisId: () => true } })).toThrow(
      /different operator chassisId/,
    );
    // The same implementation again is the same operator: a second engine of the product is fine.
    expect(createRuleEngine({ operators: customOperators }).operators.has('chassisId')).toBe(true);
  });
});
