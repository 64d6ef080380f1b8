/** The shapes of flow files and rule files (checked against flow-file.schema.json and rules-file.schema.json). */

export type JsonSchema = { [key: string]: unknown };
export type JsonLogic = unknown;
export type PermissionBitName = 'Read' | 'Update' | 'Create' | 'Delete';

/** error blocks the step and the submit; confirm asks and proceeds on OK; acknowledge needs a ticked box. */
/** summary: a line of the submit confirmation (submit.summary), never a step's rule. */
export type RuleKind = 'error' | 'confirm' | 'acknowledge' | 'summary';

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
  /** Issue 32: data that must make the rule fire, and data that must not (run by flows:check). */
  examples?: { fires?: RuleExample[]; doesNotFire?: RuleExample[] };
}

/** One example of a rule: flow data (dotted paths from the top, as `when` reads it). */
export interface RuleExample {
  title: string;
  data: unknown;
  /** The message a firing example must produce (required when the message has placeholders). */
  message?: string;
}

export interface RulesFile {
  $schema?: string;
  rules: RuleDefinition[];
}

export interface PermissionNeed {
  /** A permission entity of the product (SPEC §6); flow-file.schema.json lists the ones a flow may name. */
  entity: string;
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
  /** Server actions the engine runs on a button or when named fields change (docs/flows.md). */
  actions?: StepAction[];
}

/**
 * A template from a source object (an order document, or the flow data) to a new object: a string
 * leaf is a dotted path into the source; { "$each": path, ...template } maps each element of an
 * array (paths inside are relative to the element); { "$value": x } is the literal x;
 * { "$edit": template } applies only when an existing order is edited (Load Booking leaves it out).
 */
export type DataTemplate = string | { [key: string]: DataTemplate | unknown };

export interface StepAction {
  id: string;
  /** Button text; without it the action runs only when a field of `on` changes. */
  label?: string;
  method: 'GET' | 'POST';
  /** {Dotted.Path} in the url is filled from the flow data. */
  url: string;
  /** The POST body, as a template over the flow data. */
  send?: Record<string, DataTemplate>;
  /** Flow-data paths whose change runs the action (once every path `send` reads is filled). */
  on?: string[];
  /** Flow-data path ← dotted path into the answer ('' for the whole answer). */
  into: Record<string, string>;
}

/** How a flow opens an existing order: dashboard Edit (edit mode) and Load Booking (a new request). */
export interface FlowEdit {
  /** Order document (GET /api/bookingorder/{id}/document) → flow data. */
  load: Record<string, DataTemplate>;
  /** Where the order document is read, `{id}` the order's id; default GET /api/bookingorder/{id}/document. */
  open?: string;
  /** Where the dashboard's View reads an order of this type, `{id}` its id; default GET /api/dashboard/details/{id}. */
  view?: string;
  /** Where an edit is sent; without it the flow offers Load Booking only. */
  update?: { method: 'POST'; url: string; updater: string };
}

export interface FlowDefinition {
  $schema?: string;
  id: string;
  title: string;
  description?: string;
  route: string;
  /** Without one the flow is reached by links only (e.g. inventory booking from the availability screen). */
  menu?: { label: string; group?: 'Bookings' | 'Redelivery'; inHeaderBookings?: boolean; order?: number };
  /** Query parameters a link may start a new request with: parameter → dotted data path. */
  prefill?: Record<string, string>;
  /** Any one of these grants the flow (SPEC §6: a booking type shows for Create or Update). */
  permissions: PermissionNeed[];
  /** SPEC §6: an account not in good standing cannot create chassis bookings. */
  requiresGoodStanding?: boolean;
  /** The order type this flow books; the server's booking-type registry holds one entry per type. */
  orderType: string;
  /** summary: ids of summary rules, the lines the submit confirmation shows (what will be booked). */
  submit: { method: 'POST'; url: string; booker: string; summary?: string[] };
  /** The confirm step's view, by its name in the confirm-view registry (default bookingTable). */
  confirmView?: string;
  edit?: FlowEdit;
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
