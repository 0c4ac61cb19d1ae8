import { paymentMail } from '#shared/messages/payments.ts';
import { helperNetCents } from '#shared/rules/commission.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { Mail } from '../../adapters/mail/mailer.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import { bookingInvitation, nameOf, type DetailedBooking } from '../bookings/bookings.service.ts';

const bookingsLink = (publicUrl: string) => `${publicUrl}/dashboard?tab=bookings`;

/**
 * A payment confirmed: the seeker's confirmation (amount, where the receipt is, the .ics) and the
 * helper's new paid booking (amount, commission, net), both from the ledger row's figures.
 */
export function paidMails(detailed: DetailedBooking, payment: PaymentRow, publicUrl: string, now: Date): Mail[] {
  const { booking, offer, helper, user } = detailed;
  const link = bookingsLink(publicUrl);
  const when = frenchLongParis(booking.startAt);
  const money = (cents: number) => formatMoney(cents, payment.currency);
  return [
    {
      to: user.email,
      subject: paymentMail.paidSubjectSeeker(offer.title),
      text: paymentMail.paidTextSeeker({
        name: nameOf(user),
        helperName: nameOf(helper),
        title: offer.title,
        when,
        amount: money(payment.amountCents),
        link,
      }),
      attachments: [bookingInvitation(detailed, helper, link, 'PUBLISH', now)],
    },
    {
      to: helper.email,
      subject: paymentMail.paidSubjectHelper(offer.title),
      text: paymentMail.paidTextHelper({
        name: nameOf(helper),
        seekerName: nameOf(user),
        title: offer.title,
        when,
        amount: money(payment.amountCents),
        commission: money(payment.applicationFeeCents),
        net: money(helperNetCents(payment.amountCents)),
        link,
      }),
      attachments: [bookingInvitation(detailed, user, link, 'PUBLISH', now)],
    },
  ];
}

/** A refund made: the seeker is told the amount. */
export function refundMail(detailed: DetailedBooking, amountCents: number, currency: string, publicUrl: string): Mail {
  const { booking, offer, user } = detailed;
  return {
    to: user.email,
    subject: paymentMail.refundSubject(offer.title),
    text: paymentMail.refundText({
      name: nameOf(user),
      title: offer.title,
      when: frenchLongParis(booking.startAt),
      amount: formatMoney(amountCents, currency),
      link: bookingsLink(publicUrl),
    }),
  };
}

/** A payment came after its hold lapsed and the time was taken: both parties learn it is refunded. */
export function latePaymentMails(detailed: DetailedBooking, payment: PaymentRow, publicUrl: string): Mail[] {
  const { booking, offer, helper, user } = detailed;
  const when = frenchLongParis(booking.startAt);
  const amount = formatMoney(payment.amountCents, payment.currency);
  return [
    {
      to: user.email,
      subject: paymentMail.latePaymentSubjectSeeker(offer.title),
      text: paymentMail.latePaymentTextSeeker({
        name: nameOf(user),
        title: offer.title,
        when,
        amount,
        link: `${publicUrl}/book/${offer.id}`,
      }),
    },
    {
      to: helper.email,
      subject: paymentMail.latePaymentSubjectHelper(offer.title),
      text: paymentMail.latePaymentTextHelper({
        name: nameOf(helper),
        seekerName: nameOf(user),
        title: offer.title,
        when,
        amount,
      }),
    },
  ];
}
