import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LAST_MINUTE_CANCELLATION_HOURS } from '#shared/constants.ts';
import { bookingsTab, cancellation, reviewForm } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { canCancel } from '#shared/rules/cancellation.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useHelperReviews } from '#web/lib/api/get-helper-reviews.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { ContactCard } from './contact-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { BookingStatusBadge } from './status-badge.tsx';

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

/** One booking of the dashboard's bookings tab, seen by its seeker or its helper. */
export function BookingCard({ booking, userId, now }: { booking: Booking; userId: string; now: Date }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const cancel = useCancelBooking();
  const iAmHelper = booking.helper_id === userId;
  const other = iAmHelper ? booking.user : booking.helper;
  const confirmed = booking.status === 'scheduled' || booking.status === 'paid';
  const cancellable = canCancel({ status: booking.status, startAt: new Date(booking.start_at) }, now);
  // The "Annuler" button that had focus disappears once the list shows the cancellation: move focus to
  // the card's title rather than losing it to the page (keyboard and screen-reader users).
  const cancelledHere = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (booking.status !== 'cancelled' || !cancelledHere.current) return;
    cancelledHere.current = false;
    titleRef.current?.focus();
  }, [booking.status]);

  const confirmCancel = async (reason: string) => {
    try {
      const result = await cancel.mutateAsync({ bookingId: booking.id, reason });
      cancelledHere.current = true;
      toast.success(cancellation.successTitle, {
        description: result.notification_sent_to
          ? cancellation.successInformed(result.notification_sent_to)
          : cancellation.successText,
      });
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
          <BookingStatusBadge status={booking.status} />
          {cancellable ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDialogOpen(true)}
              aria-label={bookingsTab.cancelLabel(booking.offer.title)}
            >
              {bookingsTab.cancel}
            </Button>
          ) : null}
        </div>
      </div>

      {booking.status === 'cancelled' ? (
        <div className="rounded-xl bg-danger-soft p-3 text-sm text-danger">
          <p className="font-medium">
            {booking.cancelled_by === userId ? bookingsTab.cancelledByYou : bookingsTab.cancelledBy(partyName(other))}
          </p>
          {booking.is_last_minute ? (
            <p className="mt-1">{bookingsTab.lastMinute(LAST_MINUTE_CANCELLATION_HOURS)}</p>
          ) : null}
          {booking.cancellation_reason ? (
            <p className="mt-1 break-words">{bookingsTab.reason(booking.cancellation_reason)}</p>
          ) : null}
        </div>
      ) : null}

      {confirmed ? <ContactCard offerId={booking.offer_id} /> : null}
      {booking.status === 'completed' && !iAmHelper ? <ReviewSlot booking={booking} /> : null}

      <CancelBookingDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
      />
    </Card>
  );
}
