/** The shapes of flow files and rule files (checked against flow-file.schema.json and rules-file.schema.json). */
import type { EntityName } from '../../domain/permissions';

export type JsonSchema = { [key: string]: unknown };
export type JsonLogic = unknown;
export type PermissionBitName = 'Read' | 'Update' | 'Create' | 'Delete';

/** error blocks the step and the submit; confirm asks and proceeds on OK; acknowledge needs a ticked box. */
export type RuleKind = 'error' | 'confirm' | 'acknowledge';

export interface RuleDefinition {
  id: string;
  kind: RuleKind;
  /** Dotted path of the field the message belongs to (e.g. Contact.EmailAddresses). */
  field: string;
  /** Shown to the user; {limitName}, {$item}, {$index} and {param} are filled in. */
  message: string;
  /** json-logic: the rule fires (the message applies) when this is truthy. */
  when: JsonLogic;
  /** Evaluate once per element of this array field, with the element as $item and its index as $index. */
  forEach?: string;
  /** json-logic expressions whose values fill {name} placeholders of the message. */
  params?: Record<string, JsonLogic>;
}

export interface RulesFile {
  $schema?: string;
  rules: RuleDefinition[];
}

export interface PermissionNeed {
  entity: EntityName;
  bits: PermissionBitName[];
}

export type StepKind = 'request' | 'review' | 'confirm';

export interface StepDefinition {
  id: string;
  kind: StepKind;
  title: string;
  /** request steps: the JSON Schema of the data this step edits (inline, or { "$ref": "<file in src/schemas>" }). */
  schema?: JsonSchema;
  uiSchema?: Record<string, unknown>;
  /** Rule ids (from src/rules/*.rules.json) that apply to this step's data. */
  rules?: string[];
  /** The step that follows; defaults to the next one in the list. */
  next?: string;
}

export interface FlowDefinition {
  $schema?: string;
  id: string;
  title: string;
  description?: string;
  route: string;
  menu: { label: string; group?: 'Bookings' | 'Redelivery'; inHeaderBookings?: boolean; order?: number };
  /** Any one of these grants the flow (SPEC §6: a booking type shows for Create or Update). */
  permissions: PermissionNeed[];
  /** SPEC §6: an account not in good standing cannot create chassis bookings. */
  requiresGoodStanding?: boolean;
  submit: { method: 'POST'; url: string; booker: string };
  steps: StepDefinition[];
}

/** One rule outcome for the data as it stands. */
export interface RuleVerdict {
  ruleId: string;
  kind: RuleKind;
  /** Dotted field path, with the element index for forEach rules (Chassis.ChassisIds.3). */
  field: string;
  message: string;
}

/** A problem with one field, from the schema or an error rule; ruleId is absent for schema problems. */
export interface FieldError {
  field: string;
  message: string;
  ruleId?: string;
}
