/**
 * Where Edit and Load Booking go, from the flow files the build read (virtual:flows/menu): the
 * flow of an order type is the file that names it; Edit needs the server's CanEdit.
 */
import { flowMenus } from 'virtual:flows/menu';
import { describe, expect, it } from 'vitest';
import { editAction, flowOfOrderType, loadBookingAction } from '../../src/app/dashboard/row-actions';
import { orderToOpen } from '../../src/app/flows/FlowPage';
import { demoUsers } from './support/fixtures';

const order = (type: string, extra: Record<string, unknown> = {}) => ({
  BookingOrderId: 42,
  BookingOrderTypeCode: type,
  BookingOrderTypeName: `Type ${type}`,
  ...extra,
});

describe('the flow of an order type', () => {
  it('is the flow file naming the type, for Edit only when it declares edit.update', () => {
    expect(flowOfOrderType('RP', 'update')?.route).toBe('/reposition_booking/request');
    expect(flowOfOrderType('RP', 'load')?.id).toBe('reposition-booking');
    expect(flowOfOrderType('PB', 'load')?.id).toBe('pool-booking');
    // Pool, daily lease and reuse load (Load Booking) but do not update in this issue.
    for (const type of ['PB', 'DL', 'RU', 'PR']) expect(flowOfOrderType(type, 'update')).toBeUndefined();
    // Redeliveries: both load; a term lease redelivery is also edited in its flow (issue 17).
    expect(flowOfOrderType('PR', 'load')?.route).toBe('/pool_redelivery/request');
    expect(flowOfOrderType('TR', 'load')?.route).toBe('/term_lease_redelivery/pre_request');
    expect(flowOfOrderType('TR', 'update')?.route).toBe('/term_lease_redelivery/pre_request');
    expect(flowOfOrderType('IR', 'load')).toBeUndefined();
    // Every flow file names its order type.
    for (const flow of flowMenus) expect(flow.orderType).toMatch(/^[A-Z]{2}$/);
  });
});

describe('Edit', () => {
  it('is offered only when the server says CanEdit, at the route the server names or the flow of the type', () => {
    expect(editAction(order('RP', { CanEdit: false }))).toBeNull();
    expect(editAction(order('RP'))).toBeNull();
    expect(editAction(order('RP', { CanEdit: true }))).toBe('/reposition_booking/request?edit=42');
    expect(editAction(order('RP', { CanEdit: true, EditRoute: '/reposition_booking/request?edit=42' }))).toBe(
      '/reposition_booking/request?edit=42',
    );
    // A type no flow updates has no Edit even if a server said so.
    expect(editAction(order('PB', { CanEdit: true }))).toBeNull();
  });
});

describe('Load Booking', () => {
  it('starts a new request of the type, when the user may open that flow', () => {
    const customer = demoUsers['demo.customer'].permissions;
    expect(loadBookingAction(order('PB'), customer)).toEqual({
      path: '/pool_booking/request?load=42',
      unavailable: null,
    });
    expect(loadBookingAction(order('RP'), customer).path).toBe('/reposition_booking/request?load=42');
    expect(loadBookingAction(order('PR'), customer).path).toBe('/pool_redelivery/request?load=42');
    expect(loadBookingAction(order('TR'), customer).path).toBe('/term_lease_redelivery/pre_request?load=42');
    expect(editAction(order('TR', { CanEdit: true }))).toBe('/term_lease_redelivery/pre_request?edit=42');
    expect(loadBookingAction(order('RP'), demoUsers['demo.ssl'].permissions)).toEqual({
      path: null,
      unavailable: 'you may not book a Type RP',
    });
    expect(loadBookingAction(order('IR'), customer)).toEqual({
      path: null,
      unavailable: 'there is no booking screen for Type IR yet',
    });
  });
});

describe('the query a flow route reads', () => {
  it('names the order to open and how; anything else is a new request', () => {
    expect(orderToOpen('?edit=42')).toEqual({ id: 42, mode: 'edit' });
    expect(orderToOpen('?load=7')).toEqual({ id: 7, mode: 'load' });
    expect(orderToOpen('')).toBeNull();
    expect(orderToOpen('?edit=abc')).toBeNull();
    expect(orderToOpen('?edit=-1')).toBeNull();
  });
});
