/**
 * Rule evaluation: json-logic with a whitelist. A rule file may use only the standard operators
 * below and the custom ones the product hands to createRuleEngine (src/rules/rule-engine.ts);
 * `var` paths may not name __proto__, constructor or prototype. Anything else is refused when the
 * file is loaded, so a rule can never reach a method call or an object's prototype.
 */
import jsonLogic from 'json-logic-js';
import type { JsonLogic, RuleDefinition, RuleVerdict } from './types';

const STANDARD_OPERATORS = [
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
] as const;
/** Operators whose second argument runs once per element of the first (vars there are the element's). */
export const ARRAY_OPERATORS = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);
/** Written as { "limit": "name" } and replaced by the number from limits.json when a rule is loaded. */
const LIMIT_OPERATOR = 'limit';
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

export type Limits = Readonly<Record<string, number>>;

/** A custom operator: json-logic passes it the evaluated arguments. */
export type Operator = (...args: unknown[]) => unknown;

/** The rule engine of one product: the operators its rule files may use, and the compiler that enforces them. */
export interface RuleEngine {
  /** Standard, custom and `limit`: everything a rule may name. */
  readonly operators: ReadonlySet<string>;
  /** Checks a rule (operators, paths, placeholders) and binds its limits; throws RuleProblem. */
  compileRule(rule: RuleDefinition, limits: Limits): CompiledRule;
}

/**
 * json-logic keeps one operator table per process, so a custom operator is registered there once;
 * a second engine may name it again only with the same implementation.
 */
const registered = new Map<string, Operator>();

export function createRuleEngine({
  operators,
}: {
  operators: Readonly<Record<string, Operator>>;
}): RuleEngine {
  for (const [name, fn] of Object.entries(operators)) {
    if ((STANDARD_OPERATORS as readonly string[]).includes(name) || name === LIMIT_OPERATOR)
      throw new Error(`custom operator ${name} would replace a standard one`);
    const known = registered.get(name);
    if (known && known !== fn) throw new Error(`another rule engine registered a different operator ${name}`);
    if (!known) jsonLogic.add_operation(name, fn);
    registered.set(name, fn);
  }
  const allowed: ReadonlySet<string> = new Set([
    ...STANDARD_OPERATORS,
    ...Object.keys(operators),
    LIMIT_OPERATOR,
  ]);
  return { operators: allowed, compileRule: (rule, limits) => compileRule(rule, limits, allowed) };
}

