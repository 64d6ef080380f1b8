/**
 * json-logic in words, for the analyst's catalogue: `{ ">": [{ "count": { "var": "Chassis.ChassisIds" } },
 * { "limit": "poolRedeliveryChassisMax" }] }` reads "the number of Chassis IDs is more than the limit
 * poolRedeliveryChassisMax". What has no wording here (a custom operator's own arguments) is named
 * by the operator, so every rule gets a sentence, if a plain one.
 */
import type { JsonLogic } from './types';

/** A dotted data path → the label a user sees (the schema's titles). */
export type FieldLabels = (path: string) => string;

const COMPARE: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
  '>': 'is more than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
};
const ARITHMETIC: Record<string, string> = {
  '+': 'plus',
  '-': 'minus',
  '*': 'times',
  '/': 'divided by',
  '%': 'modulo',
};
/** Custom operators of one argument, as a phrase around it. */
const OF: Record<string, (x: string) => string> = {
  count: (x) => `the number of ${x}`,
  requestedUnits: (x) => `the units requested in ${x}`,
  requestedLocations: (x) => `the locations requested in ${x}`,
  unitsRequested: (x) => `the units requested at ${x}`,
  duplicateChassisIds: (x) => `the chassis listed more than once in ${x}`,
  invalidEmails: (x) => `the invalid addresses in ${x}`,
  excessAt: (x) => `the locations of ${x} asking for more than available`,
  requestedAt: (x) => `where units are requested in ${x}`,
};
/** Custom predicates of one argument. */
const IS: Record<string, [string, string]> = {
  chassisId: ['is a valid chassis ID', 'is not a valid chassis ID'],
  emailList: ['is a list of valid email addresses', 'is not a list of valid email addresses'],
};

export function describeLogic(logic: JsonLogic, labels: FieldLabels, forEach?: string): string {
  const say = (node: JsonLogic, scope: string | undefined): string => {
    if (node === null) return 'empty';
    if (typeof node === 'string') return `"${node}"`;
    if (typeof node !== 'object') return String(node);
    if (Array.isArray(node)) return node.map((n) => say(n, scope)).join(', ');
    const [op, raw] = Object.entries(node)[0] ?? ['', []];
    const args = Array.isArray(raw) ? (raw as JsonLogic[]) : [raw];
    const a = (i: number, s = scope) => say(args[i], s);
    if (op === 'var') {
      const path = String(args[0] ?? '');
      if (path === '') return scope ? 'the item' : 'the data';
      if (path === '$item') return 'the item';
      if (path.startsWith('$item.'))
        return `its ${labels(`${forEach ?? ''}.${path.slice(6)}`)
          .split(' › ')
          .at(-1)}`;
      if (scope) return `its ${path}`;
      return labels(path);
    }
    if (op === 'limit') return `the limit ${String(args[0])}`;
    if (op in COMPARE) return `${a(0)} ${COMPARE[op]} ${a(1)}`;
    if (op in ARITHMETIC) return args.map((_, i) => a(i)).join(` ${ARITHMETIC[op]} `);
    if (op === '!') return negate(args[0], scope);
    if (op === '!!') return `${a(0)} is set`;
    if (op === 'and') return args.map((_, i) => a(i)).join(', and ');
    if (op === 'or') return `either ${args.map((_, i) => a(i)).join(', or ')}`;
    if (op === 'if' || op === '?:') return `if ${a(0)} then ${a(1)}${args.length > 2 ? ` else ${a(2)}` : ''}`;
    if (op === 'some') return `some item of ${a(0)} has: ${a(1, 'item')}`;
    if (op === 'all') return `every item of ${a(0)} has: ${a(1, 'item')}`;
    if (op === 'none') return `no item of ${a(0)} has: ${a(1, 'item')}`;
    if (op === 'filter') return `the items of ${a(0)} where ${a(1, 'item')}`;
    if (op === 'map') return `${a(1, 'item')} for each item of ${a(0)}`;
    if (op === 'reduce') return `the total over ${a(0)}`;
    if (op === 'max' || op === 'min') return `the ${op === 'max' ? 'largest' : 'smallest'} of ${a(0)}`;
    if (op === 'in') return `${a(0)} is in ${a(1)}`;
    if (op === 'cat') return `the text ${args.map((_, i) => a(i)).join(' + ')}`;
    if (op in OF) return (OF[op] as (x: string) => string)(a(0));
    if (op in IS) return `${a(0)} ${(IS[op] as [string, string])[0]}`;
    if (op === 'duplicateValues')
      return `the ${say(args[1], scope).replaceAll('"', '')} values listed more than once in ${a(0)}`;
    if (op === 'join') return a(0);
    return `${op}(${args.map((_, i) => a(i)).join(', ')})`;
  };
  const negate = (node: JsonLogic, scope: string | undefined): string => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      const [op, raw] = Object.entries(node)[0] ?? ['', []];
      const args = Array.isArray(raw) ? (raw as JsonLogic[]) : [raw];
      if (op in IS) return `${say(args[0], scope)} ${(IS[op] as [string, string])[1]}`;
      if (op === 'var') return `${say(node, scope)} is not set`;
      if (op === 'some') return `no item of ${say(args[0], scope)} has: ${say(args[1], 'item')}`;
    }
    return `not (${say(node, scope)})`;
  };
  return say(logic, undefined);
}
