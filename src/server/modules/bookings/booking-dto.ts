import type { Booking } from '#shared/schemas/bookings.ts';
import type { DetailedBooking } from './bookings.repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const party = (p: DetailedBooking['helper']) => ({
  id: p.id,
  display_name: p.displayName,
  username: p.username,
  avatar_url: p.avatarUrl,
});

/** The one wire shape of a booking: no e-mail, no contact information. */
export function toBookingDto({ booking: b, offer, helper, user }: DetailedBooking): Booking {
  return {
    id: b.id,
    offer_id: b.offerId,
    pricing_option_id: b.pricingOptionId,
    helper_id: b.helperId,
    user_id: b.userId,
    status: b.status,
    start_at: b.startAt.toISOString(),
    end_at: b.endAt.toISOString(),
    duration_minutes: Math.round((b.endAt.getTime() - b.startAt.getTime()) / 60_000),
    price_cents: b.priceCents,
    currency: b.currency,
    commission_cents: b.commissionCents,
    hold_expires_at: iso(b.holdExpiresAt),
    cancelled_at: iso(b.cancelledAt),
    cancelled_by: b.cancelledBy,
    cancellation_reason: b.cancellationReason,
    is_last_minute: b.isLastMinute,
    refund_status: b.refundStatus,
    refund_cents: b.refundCents,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    offer: {
      id: offer.id,
      title: offer.title,
      category: offer.category,
      currency: offer.currency,
      helper_id: offer.helperId,
      visible: offer.visible,
      deleted: offer.deletedAt !== null,
    },
    helper: party(helper),
    user: party(user),
  };
}
