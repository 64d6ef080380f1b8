/**
 * Issue 31: gate events (base /api/gateevents). A terminal's or depot's system sends what its gate
 * saw — a chassis leaving (OutGate) or coming back (InGate) — as JSON batches, or as an X12 322
 * interchange (text/plain). Staff look at the events that matched nothing (the exceptions list).
 * docs/integrations.md "Gate events" is the sender's guide.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** JSON batches; an X12 322 interchange may carry more (docs/decisions.md, issue 31). */
export const GATE_BATCH_MAX = 1000;
export const GATE_INTERCHANGE_MAX = 100_000;

export const GATE_KINDS = ['OutGate', 'InGate'] as const;
export type GateKind = (typeof GATE_KINDS)[number];

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const gateEventSchema = {
  type: 'object',
  properties: {
    ChassisId: {
      type: 'string',
      maxLength: 20,
      description: 'Four letters and six digits, e.g. PLCZ123456.',
    },
    Kind: {
      type: 'string',
      enum: GATE_KINDS,
      description: 'OutGate: the chassis left; InGate: it came back.',
    },
    LocationId: { ...id, description: 'The location (ramp, depot, port bay) whose gate saw it.' },
    EventTime: {
      type: 'string',
      maxLength: 40,
      description: 'When, as an ISO 8601 date-time with its offset (2026-11-26T09:30:00Z).',
    },
    BookingCode: {
      type: ['string', 'null'],
      maxLength: 30,
      description: 'Out-gate: the booking number the chassis was released against, where the gate has it.',
    },
    Scac: {
      type: ['string', 'null'],
      maxLength: 4,
      description: 'Out-gate: the SCAC of the company the chassis was released to, where the gate has it.',
    },
  },
  required: ['ChassisId', 'Kind', 'LocationId', 'EventTime'],
  additionalProperties: false,
} as const;
export type GateEventInput = FromSchema<typeof gateEventSchema>;

export const gateBatchSchema = {
  type: 'object',
  properties: {
    // The limit is checked by the domain, with a message that says how to split the batch.
    Events: { type: 'array', items: gateEventSchema },
  },
  required: ['Events'],
  additionalProperties: false,
} as const;
export type GateBatch = FromSchema<typeof gateBatchSchema>;

export const GATE_OUTCOMES = ['Applied', 'Duplicate', 'Stale', 'Exception', 'Rejected'] as const;
export type GateOutcome = (typeof GATE_OUTCOMES)[number];

export const gateBatchResultSchema = {
  type: 'object',
  properties: {
    Received: { type: 'integer' },
    Applied: { type: 'integer' },
    Duplicates: { type: 'integer' },
    Stale: { type: 'integer' },
    Exceptions: { type: 'integer' },
    Rejected: { type: 'integer' },
    Results: {
      type: 'array',
      description: 'One per event sent, in the order sent.',
      items: {
        type: 'object',
        properties: {
          Index: { type: 'integer', description: 'The event’s place in the batch, from 0.' },
          ChassisId: { type: 'string' },
          Kind: { type: 'string' },
          Outcome: {
            type: 'string',
            enum: GATE_OUTCOMES,
            description:
              'Applied; Duplicate (received before: nothing changed); Stale (older than the chassis’ last event: recorded, not applied); Exception (matched nothing: on the staff’s list); Rejected (not recorded: fix and send again).',
          },
          Message: { type: ['string', 'null'] },
          BookingCode: { type: ['string', 'null'], description: 'The booking the event fulfilled.' },
        },
        required: ['Index', 'ChassisId', 'Kind', 'Outcome', 'Message', 'BookingCode'],
        additionalProperties: false,
      },
    },
  },
  required: ['Received', 'Applied', 'Duplicates', 'Stale', 'Exceptions', 'Rejected', 'Results'],
  additionalProperties: false,
} as const;
export type GateBatchResult = FromSchema<typeof gateBatchResultSchema>;
export type GateEventResult = GateBatchResult['Results'][number];
