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
import { loadDisplayNames } from './display-names';

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

export function orderCancelledMail(
  order: EndedOrder,
  contact: Contact,
  names: DisplayNames = CODES_AS_THEY_ARE,
): Mail {
  const type = orderTypeName(order.BookingOrderTypeCode);
  const closed = order.StatusCode === 'CL';
  return orderMail({
    to: contactAddresses(contact.EmailAddresses),
    subject: `${type} order ${order.BookingOrderId}: ${closed ? 'closed' : 'cancelled'}`,
    contactName: contact.ContactName,
    intro: closed
      ? `${type} order ${order.BookingOrderId} has been closed: its open bookings are cancelled, and those whose units were already picked up are closed.`
      : `${type} order ${order.BookingOrderId} has been cancelled.`,
    items: order.Bookings.map((b) => bookingItem(b, names)),
  });
}

/**
 * The order mail to the contact, with names for codes, written in the change's own transaction
 * (issue 28): it commits with the booking or decision, and the outbox sends it.
 */
export async function queueBookingMail(
  trx: Kysely<Database>,
  order: BookingSubmitResponse,
  contact: Contact,
): Promise<void> {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  await queueMail(trx, bookingMail(order, contact, await loadDisplayNames(trx)));
}

/** A pending order Customer Support did not accept, with the reason they gave the customer. */
export function orderRejectedMail(
  order: EndedOrder,
  contact: Contact,
  reason: string,
  names: DisplayNames = CODES_AS_THEY_ARE,
): Mail {
  const type = orderTypeName(order.BookingOrderTypeCode);
  return orderMail({
    to: contactAddresses(contact.EmailAddresses),
    subject: `${type} order ${order.BookingOrderId}: not accepted`,
    contactName: contact.ContactName,
    intro: `Customer Support could not accept ${type} order ${order.BookingOrderId}. Reason: ${reason}`,
    items: order.Bookings.map((b) => bookingItem(b, names)),
  });
}

/** The rejection of a pending order, to its contact: in the decision's transaction. */
export async function queueRejectedMail(
  trx: Kysely<Database>,
  order: EndedOrder,
  contact: Contact,
  reason: string,
): Promise<void> {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  await queueMail(trx, orderRejectedMail(order, contact, reason, await loadDisplayNames(trx)));
}

/** The cancel (or close) of an order, to its contact: in the cancel's transaction, like queueBookingMail. */
export async function queueCancelledMail(
  trx: Kysely<Database>,
  order: EndedOrder,
  contact: Contact,
): Promise<void> {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  await queueMail(trx, orderCancelledMail(order, contact, await loadDisplayNames(trx)));
}
