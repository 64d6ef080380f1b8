import { describe, expect, it } from 'vitest';
import { createFlowAjv } from '../../src/engine/core/ajv';
import { checkSubmission, type SchemaValidator } from '../../src/engine/core/check-data';
import { loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import { readFlowSources, validateFlowFile } from '../../src/engine/node/sources';
import { ruleEngine } from '../../src/rules/rule-engine';

const catalog = loadFlowCatalogOrThrow(readFlowSources(), { validateFile: validateFlowFile, ruleEngine });
const flow = (id: string) => {
  const found = catalog.flows.find((f) => f.id === id);
  if (!found) throw new Error(`no flow ${id}`);
  return found;
};
const ajv = createFlowAjv();
const validate: SchemaValidator = (step, data) => {
  const fn = ajv.getSchema(String(step.schema?.$id)) ?? ajv.compile(step.schema ?? {});
  return fn(data) ? [] : (fn.errors ?? []);
};
const check = (id: string, body: Record<string, unknown>) =>
  checkSubmission(flow(id), body, validate, catalog.limits);

const poolBody = (units: number, available = 10) => ({
  Equipment: { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
  AvailableUnits: [
    { LocationId: 18478, Available: available, CustomerBooking: { UnitsRequestedCount: units } },
  ],
  Contact: { ContactName: 'Dana Dispatcher', EmailAddresses: 'dana@example.com' },
});

describe('checkSubmission on the real flows', () => {
  it('accepts a valid pool booking', () => {
    expect(check('pool-booking', poolBody(2))).toEqual({ errors: [], unanswered: [] });
  });

  it('words schema problems for people, never in ajv terms', () => {
    const body = { ...poolBody(2), Contact: { EmailAddresses: 'dana@example.com' }, Stray: true };
    const { errors } = check('pool-booking', body);
    expect(errors).toEqual([
      { field: 'Stray', message: 'Stray is not a field of this request: leave it out.' },
      {
        field: 'Contact.ContactName',
        message: 'Enter the name of the person to contact about this booking.',
      },
    ]);
    const typed = check('pool-booking', poolBody('two' as unknown as number)).errors;
    expect(typed).toEqual([
      {
        field: 'AvailableUnits.0.CustomerBooking.UnitsRequestedCount',
        message: 'Enter a whole number of units, 0 or more.',
      },
    ]);
    for (const e of [...errors, ...typed]) expect(e.message).not.toMatch(/must (match|be|have)/);
  });

  it('asks the confirm rule until it is answered', () => {
    const over = poolBody(12, 10);
    expect(check('pool-booking', over).unanswered.map((q) => q.ruleId)).toEqual([
      'customer-booking.over-available',
    ]);
    expect(
      check('pool-booking', { ...over, Acknowledged: ['customer-booking.over-available'] }).unanswered,
    ).toEqual([]);
  });

  it('needs the daily lease acknowledgement', () => {
    const body = {
      ...poolBody(1),
      AvailableUnits: [{ LocationId: 18478, Available: 4, DailyLeaseBooking: { UnitsRequestedCount: 1 } }],
    };
    expect(check('daily-lease-booking', body).unanswered).toMatchObject([
      { ruleId: 'daily-lease.charges-acknowledged', kind: 'acknowledge' },
    ]);
    expect(
      check('daily-lease-booking', { ...body, Acknowledged: ['daily-lease.charges-acknowledged'] }),
    ).toEqual({ errors: [], unanswered: [] });
  });
});
