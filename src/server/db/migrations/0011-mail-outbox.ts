/**
 * Issue 11: mail goes through a durable outbox. A mail is a row before anything tries to send it;
 * a dispatcher sends due rows and, when the mail server is down, tries again later with a growing
 * pause, for a day. `claimed_until` lets two instances share the table without sending twice.
 */
export const statements: readonly string[] = [
  `create table mail_outbox (
    mail_id bigserial primary key,
    to_addresses text[] not null,
    subject text not null,
    text_body text not null,
    html_body text,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    claimed_until timestamptz,
    sent_at timestamptz,
    failed_at timestamptz,
    last_error text,
    created_at timestamptz not null default now()
  )`,
  'create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null',
];
