/**
 * Issue 11: an Idempotency-Key replays the order it booked only for the same request. Each order
 * keeps a fingerprint of the request that booked it (sha256 of its canonical JSON); a key sent
 * again with another body is refused instead of answering with the first order.
 */
export const statements: readonly string[] = [
  'alter table booking_orders add column request_fingerprint text',
];
