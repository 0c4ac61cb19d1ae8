import { CreditCard, Download, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LAST_MINUTE_CANCELLATION_HOURS } from '#shared/constants.ts';
import { bookingsTab, cancellation, reviewForm } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { bookingPayment } from '#shared/messages/payments-web.ts';
import { isUnfinishedCheckout, PAYMENT_HOLD_STATUS } from '#shared/rules/booking-status.ts';
import { canCancel, isLastMinute, refundDecision } from '#shared/rules/cancellation.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis, parisClock, utcToParis } from '#shared/rules/paris-time.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useHelperReviews } from '#web/lib/api/get-helper-reviews.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { ContactCard } from './contact-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { BookingStatusBadge } from './status-badge.tsx';
import { redirectTo } from '#web/lib/redirect.ts';

type Party = Booking['helper'];
const partyName = (party: Party) => party.display_name ?? party.username ?? bookingsTab.someone;

/** A seeker's completed session: the review form, or the note already given. */
function ReviewSlot({ booking }: { booking: Booking }) {
  const reviews = useHelperReviews(booking.helper_id);
  if (reviews.isPending || reviews.isError) return null;
  const existing = reviews.data.find((review) => review.booking_id === booking.id);
  if (existing) {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Star size={18} aria-hidden="true" className="fill-amber-400 text-amber-600" />
        {reviewForm.alreadyReviewed(existing.rating)}
      </p>
    );
  }
  return <ReviewForm bookingId={booking.id} />;
}

/**
 * A seeker's booking waiting for its payment: while the hold lasts, "Reprendre le paiement" asks for
 * the checkout again with the same time, which the server answers with the same session; once the
 * hold has lapsed, the time is free again and the card says so.
 */
