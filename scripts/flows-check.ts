/**
 * `npm run flows:check` and `npm run flows:types` (--write-types): the engine's check of the flow
 * files (src/engine/node/flows-check-cli.ts), handed the product's parts and the server's
 * booking-type registry, so each flow's order type, booker and updater are checked against it.
 */
import { flowsCheckCli } from '../src/engine/node/flows-check-cli';
import { PRODUCT_BOOKING_TYPES } from '../src/server/bookings/product-types';
import { describeBookingTypes } from '../src/server/bookings/registry';
import { productFlowParts } from './flow-parts';

await flowsCheckCli({ ...productFlowParts, bookingTypes: describeBookingTypes(PRODUCT_BOOKING_TYPES) });
