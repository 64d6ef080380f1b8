import { describe, expect, it } from 'vitest';
import { applyTemplate, readPath, templateLeaves } from '../../src/engine/core/data-template';
import repositionFlow from '../../src/flows/reposition-booking.flow.json' with { type: 'json' };

const edit = { edit: true, order: { BookingOrderId: 41, Version: 3 } };
const load = { edit: false, order: null };

/** An order document as GET /api/bookingorder/{id}/document answers it for a reposition order. */
const document = {
  BookingOrderId: 41,
  BookingOrderTypeCode: 'RP',
  Version: 3,
  CustomerId: 7,
  ContactName: 'Casey',
  EmailAddresses: 'casey@example.com',
  SendExternalNotification: true,
  Details: {
    InventoryOrgCode: 'ORG1',
    FromLocationId: 11,
    Extendable: 'All',
    RepositionReasonCode: 'BAL',
    ExternalPartyEmails: null,
  },
  Bookings: [
    {
      BookingId: 501,
      BookingStatusCode: 'OP',
      ToLocationId: 12,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      UnitsRequestedCount: 4,
      MotorCarrierId: 9,
      MotorCarrierName: 'MCAR',
      BookingComment: null,
      RailTerminalReleaseNumber: null,
      WithRedelivery: false,
      RedeliveryRequestedCount: 0,
    },
    {
      BookingId: 502,
      BookingStatusCode: 'PN',
      ToLocationId: 13,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      UnitsRequestedCount: 2,
      MotorCarrierId: 9,
      MotorCarrierName: 'MCAR',
      BookingComment: 'Gate 3',
      RailTerminalReleaseNumber: 'R-1',
      WithRedelivery: true,
      RedeliveryRequestedCount: 1,
    },
  ],
};

describe('data templates', () => {
  it('reads dotted paths, array indexes and the source itself; never a prototype', () => {
    expect(readPath(document, 'Bookings.1.BookingComment')).toBe('Gate 3');
    expect(readPath(document, '')).toBe(document);
    expect(readPath(document, 'Bookings.9.BookingId')).toBeUndefined();
    expect(readPath({}, 'constructor')).toBeUndefined();
    expect(readPath({ a: {} }, 'a.__proto__')).toBeUndefined();
    expect(readPath({ a: 1 }, 'a.b')).toBeUndefined();
  });

  it('leaves out paths that resolve to undefined or null', () => {
    expect(
      applyTemplate({ A: 'Details.ExternalPartyEmails', B: 'Nope', C: 'ContactName' }, document, load),
    ).toEqual({
      C: 'Casey',
    });
  });

  it('maps arrays with $each (paths relative to the element), literals with $value', () => {
    const template = {
      Rows: { $each: 'Bookings', Id: 'BookingId', Comment: 'BookingComment', Kind: { $value: 'RP' } },
      Fixed: { $value: { nested: [1, 2] } },
    };
    expect(applyTemplate(template, document, load)).toEqual({
      Rows: [
        { Id: 501, Kind: 'RP' },
        { Id: 502, Comment: 'Gate 3', Kind: 'RP' },
      ],
      Fixed: { nested: [1, 2] },
    });
    expect(applyTemplate({ Rows: { $each: 'Missing', Id: 'BookingId' } }, document, load)).toEqual({});
  });

  it('applies $edit parts in edit mode only, and reads $order only when an order is edited', () => {
    const template = {
      Id: { $edit: 'BookingOrderId' },
      Order: '$order.BookingOrderId',
      Version: '$order.Version',
      Rows: { $each: 'Bookings', Original: { $edit: 'UnitsRequestedCount' }, Units: 'UnitsRequestedCount' },
    };
    expect(applyTemplate(template, document, edit)).toEqual({
      Id: 41,
      Order: 41,
      Version: 3,
      Rows: [
        { Original: 4, Units: 4 },
        { Original: 2, Units: 2 },
      ],
    });
    expect(applyTemplate(template, document, load)).toEqual({ Rows: [{ Units: 4 }, { Units: 2 }] });
    expect(applyTemplate(template, document, { edit: true })).toMatchObject({ Id: 41 });
    expect(applyTemplate(template, document, { edit: true })).not.toHaveProperty('Order');
  });

  it('maps the reposition order document to the flow data (edit) and to a new request (Load Booking)', () => {
    const data = applyTemplate(repositionFlow.edit.load, document, edit) as Record<string, unknown>;
    expect(data.Header).toEqual({
      CustomerId: 7,
      InventoryOrgCode: 'ORG1',
      FromLocationId: 11,
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
      Extendable: 'All',
      RepositionReasonCode: 'BAL',
    });
    expect((data.Orders as unknown[])[1]).toEqual({
      RepositionBookingId: 502,
      BookingStatusCode: 'PN',
      ToLocationId: 13,
      UnitsRequestedCount: 2,
      MotorCarrierId: 9,
      MotorCarrierName: 'MCAR',
      BookingComment: 'Gate 3',
      RailTerminalReleaseNumber: 'R-1',
      WithRedelivery: true,
      RedeliveryRequestedCount: 1,
      IsEditMode: true,
      IsRedeliveryEditMode: true,
      OriginalToLocationId: 13,
      OriginalUnitsRequestedCount: 2,
      OriginalMotorCarrierId: 9,
      OrigRedeliveryRequestedCount: 1,
    });
    expect(data.Contact).toEqual({
      ContactName: 'Casey',
      EmailAddresses: 'casey@example.com',
      SendToExternalParties: true,
    });

    const fresh = applyTemplate(repositionFlow.edit.load, document, load) as Record<string, unknown>;
    expect((fresh.Orders as unknown[])[0]).toEqual({
      ToLocationId: 12,
      UnitsRequestedCount: 4,
      MotorCarrierId: 9,
      MotorCarrierName: 'MCAR',
      WithRedelivery: false,
      RedeliveryRequestedCount: 0,
    });
  });

  it('lists what each leaf reads and writes, with * for array elements', () => {
    const { leaves, problems } = templateLeaves(
      {
        Orders: { $each: 'Bookings', Units: 'UnitsRequestedCount', Edit: { $edit: { $value: true } } },
        Id: '$order.Version',
      },
      '$.edit.load',
    );
    expect(problems).toEqual([]);
    expect(leaves).toEqual([
      { at: '$.edit.load.Orders.Units', target: 'Orders.*.Units', source: 'Bookings.*.UnitsRequestedCount' },
      { at: '$.edit.load.Orders.Edit.$edit', target: 'Orders.*.Edit', source: null },
      { at: '$.edit.load.Id', target: 'Id', source: '$order.Version' },
    ]);
  });

  it('names the problems of a template shape', () => {
    const { problems } = templateLeaves(
      {
        A: 3,
        B: { $value: 1, other: 'x' },
        C: { $each: 7 },
        D: 'a..b',
        E: '$order.CustomerId',
        F: 'x.__proto__.y',
        $each: 'Bookings',
      },
      '$.send',
    );
    expect(problems.map((p) => [p.at, p.message])).toEqual([
      ['$.send.A', '3 is neither a path nor a template'],
      ['$.send.B', '$value stands alone in its object'],
      ['$.send.C.$each', '$each names the array to map, as a dotted path into the source'],
      ['$.send.D', '"a..b" is not a usable dotted path'],
      ['$.send.E', '"$order.CustomerId" is not a field of the edited order'],
      ['$.send.F', '"x.__proto__.y" is not a usable dotted path'],
      ['$.send.$each', '$each cannot stand at the top of the template'],
    ]);
    expect(problems[0]?.fix).toMatch(/"\$value": 3/);
  });
});
