import { z } from 'zod';
import { CANCELLATION_REASON_MAX_LENGTH, CURRENCIES, OFFER_CATEGORIES } from '../constants.ts';
import { cancellation } from '../messages/bookings.ts';
import { BOOKING_STATUSES, REFUND_STATUSES } from '../rules/booking-status.ts';
import { multiLineString } from './common.ts';

export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** POST /bookings/: the server re-checks everything and takes the price from the pricing option. */
export const BookingCreateSchema = z.object({
  offer_id: z.uuid(),
  start_at: z.iso.datetime({ offset: true }),
  end_at: z.iso.datetime({ offset: true }),
  pricing_option_id: z.uuid().nullish(),
});
export type BookingCreate = z.infer<typeof BookingCreateSchema>;

/** A party of a booking as the other party sees it: never the e-mail. */
export const BookingPartySchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
});

export const BookingOfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.enum(OFFER_CATEGORIES),
  currency: z.enum(CURRENCIES),
  helper_id: z.uuid(),
  visible: z.boolean(),
  deleted: z.boolean(),
});

export const BookingSchema = z.object({
  id: z.uuid(),
  offer_id: z.uuid(),
  pricing_option_id: z.uuid().nullable(),
  helper_id: z.uuid(),
  user_id: z.uuid(),
  status: BookingStatusSchema,
  start_at: z.string(),
  end_at: z.string(),
  duration_minutes: z.number().int(),
  price_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  commission_cents: z.number().int(),
  hold_expires_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.uuid().nullable(),
  cancellation_reason: z.string().nullable(),
  is_last_minute: z.boolean().nullable(),
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  refund_cents: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  offer: BookingOfferSchema,
  helper: BookingPartySchema,
  user: BookingPartySchema,
});
export type Booking = z.infer<typeof BookingSchema>;
/** GET /bookings/: the list as both sides read it. */
export const BookingListSchema = z.array(BookingSchema);

/** PUT /bookings/{id}: an admin correction of the status only (see the route's description). */
export const BookingUpdateSchema = z.object({ status: z.enum(['completed']) }).strict();

export const CancelBookingSchema = z.object({
  cancellation_reason: multiLineString({ error: cancellation.reasonRequired })
    .trim()
    .min(1, cancellation.reasonRequired)
    .max(CANCELLATION_REASON_MAX_LENGTH),
});
export type CancelBooking = z.infer<typeof CancelBookingSchema>;

export const CancelBookingResponseSchema = z.object({
  booking: BookingSchema,
  notification_sent_to: z.string(),
  /** The refund outcome once the answer leaves: `refunded` when the provider made it, `pending` while it is due. */
  refund: z.object({ status: z.enum(REFUND_STATUSES), amount_cents: z.number().int() }),
  message: z.string(),
});

/** GET /bookings/stats: the dashboard overview figures, computed from the data. */
export const BookingStatsSchema = z.object({
  revenue_this_month_cents: z.number().int(),
  sessions_completed: z.number().int(),
  average_rating: z.number().nullable(),
  review_count: z.number().int(),
});
export type BookingStats = z.infer<typeof BookingStatsSchema>;

/** GET /payments/helper/{id}/stripe-status. */
export const HelperPayoutStatusSchema = z.object({ charges_enabled: z.boolean(), details_submitted: z.boolean() });
