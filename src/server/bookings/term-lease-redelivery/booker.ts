import { actorOf } from '../../domain/order-audit';
import { insertOrder } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import type { Booker } from '../submission';
import { checkedLines, orderDetails, plannedBookings, type TermRedeliveryData } from './lines';
import { TERM_REDELIVERY_ORDER_TYPE } from './search';

/** POST /createlongtermredeliverybooking: one TR order in one transaction. */
export const bookTermLeaseRedelivery: Booker<TermRedeliveryData> = (deps, request) => {
  const { data } = request;
  return bookOnce(
    deps,
    request,
    TERM_REDELIVERY_ORDER_TYPE,
    data.Customer?.CustomerId,
    async (trx, customer) => {
      const live = await checkedLines(trx, request.viewer, customer.customerId, request, deps.clock());
      const contractIds = [...new Set(live.map((l) => l.ContractId))];
      return insertOrder(trx, {
        orderType: TERM_REDELIVERY_ORDER_TYPE,
        customerId: customer.customerId,
        ...(contractIds.length === 1 ? { contractId: contractIds[0] } : {}),
        contact: data.Contact,
        details: orderDetails(data.Search, live),
        idempotency: idempotencyOf(request),
        actor: actorOf(request.viewer),
        pending: null,
        bookings: plannedBookings(live),
      });
    },
  );
};
