import { bookingMail } from '#shared/messages/bookings.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { Mail } from '../../adapters/mail/mailer.ts';
import { buildIcs } from './booking-ics.ts';
import type { DetailedBooking } from './bookings.repository.ts';

type Party = DetailedBooking['helper'];

export const nameOf = (party: Party) => party.displayName ?? party.username ?? party.email;

export const bookingUid = (bookingId: string) => `booking-${bookingId}@appui`;

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The session as an .ics attachment (also attached by the payments module's paid-booking mails). */
export function invitation(
  detailed: DetailedBooking,
  other: Party,
  link: string,
  method: 'PUBLISH' | 'CANCEL',
  now: Date,
) {
  const { booking, offer } = detailed;
  const content = buildIcs({
    uid: bookingUid(booking.id),
    start: booking.startAt,
    end: booking.endAt,
    stamp: now,
    summary:
      method === 'CANCEL'
        ? bookingMail.icsCancelledSummary(offer.title)
        : bookingMail.icsSummary(offer.title, nameOf(other)),
    description: bookingMail.icsDescription(offer.title, link),
    url: link,
    method,
  });
  return { filename: 'seance.ics', content, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

/** The two confirmation mails of a new booking, each with the event as an .ics attachment. */
export function confirmationMails(detailed: DetailedBooking, publicUrl: string, now: Date): Mail[] {
  const { booking, offer, helper, user } = detailed;
  const link = `${publicUrl}/dashboard?tab=bookings`;
  const when = frenchLongParis(booking.startAt);
  const duration = Math.round((booking.endAt.getTime() - booking.startAt.getTime()) / 60_000);
  return [
    {
      to: user.email,
      subject: bookingMail.confirmationSubjectSeeker(offer.title),
      text: bookingMail.confirmationTextSeeker({
        name: nameOf(user),
        helperName: nameOf(helper),
        title: offer.title,
        when,
        duration,
        link,
      }),
      attachments: [invitation(detailed, helper, link, 'PUBLISH', now)],
    },
    {
      to: helper.email,
      subject: bookingMail.confirmationSubjectHelper(offer.title),
      text: bookingMail.confirmationTextHelper({
        name: nameOf(helper),
        seekerName: nameOf(user),
        title: offer.title,
        when,
        duration,
        link,
      }),
      attachments: [invitation(detailed, user, link, 'PUBLISH', now)],
    },
  ];
}

/** The mail telling the other party that `canceller` cancelled, with the refund outcome. */
export function cancellationMail(
  detailed: DetailedBooking,
  recipient: Party,
  canceller: Party,
  publicUrl: string,
  now: Date,
): Mail {
  const { booking, offer } = detailed;
  const link = `${publicUrl}/dashboard?tab=bookings`;
  const refund =
    // Due or already made (the payments module refunds right after the cancellation commits).
    (booking.refundStatus === 'pending' || booking.refundStatus === 'refunded') && booking.refundCents
      ? bookingMail.refundFull(formatMoney(booking.refundCents, booking.currency))
      : booking.status === 'cancelled' &&
          booking.priceCents > 0 &&
          booking.isLastMinute &&
          booking.cancelledBy === booking.userId
        ? bookingMail.refundNone
        : '';
  return {
    to: recipient.email,
    subject: bookingMail.cancellationSubject(offer.title),
    text: bookingMail.cancellationText({
      name: nameOf(recipient),
      otherName: nameOf(canceller),
      title: offer.title,
      when: frenchLongParis(booking.startAt),
      reason: booking.cancellationReason ?? '',
      refund,
      link,
    }),
    attachments: [invitation(detailed, canceller, link, 'CANCEL', now)],
  };
}

/**
 * To the seeker whose payment hold the helper released: the time is free again and nothing was
 * charged. No calendar attachment: the session never reached their calendar.
 */
export function holdReleasedMail(detailed: DetailedBooking, publicUrl: string): Mail {
  const { booking, offer, user, helper } = detailed;
  return {
    to: user.email,
    subject: bookingMail.holdReleasedSubject(offer.title),
    text: bookingMail.holdReleasedText({
      name: nameOf(user),
      otherName: nameOf(helper),
      title: offer.title,
      when: frenchLongParis(booking.startAt),
      reason: booking.cancellationReason ?? '',
      link: `${publicUrl}/dashboard?tab=bookings`,
    }),
  };
}

/** How the parties meet, as the reminder mail shows it (see findMeetingContact). */
export type MeetingContact = { contactInfo: string; meetingLink: string | null };

/**
 * The two reminder mails of a session (DESIGN.md section 8 "Reminders"), each with the contact
 * information (both parties hold a confirmed booking, so the seeker may read it) and the .ics under
 * the confirmation's UID, so a calendar updates the event it already has instead of adding a second.
 */
export function reminderMails(
  detailed: DetailedBooking,
  contact: MeetingContact | undefined,
  publicUrl: string,
  now: Date,
): Mail[] {
  const { booking, offer, helper, user } = detailed;
  const link = `${publicUrl}/dashboard?tab=bookings`;
  const when = frenchLongParis(booking.startAt);
  const duration = Math.round((booking.endAt.getTime() - booking.startAt.getTime()) / 60_000);
  const info = contact?.contactInfo.trim();
  const contactText =
    [
      info ? bookingMail.reminderContactInfo(info) : '',
      contact?.meetingLink ? bookingMail.reminderMeetingLink(contact.meetingLink) : '',
    ].join('') || bookingMail.reminderNoContact;
  const pairs: [recipient: Party, other: Party][] = [
    [user, helper],
    [helper, user],
  ];
  return pairs.map(([recipient, other]) => ({
    to: recipient.email,
    subject: bookingMail.reminderSubject(offer.title, when),
    text: bookingMail.reminderText({
      name: nameOf(recipient),
      otherName: nameOf(other),
      title: offer.title,
      when,
      duration,
      contact: contactText,
      link,
    }),
    attachments: [invitation(detailed, other, link, 'PUBLISH', now)],
  }));
}
