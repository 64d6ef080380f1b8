/**
 * The analyst's catalogue of a flow (issue 32), from the loaded files alone: its steps, each field
 * (label, type, required, allowed values or the lookup that gives them), each rule (message, when it
 * fires in words, its examples) and each limit with the rules that read it. `npm run flows:docs`
 * writes it as Markdown (flow-doc-markdown.ts); the portal renders the same model.
 */
import type { FlowCatalog, LoadedFlow } from './load';
import { describeLogic, type FieldLabels } from './logic-words';
import { limitsReadBy } from './rule-examples';
import type { CompiledRule } from './rules';
import type { JsonSchema, RuleExample, RuleKind } from './types';

export interface FieldDoc {
  /** Dotted path in the flow data (Redelivery.LocationId); items of a list end in "[]". */
  path: string;
  label: string;
  type: string;
  required: boolean;
  /** The values a user may choose: listed, or "from the lookup <dataset>". */
  allowed?: string;
  description?: string;
}

export interface RuleDoc {
  id: string;
  kind: RuleKind;
  /** The label of the field the message shows at. */
  field: string;
  message: string;
  /** When it fires, in words (json-logic an analyst reads). */
  when: string;
  /** forEach rules: the list it checks item by item. */
  forEach?: string;
  limits: string[];
  examples: { fires: RuleExample[]; doesNotFire: RuleExample[] };
}

export interface StepDoc {
  id: string;
  kind: string;
  title: string;
  fields: FieldDoc[];
  rules: RuleDoc[];
}

export interface LimitDoc {
  name: string;
  value: number;
  /** Ids of this flow's rules that read it. */
  rules: string[];
}

export interface FlowDoc {
  id: string;
  title: string;
  description?: string;
  file: string;
  route: string;
  orderType: string;
  /** "PoolRedelivery: Create", one per permission pair (any one grants the flow). */
  permissions: string[];
  steps: StepDoc[];
  /** submit.summary's rules: the lines of the submit confirmation. */
  summary: RuleDoc[];
  limits: LimitDoc[];
}

type Node = JsonSchema & {
  properties?: Record<string, Node>;
  items?: Node;
  required?: string[];
  enum?: unknown[];
  title?: string;
  type?: string | string[];
  format?: string;
};

/** Options of a uiSchema node naming a lookup dataset (lookupSelect and the like). */
const datasetOf = (ui: unknown): string | undefined => {
  const options = (ui as { 'ui:options'?: { dataset?: unknown } } | undefined)?.['ui:options'];
  return typeof options?.dataset === 'string' ? options.dataset : undefined;
};

const typeOf = (node: Node): string => {
  const type = Array.isArray(node.type) ? node.type.filter((t) => t !== 'null').join(' or ') : node.type;
  if (type === 'array') return `list of ${node.items ? typeOf(node.items) : 'values'}`;
  if (type === 'string' && node.format) return `${node.format}`;
  return type ?? (node.enum ? 'choice' : 'value');
};

/** Every field of a step schema, depth first, with the uiSchema's lookups. */
export function fieldsOf(schema: Node, uiSchema: Record<string, unknown> = {}): FieldDoc[] {
  const out: FieldDoc[] = [];
  const walk = (node: Node, path: string, ui: Record<string, unknown>, required: boolean, parent: string) => {
    const label = node.title ?? path.split('.').at(-1) ?? path;
    const fullLabel = parent ? `${parent} › ${label}` : label;
    const dataset = datasetOf(ui);
    const enumValues = node.enum ?? node.items?.enum;
    const isGroup = node.type === 'object' && node.properties;
    if (path && isGroup) out.push({ path, label: fullLabel, type: 'section', required });
    if (path && !isGroup) {
      out.push({
        path,
        label: fullLabel,
        type: typeOf(node),
        required,
        ...(dataset
          ? { allowed: `from the lookup ${dataset}` }
          : enumValues
            ? { allowed: enumValues.map((v) => JSON.stringify(v)).join(', ') }
            : {}),
        ...(typeof node.description === 'string' ? { description: node.description } : {}),
      });
    }
    if (node.properties) {
      for (const [key, child] of Object.entries(node.properties)) {
        walk(
          child,
          path ? `${path}.${key}` : key,
          (ui[key] as Record<string, unknown> | undefined) ?? {},
          (node.required ?? []).includes(key),
          path ? fullLabel : '',
        );
      }
    }
    if (node.type === 'array' && node.items?.properties) {
      walk(
        { ...node.items, type: 'object' },
        `${path}[]`,
        (ui.items as Record<string, unknown>) ?? {},
        false,
        fullLabel,
      );
    }
  };
  walk(schema, '', uiSchema, true, '');
  return out;
}

function ruleDoc(rule: CompiledRule, labels: FieldLabels, limits: FlowCatalog['limits']): RuleDoc {
  return {
    id: rule.id,
    kind: rule.kind,
    field: labels(rule.field),
    message: rule.message,
    when: describeLogic(rule.when, labels, rule.forEach),
    ...(rule.forEach ? { forEach: labels(rule.forEach) } : {}),
    limits: limitsReadBy(rule, limits),
    examples: { fires: rule.examples?.fires ?? [], doesNotFire: rule.examples?.doesNotFire ?? [] },
  };
}

/** The catalogue page of one flow. */
export function describeFlow(flow: LoadedFlow, catalog: Pick<FlowCatalog, 'limits'>): FlowDoc {
  const fields = flow.steps.flatMap((s) => (s.schema ? fieldsOf(s.schema as Node, s.uiSchema) : []));
  const byPath = new Map(fields.map((f) => [f.path.replaceAll('[]', ''), f.label]));
  const labels: FieldLabels = (path) => byPath.get(path.replace(/\.\d+(?=\.|$)/g, '')) ?? path;
  const steps = flow.steps.map((step) => ({
    id: step.id,
    kind: step.kind,
    title: step.title,
    fields: step.schema ? fieldsOf(step.schema as Node, step.uiSchema) : [],
    rules: step.compiledRules.map((r) => ruleDoc(r, labels, catalog.limits)),
  }));
  const summary = flow.summaryRules.map((r) => ruleDoc(r, labels, catalog.limits));
  const allRules = [...steps.flatMap((s) => s.rules), ...summary];
  const limitNames = [...new Set(allRules.flatMap((r) => r.limits))].sort();
  return {
    id: flow.id,
    title: flow.title,
    ...(flow.description ? { description: flow.description } : {}),
    file: flow.file,
    route: flow.route,
    orderType: flow.orderType,
    permissions: flow.permissions.map((p) => `${p.entity}: ${p.bits.join(' and ')}`),
    steps,
    summary,
    limits: limitNames.map((name) => ({
      name,
      value: catalog.limits[name] as number,
      rules: allRules.filter((r) => r.limits.includes(name)).map((r) => r.id),
    })),
  };
}
