/**
 * The mail to a booking's contact once it is booked: the order, and each booking's number (or that
 * it is pending), status, location and units. Written to the mail outbox in the booking's own
 * transaction; a mail that cannot be sent is retried by the outbox and never undoes the booking.
 */
import type { Kysely } from 'kysely';
import { CODES_AS_THEY_ARE, type DisplayNames } from '../../domain/display-names';
import { BookingOrderType, bookingStatusName } from '../../domain/status-codes';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';
import type { Mail } from '../mail/mailer';
import { queueMail } from '../mail/outbox';
import { loadDisplayNames, type NameSource } from './display-names';

export interface Contact {
  ContactName: string;
  /** SPEC §5: a semicolon-separated list. */
  EmailAddresses: string;
}

export const contactAddresses = (emails: string): string[] =>
  emails
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e !== '');

/** Six IDs a line: short lines keep the mail plain 7-bit text that any client shows as sent. */
const chassisLines = (ids: readonly string[]): string[] =>
  Array.from(
    { length: Math.ceil(ids.length / 6) },
    (_, i) => `${i === 0 ? 'Chassis: ' : '         '}${ids.slice(i * 6, i * 6 + 6).join(', ')}`,
  );

/** What an order mail says: one template, sent as text and as HTML. */
interface OrderMailContent {
  to: readonly string[];
  subject: string;
  contactName: string | null;
  intro: string;
  /** One entry per booking: its first line, then its details. */
  items: ReadonlyArray<{ title: string; details: readonly string[] }>;
}

const FOOTER = 'This message was sent by the chassis booking portal.';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

function orderMail(content: OrderMailContent): Mail {
  const hello = `Hello ${content.contactName ?? ''}`.trim();
  const text = [
    `${hello},`,
    '',
    content.intro,
    '',
    ...content.items.map((i) => [`- ${i.title}`, ...i.details.map((d) => `  ${d}`)].join('\n')),
    '',
    FOOTER,
  ].join('\n');
  const items = content.items.map(
    (i) =>
      `<li><strong>${escapeHtml(i.title)}</strong>${i.details.map((d) => `<br>${escapeHtml(d.trim())}`).join('')}</li>`,
  );
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #1a202c">',
    `<p>${escapeHtml(hello)},</p>`,
    `<p>${escapeHtml(content.intro)}</p>`,
    ...(items.length ? ['<ul>', ...items, '</ul>'] : []),
    `<p style="color: #4a5568; font-size: 12px">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}

type MailedBooking = Pick<
  BookingSubmitResponse['Bookings'][number],
  | 'BookingCode'
  | 'BookingStatusCode'
  | 'LocationName'
  | 'UnitsRequestedCount'
  | 'EquipmentSize'
  | 'EquipmentClass'
  | 'Chassis'
>;

const orderTypeName = (code: string) => (BookingOrderType as Record<string, string>)[code] ?? code;

function bookingItem(b: MailedBooking, names: DisplayNames) {
  return {
    title: `${b.BookingCode ?? 'Booking number to follow'} (${bookingStatusName(b.BookingStatusCode)})`,
    details: [
      b.LocationName,
      `${b.UnitsRequestedCount} unit(s) of ${names.size(b.EquipmentSize)}${b.EquipmentClass ? `, ${names.equipmentClass(b.EquipmentClass)}` : ''}`,
      ...chassisLines(b.Chassis ?? []),
    ],
  };
}

export function bookingMail(
  order: BookingSubmitResponse,
  contact: Contact,
  names: DisplayNames = CODES_AS_THEY_ARE,
): Mail {
  const type = orderTypeName(order.BookingOrderTypeCode);
  return orderMail({
    to: contactAddresses(contact.EmailAddresses),
    subject: `${type} order ${order.BookingOrderId}: ${order.PendingReview ? 'pending review' : 'confirmed'}`,
    contactName: contact.ContactName,
    intro: `${type} order ${order.BookingOrderId}. ${order.Message}`,
    items: order.Bookings.map((b) => bookingItem(b, names)),
  });
}

/** An order cancelled (CN) or closed because units were already picked up (CL), with its bookings as they now are. */
export interface EndedOrder {
  BookingOrderId: number;
  BookingOrderTypeCode: string;
  StatusCode: string | null;
  Bookings: readonly MailedBooking[];
}

/**
 * An ended order's mail: cancelled or closed (CL: units were already picked up) by the customer or
 * staff, or not accepted by Customer Support with their reason. One template with the booking mail.
 */
export function orderEndedMail(
  order: EndedOrder,
  contact: Contact,
  rejection: string | null,
  names: DisplayNames = CODES_AS_THEY_ARE,
): Mail {
  const type = orderTypeName(order.BookingOrderTypeCode);
  const what = `${type} order ${order.BookingOrderId}`;
  const [outcome, intro] =
    rejection !== null
      ? ['not accepted', `Customer Support could not accept ${what}. Reason: ${rejection}`]
      : order.StatusCode === 'CL'
        ? [
            'closed',
            `${what} has been closed: its open bookings are cancelled, and those whose units were already picked up are closed.`,
          ]
        : ['cancelled', `${what} has been cancelled.`];
  return orderMail({
    to: contactAddresses(contact.EmailAddresses),
    subject: `${what}: ${outcome}`,
    contactName: contact.ContactName,
    intro,
    items: order.Bookings.map((b) => bookingItem(b, names)),
  });
}

/**
 * Where an order mail is written and where its names are read: the change's own transaction, and
 * the database whose kept name tables (display-names.ts) spare the transaction a round trip.
 */
export interface MailWrite extends NameSource {
  trx: Kysely<Database>;
}

const namesFor = (where: MailWrite, bookings: readonly MailedBooking[]) =>
  loadDisplayNames(where, {
    sizes: bookings.flatMap((b) => (b.EquipmentSize ? [b.EquipmentSize] : [])),
    classes: bookings.flatMap((b) => (b.EquipmentClass ? [b.EquipmentClass] : [])),
  });

/**
 * The order mail to the contact, with names for codes, written in the change's own transaction
 * (issue 28): it commits with the booking or decision, and the outbox sends it.
 */
export async function queueBookingMail(
  where: MailWrite,
  order: BookingSubmitResponse,
  contact: Contact,
): Promise<void> {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  await queueMail(where.trx, bookingMail(order, contact, await namesFor(where, order.Bookings)));
}

/**
 * The end of an order, to its contact, in the change's own transaction (a cancel, a close, or a
 * rejection with its reason), like queueBookingMail.
 */
export async function queueEndedMail(
  where: MailWrite,
  order: EndedOrder,
  contact: Contact,
  rejection: string | null = null,
): Promise<void> {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  await queueMail(
    where.trx,
    orderEndedMail(order, contact, rejection, await namesFor(where, order.Bookings)),
  );
}