function ResumePayment({ booking, now }: { booking: Booking; now: Date }) {
  const checkout = useCreateCheckoutSession();
  const holdEnd = booking.hold_expires_at ? new Date(booking.hold_expires_at) : null;
  if (!holdEnd || holdEnd.getTime() <= now.getTime()) {
    return <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">{bookingPayment.holdLapsed}</p>;
  }
  const resume = async () => {
    try {
      const origin = window.location.origin;
      const result = await checkout.mutateAsync({
        offer_id: booking.offer_id,
        start_at: booking.start_at,
        end_at: booking.end_at,
        pricing_option_id: booking.pricing_option_id,
        success_url: `${origin}${paths.paymentSuccess.path}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${paths.paymentCancel.href()}`,
      });
      if (!result.checkout_url) throw new Error(bookingPayment.resumeError);
      redirectTo(result.checkout_url);
    } catch (failure) {
      toast.error(bookingPayment.resumeError, { description: errorMessage(failure, bookingPayment.resumeError) });
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-warning-soft p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-warning">{bookingPayment.holdUntil(parisClock(holdEnd))}</p>
      <Button
        size="sm"
        onClick={() => void resume()}
        loading={checkout.isPending}
        loadingLabel={bookingPayment.resuming}
        aria-label={bookingPayment.resumeLabel(booking.offer.title)}
      >
        <CreditCard size={18} aria-hidden="true" />
        {bookingPayment.resume}
      </Button>
    </div>
  );
}

/**
 * A booking that was paid (paid, completed, or cancelled after its payment) has a PDF receipt (GET
 * /bookings/{id}/receipt.pdf), for both parties. A cancelled one was paid when a refund was owed, or
 * when its seeker cancelled at the last minute (the one paid cancellation without a refund): not a
 * lapsed checkout (no canceller) nor a payment hold its helper released (nothing owed, not last minute).
 */
function hasReceipt(booking: Booking): boolean {
  if (booking.price_cents <= 0) return false;
  if (booking.status === 'paid' || booking.status === 'completed') return true;
  if (booking.status !== 'cancelled' || booking.cancelled_by === null) return false;
  const refundOwed = booking.refund_status !== null && booking.refund_status !== 'none';
  return refundOwed || (booking.is_last_minute === true && booking.cancelled_by === booking.user_id);
}

/** The helper's view of a running payment hold on their time: whose, until when, and that it can be released. */
function HoldForHelper({ booking, seekerName }: { booking: Booking; seekerName: string }) {
  if (!booking.hold_expires_at) return null;
  return (
    <p className="rounded-xl bg-warning-soft p-3 text-sm text-warning">
      {bookingsTab.holdForHelper(seekerName, parisClock(new Date(booking.hold_expires_at)))}
    </p>
  );
}

/** What ended a cancelled booking: a party's cancellation (who, why, refund), or a checkout left unpaid. */
function CancellationNote({ booking, userId, otherName }: { booking: Booking; userId: string; otherName: string }) {
  const refundText = refundOutcome({ status: booking.refund_status, cents: booking.refund_cents }, booking.currency);
  if (isUnfinishedCheckout({ status: booking.status, cancelledBy: booking.cancelled_by })) {
    return (
      <div className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="payment-not-completed">
        <p>{bookingsTab.paymentNotCompletedText}</p>
        {refundText ? <p className="mt-1 font-medium">{refundText}</p> : null}
      </div>
    );
  }
  return (
    <div className="rounded-xl bg-danger-soft p-3 text-sm text-danger">
      <p className="font-medium">
        {booking.cancelled_by === userId ? bookingsTab.cancelledByYou : bookingsTab.cancelledBy(otherName)}
      </p>
      {booking.is_last_minute ? <p className="mt-1">{bookingsTab.lastMinute(LAST_MINUTE_CANCELLATION_HOURS)}</p> : null}
      {booking.cancellation_reason ? (
        <p className="mt-1 break-words">{bookingsTab.reason(booking.cancellation_reason)}</p>
      ) : null}
      {refundText ? <p className="mt-1 font-medium">{refundText}</p> : null}
    </div>
  );
}

function ReceiptButton({ booking }: { booking: Booking }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadFile(
        `/bookings/${encodeURIComponent(booking.id)}/receipt.pdf`,
        // Paris day, as the server dates its own name (a session at 00:30 in Paris is the previous UTC day).
        bookingPayment.receiptFileName(utcToParis(new Date(booking.start_at)).date, booking.id),
      );
    } catch (failure) {
      toast.error(bookingPayment.receiptError, { description: errorMessage(failure, bookingPayment.receiptError) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => void download()}
      loading={pending}
      loadingLabel={bookingPayment.receipt}
      aria-label={bookingPayment.receiptLabel(booking.offer.title)}
    >
      <Download size={18} aria-hidden="true" />
      {bookingPayment.receipt}
    </Button>
  );
}

/**
 * What a cancelled paid booking's refund became (issue 9 section 3: the cancel answer and the booking
 * show it afterwards). `status` is read as a string: the cancel answer and the booking share it.
 */
function refundOutcome(refund: { status: string | null; cents: number | null }, currency: string): string | null {
  const cents = refund.cents ?? 0;
  const amount = formatMoney(cents, currency);
  if (refund.status === 'pending' && cents > 0) return bookingPayment.refundPending(amount);
  if (refund.status === 'refunded' && cents > 0) return bookingPayment.refundDone(amount);
  if (refund.status === 'failed') return bookingPayment.refundFailed;
  return null;
}

/**
 * What cancelling now would do to the money, from the shared policy (DESIGN.md section 8): the
 * seeker reads "Vous serez remboursé de 45,00 €" or that a last-minute cancellation is not refunded;
 * the helper reads that the seeker will be refunded. Nothing for a free booking.
 */
function refundNotice(booking: Booking, iAmHelper: boolean, now: Date): string | null {
  const startAt = new Date(booking.start_at);
  const lastMinute = isLastMinute(startAt, now);
  const decision = refundDecision({
    status: booking.status,
    priceCents: booking.price_cents,
    cancelledBy: iAmHelper ? 'helper' : 'seeker',
    lastMinute,
  });
  const amount = formatMoney(decision.amountCents, booking.currency);
  if (decision.status === 'pending')
    return iAmHelper ? bookingPayment.refundOther(amount) : bookingPayment.refundSeeker(amount);
  if (booking.status === 'paid' && booking.price_cents > 0 && !iAmHelper && lastMinute) {
    return bookingPayment.noRefund(LAST_MINUTE_CANCELLATION_HOURS);
  }
  return null;
}

/**
 * One booking of the dashboard's bookings tab, seen by its seeker or its helper. A booking cancelled
 * here moves to the list of cancelled ones, where a new card shows it: the tab asks that card to take
 * the focus (`focusTitle`), and it does once it shows the cancellation, then calls `onTitleFocused`.
 */
export function BookingCard({
  booking,
  userId,
  now,
  onCancelled,
  focusTitle = false,
  onTitleFocused,
}: {
  booking: Booking;
  userId: string;
  now: Date;
  onCancelled?: () => void;
  focusTitle?: boolean;
  onTitleFocused?: () => void;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  // The refund rule is read at the moment the dialog opens, not when the list was last polled.
  const [dialogOpenedAt, setDialogOpenedAt] = useState<Date>(now);
  const cancel = useCancelBooking();
  const iAmHelper = booking.helper_id === userId;
  const other = iAmHelper ? booking.user : booking.helper;
  const confirmed = booking.status === 'scheduled' || booking.status === 'paid';
  const hold = booking.status === PAYMENT_HOLD_STATUS;
  const cancellable = canCancel(
    {
      status: booking.status,
      startAt: new Date(booking.start_at),
      holdExpiresAt: booking.hold_expires_at ? new Date(booking.hold_expires_at) : null,
    },
    now,
    iAmHelper ? 'helper' : 'seeker',
  );
  // The "Annuler" button that had focus disappears once the list shows the cancellation: when the
  // dialog closes after a cancellation, focus goes to the card's title rather than back to that button
  // (keyboard and screen-reader users). Decided at close, not when the status changes: the app socket's
  // refetch may show the cancellation before the dialog has closed.
  const cancelledHere = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusTitle || booking.status !== 'cancelled') return;
    titleRef.current?.focus();
    onTitleFocused?.();
  }, [focusTitle, booking.status, onTitleFocused]);
  const focusTitleAfterCancel = (event: Event) => {
    if (!cancelledHere.current) return;
    cancelledHere.current = false;
    event.preventDefault();
    titleRef.current?.focus();
  };

  const confirmCancel = async (reason: string) => {
    try {
      const result = await cancel.mutateAsync({ bookingId: booking.id, reason });
      cancelledHere.current = true;
      onCancelled?.();
      if (hold) {
        toast.success(cancellation.holdReleasedTitle, {
          description: cancellation.holdReleasedInformed(result.notification_sent_to),
        });
        return true;
      }
      const informed = result.notification_sent_to
        ? cancellation.successInformed(result.notification_sent_to)
        : cancellation.successText;
      const refund = refundOutcome(
        { status: result.refund.status, cents: result.refund.amount_cents },
        booking.currency,
      );
      toast.success(cancellation.successTitle, { description: refund ? `${informed} ${refund}` : informed });
      return true;
    } catch (failure) {
      toast.error(cancellation.error, { description: errorMessage(failure, cancellation.error) });
      return false;
    }
  };

  return (
    <Card className="space-y-4" data-testid="booking-card" data-booking-id={booking.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <Avatar name={partyName(other)} src={other.avatar_url} />
          <div className="min-w-0">
            <h3 ref={titleRef} tabIndex={-1} className="focus-ring rounded text-lg font-semibold break-words text-ink">
              {booking.offer.title}
            </h3>
            <p className="text-ink-muted wrap-anywhere">
              {iAmHelper ? bookingsTab.bookedBy(partyName(other)) : bookingsTab.withHelper(partyName(other))}
            </p>
            <p className="mt-1 text-ink first-letter:uppercase">
              {bookingsTab.when(frenchLongParis(booking.start_at))}
            </p>
            <p className="text-sm text-ink-muted">
              {common.minutes(booking.duration_minutes)} · {formatMoney(booking.price_cents, booking.currency)}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end">
          <BookingStatusBadge
            status={booking.status}
            paymentNotCompleted={isUnfinishedCheckout({ status: booking.status, cancelledBy: booking.cancelled_by })}
          />
          {cancellable ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setDialogOpenedAt(new Date());
                setDialogOpen(true);
              }}
              aria-label={
                hold ? bookingsTab.releaseHoldLabel(booking.offer.title) : bookingsTab.cancelLabel(booking.offer.title)
              }
            >
              {hold ? bookingsTab.releaseHold : bookingsTab.cancel}
            </Button>
          ) : null}
        </div>
      </div>

      {booking.status === 'cancelled' ? (
        <CancellationNote booking={booking} userId={userId} otherName={partyName(other)} />
      ) : null}

      {hold && !iAmHelper ? <ResumePayment booking={booking} now={now} /> : null}
      {hold && iAmHelper && cancellable ? <HoldForHelper booking={booking} seekerName={partyName(other)} /> : null}
      {hasReceipt(booking) ? (
        <div className="flex justify-end">
          <ReceiptButton booking={booking} />
        </div>
      ) : null}

      {confirmed ? <ContactCard offerId={booking.offer_id} /> : null}
      {booking.status === 'completed' && !iAmHelper ? <ReviewSlot booking={booking} /> : null}

      <CancelBookingDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
        title={hold ? bookingsTab.releaseHold : undefined}
        refundNotice={refundNotice(booking, iAmHelper, dialogOpenedAt)}
        onCloseAutoFocus={focusTitleAfterCancel}
      />
    </Card>
  );
}
