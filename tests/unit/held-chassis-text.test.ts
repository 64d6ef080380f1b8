import { afterAll, expect, it } from 'vitest';
import type { HeldChassis } from '../../src/schemas/chassis';

// West of UTC, where a calendar day read as a moment turns into the day before.
const zoneBefore = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});
// Imported after the zone is set: the formats are made when their module loads.
const { heldFrom, heldSince } = await import('../../src/app/chassis/held-chassis-text');

const chassis = (c: Partial<HeldChassis>): HeldChassis => ({
  ChassisId: 'FLXZ123456',
  EquipmentSize: 'Chassis.40',
  EquipmentSizeName: "40' Chassis",
  EquipmentClass: 'STD',
  EquipmentClassName: 'Standard',
  OnHireSince: null,
  BookingCode: null,
  BookingOrderId: null,
  ContractNumber: null,
  ContractStart: null,
  PickedUpAt: null,
  ...c,
});

it('says when a gate event put a chassis on hire, in the reader zone', () => {
  const c = chassis({ OnHireSince: '2026-11-20T16:05:00.000Z', BookingCode: 'B1234567' });
  expect(heldSince(c)).toBe('Nov 20, 2026, 8:05 AM PST');
  expect(heldFrom(c)).toBe('Booking B1234567');
});

it("gives a term-lease chassis with no pick-up recorded its contract's first day, as written", () => {
  const c = chassis({ ContractNumber: 'TL-2025-0007', ContractStart: '2025-03-03' });
  expect(heldSince(c)).toBe('Contract from Mar 3, 2025');
  expect(heldFrom(c)).toBe('Term lease TL-2025-0007');
});

it('says nothing it does not know', () => {
  expect(heldSince(chassis({}))).toBe('—');
  expect(heldFrom(chassis({}))).toBe('—');
});