/** A rule that cannot run, with where it is and what to do about it. */
export class RuleProblem extends Error {
  constructor(
    readonly ruleId: string,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** The var paths a piece of logic reads; inside array operators, paths are prefixed with `<array>.*`. */
export function readPaths(logic: JsonLogic, scope = ''): string[] {
  if (Array.isArray(logic)) return logic.flatMap((item) => readPaths(item, scope));
  if (logic === null || typeof logic !== 'object') return [];
  const [op, args] = Object.entries(logic)[0] ?? [];
  if (op === undefined) return [];
  if (op === 'var') {
    const path = Array.isArray(args) ? args[0] : args;
    if (path === '' || path === undefined || path === null)
      return scope ? [scope.replace(/\.\*$/, '.*')] : [];
    return [scope ? `${scope}.${path}` : String(path)];
  }
  const list = Array.isArray(args) ? args : [args];
  if (ARRAY_OPERATORS.has(op) && list.length >= 2) {
    const source = readPaths(list[0], scope);
    const inner = op === 'reduce' ? [] : readPaths(list[1], source[0] ? `${source[0]}.*` : scope);
    return [...source, ...inner, ...list.slice(2).flatMap((a) => readPaths(a, scope))];
  }
  return list.flatMap((a) => readPaths(a, scope));
}

/** Checks the operators and var paths of a piece of logic, and replaces { limit: name } by its value. */
function compileLogic(
  logic: JsonLogic,
  limits: Limits,
  ruleId: string,
  path: string,
  allowed: ReadonlySet<string>,
): JsonLogic {
  if (Array.isArray(logic))
    return logic.map((item, i) => compileLogic(item, limits, ruleId, `${path}[${i}]`, allowed));
  if (logic === null || typeof logic !== 'object') return logic;
  const entries = Object.entries(logic);
  if (entries.length !== 1) {
    throw new RuleProblem(ruleId, path, 'an operation is an object with exactly one operator as its key');
  }
  const [op, args] = entries[0] as [string, unknown];
  if (!allowed.has(op)) {
    throw new RuleProblem(
      ruleId,
      `${path}.${op}`,
      `operator "${op}" is not allowed; use one of: ${[...allowed].join(', ')}`,
    );
  }
  if (op === LIMIT_OPERATOR) {
    if (typeof args !== 'string' || !(args in limits)) {
      throw new RuleProblem(
        ruleId,
        `${path}.limit`,
        `unknown limit ${JSON.stringify(args)}; add it to src/rules/limits.json`,
      );
    }
    return limits[args];
  }
  if (op === 'var') {
    const varPath = Array.isArray(args) ? args[0] : args;
    const segments = String(varPath ?? '').split('.');
    if (segments.some((s) => FORBIDDEN_SEGMENTS.has(s))) {
      throw new RuleProblem(
        ruleId,
        `${path}.var`,
        `the path ${JSON.stringify(varPath)} may not name __proto__, constructor or prototype`,
      );
    }
  }
  return { [op]: compileLogic(args, limits, ruleId, `${path}.${op}`, allowed) };
}

export interface CompiledRule extends RuleDefinition {
  compiledWhen: JsonLogic;
  compiledParams: Record<string, JsonLogic>;
}

function compileRule(rule: RuleDefinition, limits: Limits, allowed: ReadonlySet<string>): CompiledRule {
  const compiledParams: Record<string, JsonLogic> = {};
  for (const [name, logic] of Object.entries(rule.params ?? {})) {
    compiledParams[name] = compileLogic(logic, limits, rule.id, `params.${name}`, allowed);
  }
  for (const name of placeholders(rule.message)) {
    if (!(name in compiledParams) && !(name in limits) && name !== '$item' && name !== '$index') {
      throw new RuleProblem(
        rule.id,
        'message',
        `the placeholder {${name}} is neither a param, a limit, $item nor $index`,
      );
    }
  }
  return { ...rule, compiledWhen: compileLogic(rule.when, limits, rule.id, 'when', allowed), compiledParams };
}

export const placeholders = (message: string): string[] =>
  [...message.matchAll(/\{([$\w]+)\}/g)].map((m) => m[1] as string);

const getPath = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      data,
    );

function format(rule: CompiledRule, data: Record<string, unknown>, limits: Limits): string {
  return rule.message.replace(/\{([$\w]+)\}/g, (_, name: string) => {
    if (name in rule.compiledParams) return String(jsonLogic.apply(rule.compiledParams[name] as never, data));
    if (name === '$item' || name === '$index') return String(data[name]);
    return String(limits[name]);
  });
}

/** Every verdict of these rules for the data: one per firing rule, per element for forEach rules. */
export function evaluateRules(rules: readonly CompiledRule[], data: unknown, limits: Limits): RuleVerdict[] {
  const root = (data !== null && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const verdicts: RuleVerdict[] = [];
  for (const rule of rules) {
    const scopes = rule.forEach
      ? (Array.isArray(getPath(root, rule.forEach)) ? (getPath(root, rule.forEach) as unknown[]) : []).map(
          (item, index) => ({
            data: { ...root, $item: item, $index: index },
            field: `${rule.field}.${index}`,
          }),
        )
      : [{ data: root, field: rule.field }];
    for (const scope of scopes) {
      if (!truthy(jsonLogic.apply(rule.compiledWhen as never, scope.data))) continue;
      verdicts.push({
        ruleId: rule.id,
        kind: rule.kind,
        field: scope.field,
        message: format(rule, scope.data, limits),
      });
    }
  }
  return verdicts;
}

const truthy = (value: unknown): boolean => jsonLogic.truthy(value);
