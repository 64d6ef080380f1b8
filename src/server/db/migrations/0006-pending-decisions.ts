/**
 * The staff review loop (issue 12): a pending request keeps the checks of its last validation (each
 * check's verdict and message, so the queue can show why) and the reason staff gave when they
 * rejected it (the customer is told). Searching the queue goes newest first within a status.
 */
export const statements: readonly string[] = [
  `alter table pending_requests add column validation_checks jsonb`,
  `alter table pending_requests add column decision_reason text`,
  `create index pending_requests_status_created_idx on pending_requests (status, created_at desc, pending_request_id desc)`,
  `create index pending_requests_order_idx on pending_requests (booking_order_id)`,
];
