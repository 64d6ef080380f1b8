import { describe, expect, it } from 'vitest';
import {
  AreaAccess,
  Entity,
  hasAnyPermission,
  hasPermission,
  Permission,
  permissionsFromClaims,
} from '../../src/domain/permissions';

describe('permission bits (SPEC §6)', () => {
  it('uses Read 1, Update 2, Create 4, Delete 8', () => {
    expect(Permission).toEqual({ Read: 1, Update: 2, Create: 4, Delete: 8 });
  });

  it('grants only when every requested bit is present', () => {
    const held = { [Entity.PendingQueue]: Permission.Read | Permission.Update };
    expect(hasPermission(held, { entity: Entity.PendingQueue, bits: Permission.Read })).toBe(true);
    expect(
      hasPermission(held, { entity: Entity.PendingQueue, bits: Permission.Read | Permission.Update }),
    ).toBe(true);
    expect(
      hasPermission(held, { entity: Entity.PendingQueue, bits: Permission.Read | Permission.Create }),
    ).toBe(false);
    expect(hasPermission(held, { entity: Entity.WeeklyThreshold, bits: Permission.Read })).toBe(false);
  });

  it('never grants a requirement of zero bits', () => {
    expect(hasPermission({ [Entity.PendingQueue]: 15 }, { entity: Entity.PendingQueue, bits: 0 })).toBe(
      false,
    );
  });

  it('shows booking types for Create or Update, not Read alone', () => {
    expect(
      hasAnyPermission({ [Entity.TermLeaseBooking]: Permission.Read }, AreaAccess.termLeaseBooking),
    ).toBe(false);
    expect(
      hasAnyPermission({ [Entity.TermLeaseBooking]: Permission.Create }, AreaAccess.termLeaseBooking),
    ).toBe(true);
    expect(
      hasAnyPermission({ [Entity.TermLeaseBooking]: Permission.Update }, AreaAccess.termLeaseBooking),
    ).toBe(true);
  });

  it('shows pool booking for either variant of the pool booking entity', () => {
    expect(
      hasAnyPermission({ [Entity.InternalPoolBooking]: Permission.Create }, AreaAccess.poolBooking),
    ).toBe(true);
    expect(
      hasAnyPermission({ [Entity.CustomerPoolBooking]: Permission.Update }, AreaAccess.poolBooking),
    ).toBe(true);
  });

  it('shows internal reservation for Read, Create or Update, not Delete alone', () => {
    for (const bits of [Permission.Read, Permission.Create, Permission.Update]) {
      expect(hasAnyPermission({ [Entity.InternalReservation]: bits }, AreaAccess.internalReservation)).toBe(
        true,
      );
    }
    expect(
      hasAnyPermission({ [Entity.InternalReservation]: Permission.Delete }, AreaAccess.internalReservation),
    ).toBe(false);
  });

  it('shows manual inventory, availability and security for Read', () => {
    expect(hasAnyPermission({ [Entity.ManualInventory]: 1 }, AreaAccess.manualInventory)).toBe(true);
    expect(hasAnyPermission({ [Entity.ManualInventory]: 6 }, AreaAccess.manualInventory)).toBe(false);
    expect(hasAnyPermission({ [Entity.InventoryAvailability]: 1 }, AreaAccess.inventoryAvailability)).toBe(
      true,
    );
    expect(hasAnyPermission({ [Entity.ApplicationRole]: 1 }, AreaAccess.security)).toBe(true);
    expect(hasAnyPermission({}, AreaAccess.security)).toBe(false);
  });

  it('lets everyone into areas with no requirement', () => {
    expect(hasAnyPermission({}, AreaAccess.dashboard)).toBe(true);
  });

  it('reads only numeric entity claims from a token', () => {
    expect(
      permissionsFromClaims({
        PendingQueue: 3,
        WeeklyThreshold: '15',
        UserId: 9,
        Nonsense: 15,
        ManualInventory: 1.5,
      }),
    ).toEqual({ PendingQueue: 3 });
  });
});
