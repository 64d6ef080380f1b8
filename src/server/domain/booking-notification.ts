/**
 * The mail to a booking's contact once it is booked: the order, and each booking's number (or that
 * it is pending), status, location and units. Sent after the transaction commits; a mail that
 * cannot be sent is logged and never undoes or fails the booking.
 */
import { BookingOrderType, bookingStatusName } from '../../domain/status-codes';
import type { BookingSubmitResponse } from '../../schemas/bookings';
import type { ErrorLog } from '../errors';
import type { Mail, Mailer } from '../mail/mailer';

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

export function bookingMail(order: BookingSubmitResponse, contact: Contact): Mail {
  const type =
    (BookingOrderType as Record<string, string>)[order.BookingOrderTypeCode] ?? order.BookingOrderTypeCode;
  const lines = order.Bookings.map((b) =>
    [
      `- ${b.BookingCode ?? 'Booking number to follow'} (${bookingStatusName(b.BookingStatusCode)})`,
      `  ${b.LocationName} (location ${b.LocationId})`,
      `  ${b.UnitsRequestedCount} unit(s) of ${b.EquipmentSize}${b.EquipmentClass ? ` ${b.EquipmentClass}` : ''}`,
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

export function notifyContact(
  mailer: Mailer,
  log: ErrorLog,
  order: BookingSubmitResponse,
  contact: Contact,
): void {
  const mail = bookingMail(order, contact);
  if (mail.to.length === 0) return;
  mailer
    .send(mail)
    .catch((err) =>
      log.error({ err, bookingOrderId: order.BookingOrderId }, 'booking notification not sent'),
    );
}
