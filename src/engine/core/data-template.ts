/**
 * The template language of flow files (docs/flows.md): `edit.load` maps an order document to flow
 * data (dashboard Edit and Load Booking), a step action's `send` maps the flow data to a request
 * body. One language for both, so an order is opened and an action is fed without flow code.
 *
 * - a string leaf is a dotted path into the source (`Bookings.0.EquipmentSize`); '' is the source
 *   itself; `$order.<path>` reads the order being edited and is left out when there is none;
 * - `{ "$each": "<path to array>", ...template }` maps each element (paths inside are relative to it);
 * - `{ "$value": x }` is the literal x;
 * - `{ "$edit": template }` applies only in edit mode (Load Booking leaves it out);
 * - a leaf whose path resolves to undefined or null is left out.
 */
import type { DataTemplate } from './types';

export interface TemplateContext {
  /** Edit mode: `$edit` parts apply. */
  edit: boolean;
  /** What `$order.` paths read (the order being edited: BookingOrderId, Version); none → left out. */
  order?: Readonly<Record<string, unknown>> | null;
}

export const ORDER_PREFIX = '$order.';
/** The fields `$order.` may read: which order is being edited, and the version the user opened. */
export const ORDER_FIELDS: readonly string[] = ['BookingOrderId', 'Version'];
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads a dotted path through own properties only (a path never reaches a prototype). */
export function readPath(source: unknown, path: string): unknown {
  if (path === '') return source;
  let value = source;
  for (const key of path.split('.')) {
    if (
      value === null ||
      typeof value !== 'object' ||
      FORBIDDEN_SEGMENTS.has(key) ||
      !Object.hasOwn(value, key)
    )
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The template applied to `source`; undefined when the whole of it is left out. */
export function applyTemplate(
  template: DataTemplate | unknown,
  source: unknown,
  context: TemplateContext,
): unknown {
  if (typeof template === 'string') {
    const value = template.startsWith(ORDER_PREFIX)
      ? context.order
        ? readPath(context.order, template.slice(ORDER_PREFIX.length))
        : undefined
      : readPath(source, template);
    return value === null ? undefined : value;
  }
  if (!isRecord(template)) return undefined; // flows:check refuses any other leaf
  if ('$value' in template) return template.$value;
  if ('$edit' in template) return context.edit ? applyTemplate(template.$edit, source, context) : undefined;
  if ('$each' in template) {
    const { $each, ...item } = template;
    const list = typeof $each === 'string' ? applyTemplate($each, source, context) : undefined;
    if (!Array.isArray(list)) return undefined;
    return list.map((element) => applyObject(item, element, context));
  }
  return applyObject(template, source, context);
}

/** An object template: every key whose value is not left out. */
export function applyObject(
  template: Readonly<Record<string, unknown>>,
  source: unknown,
  context: TemplateContext,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(template)) {
    const value = applyTemplate(part, source, context);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** One leaf of a template: where it writes and what it reads (`*` stands for any array element). */
export interface TemplateLeaf {
  /** JSON path of the leaf inside the template, e.g. $.edit.load.Orders.ToLocationId */
  at: string;
  /** Dotted path it writes in the result. */
  target: string;
  /** Dotted path it reads in the source ($order.… for the edited order); null for a $value. */
  source: string | null;
}

export interface TemplateProblem {
  at: string;
  message: string;
  fix: string;
}

const join = (a: string, b: string) => (a === '' ? b : b === '' ? a : `${a}.${b}`);

/**
 * Every leaf of a template with what it reads and writes (for flows:check), and the problems of
 * its shape: literals not wrapped in $value, a $each that is not a path, unsafe or malformed paths.
 */
export function templateLeaves(
  template: Readonly<Record<string, unknown>>,
  at: string,
): { leaves: TemplateLeaf[]; problems: TemplateProblem[] } {
  const leaves: TemplateLeaf[] = [];
  const problems: TemplateProblem[] = [];
  const checkPath = (path: string, where: string) => {
    const plain = path.startsWith(ORDER_PREFIX) ? path.slice(ORDER_PREFIX.length) : path;
    if (plain === '' && path === '') return true;
    const segments = plain.split('.');
    if (segments.some((s) => s === '' || FORBIDDEN_SEGMENTS.has(s))) {
      problems.push({
        at: where,
        message: `"${path}" is not a usable dotted path`,
        fix: 'write a path such as Header.EquipmentSize (no empty parts, no __proto__, constructor or prototype)',
      });
      return false;
    }
    if (path.startsWith(ORDER_PREFIX) && !ORDER_FIELDS.includes(plain)) {
      problems.push({
        at: where,
        message: `"${path}" is not a field of the edited order`,
        fix: `use one of ${ORDER_FIELDS.map((f) => ORDER_PREFIX + f).join(', ')}`,
      });
      return false;
    }
    return true;
  };
  const walk = (node: unknown, where: string, target: string, scope: string) => {
    if (typeof node === 'string') {
      if (checkPath(node, where))
        leaves.push({ at: where, target, source: node.startsWith(ORDER_PREFIX) ? node : join(scope, node) });
      return;
    }
    if (!isRecord(node)) {
      problems.push({
        at: where,
        message: `${JSON.stringify(node)} is neither a path nor a template`,
        fix: `write a dotted path, or { "$value": ${JSON.stringify(node)} } for a literal`,
      });
      return;
    }
    if ('$value' in node || '$edit' in node) {
      const key = '$value' in node ? '$value' : '$edit';
      if (Object.keys(node).length !== 1) {
        problems.push({
          at: where,
          message: `${key} stands alone in its object`,
          fix: `move the other keys out of the { "${key}": … } object`,
        });
        return;
      }
      if (key === '$value') leaves.push({ at: where, target, source: null });
      else walk(node.$edit, `${where}.$edit`, target, scope);
      return;
    }
    if ('$each' in node) {
      const { $each, ...item } = node;
      if (typeof $each !== 'string' || $each.startsWith(ORDER_PREFIX)) {
        problems.push({
          at: `${where}.$each`,
          message: '$each names the array to map, as a dotted path into the source',
          fix: 'write "$each": "<path to an array>", e.g. "Bookings"',
        });
        return;
      }
      if (!checkPath($each, `${where}.$each`)) return;
      const elements = `${join(scope, $each)}.*`;
      for (const [key, part] of Object.entries(item))
        walk(part, `${where}.${key}`, `${target}.*.${key}`, elements);
      return;
    }
    for (const [key, part] of Object.entries(node)) walk(part, `${where}.${key}`, join(target, key), scope);
  };
  for (const [key, part] of Object.entries(template)) {
    if (key.startsWith('$')) {
      problems.push({
        at: `${at}.${key}`,
        message: `${key} cannot stand at the top of the template`,
        fix: 'the top level names the fields it fills; put $each, $value and $edit under one of them',
      });
      continue;
    }
    walk(part, `${at}.${key}`, key, '');
  }
  return { leaves, problems };
}
