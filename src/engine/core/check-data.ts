/**
 * What blocks a step or a submit: schema errors and error rules, and the confirm and acknowledge
 * rules the user has not answered. The FlowStore runs this before it moves on; the server runs it
 * on every submit with the same flow, so both refuse the same data with the same message.
 */
import { getPath } from './flow-data';
import type { LoadedFlow, LoadedStep } from './load';
import { evaluateRules, type Limits } from './rules';
import { describeSchemaError, type SchemaErrorLike, unknownFieldSentence } from './schema-messages';
import type { FieldError, JsonSchema, RuleVerdict } from './types';

/** Validates data against a step's (bundled) schema; precompiled in the browser, ajv on the server. */
export type SchemaValidator = (step: LoadedStep, data: unknown) => SchemaErrorLike[];

/** The field of a submit body that lists the confirm and acknowledge rule ids the user answered. */
export const ACKNOWLEDGED_FIELD = 'Acknowledged';
/** At most this many answers in one submit (no flow asks nearly as many questions). */
export const ACKNOWLEDGED_MAX_ITEMS = 50;

export interface StepCheck {
  errors: FieldError[];
  /** confirm and acknowledge rules that apply to the data as it stands */
  questions: RuleVerdict[];
}

export function checkStep(
  step: LoadedStep,
  data: unknown,
  validate: SchemaValidator,
  limits: Limits,
): StepCheck {
  if (!step.schema) return { errors: [], questions: [] };
  const schema = step.schema;
  const errors = validate(step, data).map((e) => describeSchemaError(schema, e));
  if (errors.length > 0) {
    // Issue 14: every problem of the step at once, not in rounds. A rule's error is added for a
    // field the schema finds no fault with and that holds a value (a blank field is the schema's
    // to fault); questions (confirm, acknowledge) wait for valid data,
    // and a rule that cannot read data the schema refuses adds nothing.
    const faulted = new Set(errors.map((e) => e.field));
    let ruleErrors: FieldError[] = [];
    try {
      ruleErrors = evaluateRules(step.compiledRules, data, limits)
        .filter((v) => v.kind === 'error' && !faulted.has(v.field) && !isBlank(getPath(data, v.field)))
        .map(({ field, message, ruleId }) => ({ field, message, ruleId }));
    } catch {
      ruleErrors = [];
    }
    return { errors: [...errors, ...ruleErrors], questions: [] };
  }
  const verdicts = evaluateRules(step.compiledRules, data, limits);
  return {
    errors: verdicts
      .filter((v) => v.kind === 'error')
      .map(({ field, message, ruleId }) => ({ field, message, ruleId })),
    questions: verdicts.filter((v) => v.kind !== 'error'),
  };
}

export const requestSteps = (flow: LoadedFlow): LoadedStep[] =>
  flow.steps.filter((s) => s.kind === 'request');

/** The schema of a submit body: every request step's schema merged, plus the answered rule ids. */
export function submitSchemaOf(flow: LoadedFlow): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const step of requestSteps(flow)) {
    Object.assign(properties, step.schema?.properties ?? {});
    required.push(...((step.schema?.required as string[] | undefined) ?? []));
  }
  properties[ACKNOWLEDGED_FIELD] = {
    type: 'array',
    title: 'Answered confirmations and acknowledgements',
    items: { type: 'string', maxLength: 100 },
    maxItems: ACKNOWLEDGED_MAX_ITEMS,
    uniqueItems: true,
  };
  return {
    $id: `${flow.id}.submit`,
    title: flow.title,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
}

export interface SubmissionCheck {
  errors: FieldError[];
  /** confirm and acknowledge rules that apply but are not in the body's Acknowledged list */
  unanswered: RuleVerdict[];
}

/** Checks a whole submit body (data of every request step plus Acknowledged) as the UI would have. */
export function checkSubmission(
  flow: LoadedFlow,
  body: Record<string, unknown>,
  validate: SchemaValidator,
  limits: Limits,
): SubmissionCheck {
  const { [ACKNOWLEDGED_FIELD]: answered, ...data } = body;
  const acknowledged = new Set(Array.isArray(answered) ? answered : []);
  const errors: FieldError[] = [];
  const unanswered: RuleVerdict[] = [];
  const known = new Set(
    requestSteps(flow).flatMap((s) => Object.keys((s.schema?.properties as object | undefined) ?? {})),
  );
  for (const key of Object.keys(data)) {
    if (!known.has(key)) errors.push({ field: key, message: unknownFieldSentence(key) });
  }
  for (const step of requestSteps(flow)) {
    const stepData = pick(data, Object.keys((step.schema?.properties as object | undefined) ?? {}));
    const check = checkStep(step, stepData, validate, limits);
    errors.push(...check.errors);
    unanswered.push(...check.questions.filter((q) => !acknowledged.has(q.ruleId)));
  }
  return { errors, unanswered };
}

const pick = (data: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => keys.includes(k)));

const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';
