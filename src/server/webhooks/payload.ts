/**
 * Issue 18: the JSON body of a webhook delivery. An order event carries the order as the dashboard
 * detail shows it to the subscribing company (domain/dashboard.ts), read when the delivery is
 * sent: a receiver always gets the order as it is now, and the event says what happened. The
 * detail's CanCancel and CanEdit are left out: they answer for a person's permissions, and a
 * delivery is read by a system. An availability event names the subscription's locations whose
 * units changed (never whose order changed them); the receiver asks the availability API for the
 * numbers.
 */
import type { Kysely } from 'kysely';
import type { BookingTypes } from '../bookings/registry';
import type { Database } from '../db/types';
import { dashboardDetail } from '../domain/dashboard';
import type { Viewer } from '../domain/viewer';
import { AppError } from '../errors';

export interface DeliveryFacts {
  webhook_id: string;
  event: string;
  occurred_at: Date | string;
  booking_order_id: number | null;
  location_ids: number[] | null;
  customer_id: number;
}

/** The subscribing company as the dashboard sees it: its own orders, no person's permissions. */
function companyViewer(customerId: number): Viewer {
  return {
    userId: 0,
    userName: 'webhook',
    customerId,
    isInternal: false,
    permissions: {},
    claims: {} as Viewer['claims'],
    token: '',
  };
}

export async function webhookBody(
  db: Kysely<Database>,
  types: BookingTypes,
  delivery: DeliveryFacts,
): Promise<string> {
  const base = {
    id: delivery.webhook_id,
    event: delivery.event,
    occurredAt: new Date(delivery.occurred_at).toISOString(),
  };
  if (delivery.booking_order_id !== null) {
    let order: Record<string, unknown> | null = null;
    try {
      const {
        CanCancel: _cancel,
        CanEdit: _edit,
        ...detail
      } = await dashboardDetail(db, companyViewer(delivery.customer_id), delivery.booking_order_id, types);
      order = detail;
    } catch (error) {
      // The order is gone or no longer the company's (a party changed): say so rather than fail a day.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
    return JSON.stringify({ ...base, order });
  }
  const ids = delivery.location_ids ?? [];
  const locations =
    ids.length === 0
      ? []
      : await db
          .selectFrom('locations')
          .select(['location_id as LocationId', 'location_name as LocationName', 'market_code as MarketCode'])
          .where('location_id', 'in', ids)
          .orderBy('location_id')
          .execute();
  return JSON.stringify({ ...base, locations });
}
