/**
 * The mail to a booking's contact once it is booked: the order, and each booking's number (or that
 * it is pending), status, location and units. Sent after the transaction commits; a mail that
 * cannot be sent is logged and never undoes or fails the booking.
 */
import type { Kysely } from 'kysely';
import { CODES_AS_THEY_ARE, type DisplayNames } from '../../domain/display-names';
import { BookingOrderType, bookingStatusName } from '../../domain/status-codes';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { Database } from '../db/types';
import type { ErrorLog } from '../errors';
import type { Mail, Mailer } from '../mail/mailer';
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
    (_, i) => `  ${i === 0 ? 'Chassis: ' : '         '}${ids.slice(i * 6, i * 6 + 6).join(', ')}`,
  );

export function bookingMail(
  order: BookingSubmitResponse,
  contact: Contact,
  names: DisplayNames = CODES_AS_THEY_ARE,
): Mail {
  const type =
    (BookingOrderType as Record<string, string>)[order.BookingOrderTypeCode] ?? order.BookingOrderTypeCode;
  const lines = order.Bookings.map((b) =>
    [
      `- ${b.BookingCode ?? 'Booking number to follow'} (${bookingStatusName(b.BookingStatusCode)})`,
      `  ${b.LocationName} (location ${b.LocationId})`,
      `  ${b.UnitsRequestedCount} unit(s) of ${names.size(b.EquipmentSize)}${b.EquipmentClass ? `, ${names.equipmentClass(b.EquipmentClass)}` : ''}`,
      ...chassisLines(b.Chassis ?? []),
    ].join('\n'),
  );
  return {
    to: contactAddresses(contact.EmailAddresses),
    subject: `${type} order ${order.BookingOrderId}: ${order.PendingReview ? 'pending review' : 'confirmed'}`,
    text: [
      `Hello ${contact.ContactName},`,
      '',
      `${type} order ${order.BookingOrderId}. ${order.Message}`,
      '',
      ...lines,
      '',
      'This message was sent by the chassis booking portal.',
    ].join('\n'),
  };
}

/** Mails the contact after the commit, with names for codes; a failure is logged, never thrown. */
export function notifyContact(
  deps: { mailer: Mailer; db: Kysely<Database> },
  log: ErrorLog,
  order: BookingSubmitResponse,
  contact: Contact,
): void {
  if (contactAddresses(contact.EmailAddresses).length === 0) return;
  loadDisplayNames(deps.db)
    .then((names) => deps.mailer.send(bookingMail(order, contact, names)))
    .catch((err) =>
      log.error({ err, bookingOrderId: order.BookingOrderId }, 'booking notification not sent'),
    );
}
