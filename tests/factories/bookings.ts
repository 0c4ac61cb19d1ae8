import type { Executor } from '#server/db/client.ts';
import { bookings, reviews, type BookingRow, type ReviewRow } from '#server/db/schema/bookings.ts';
import type { OfferRow, PricingOptionRow } from '#server/db/schema/offers.ts';
import type { UserRow } from '#server/db/schema/users.ts';

type BookingFields = Partial<Omit<typeof bookings.$inferInsert, 'offerId' | 'helperId' | 'userId'>>;

/**
 * Inserts a booking of `offer` by `seeker` straight into the database (no availability check: the
 * exclusion constraint still applies). Defaults: a scheduled free booking of the option's duration.
 */
export async function createBooking(
  db: Executor,
  input: {
    offer: Pick<OfferRow, 'id' | 'helperId' | 'currency'>;
    seeker: Pick<UserRow, 'id'>;
    option?: PricingOptionRow;
    startAt: Date;
    endAt?: Date;
  } & BookingFields,
): Promise<BookingRow> {
  const { offer, seeker, option, startAt, endAt, ...fields } = input;
  const duration = option?.durationMinutes ?? 60;
  const priceCents = fields.priceCents ?? option?.priceCents ?? 0;
  const [row] = await db
    .insert(bookings)
    .values({
      offerId: offer.id,
      helperId: offer.helperId,
      userId: seeker.id,
      pricingOptionId: option?.id ?? null,
      status: 'scheduled',
      startAt,
      endAt: endAt ?? new Date(startAt.getTime() + duration * 60_000),
      currency: offer.currency,
      commissionCents: Math.round(priceCents * 0.1),
      ...fields,
      priceCents,
    })
    .returning();
  if (!row) throw new Error('booking not inserted');
  return row;
}

export async function createReview(
  db: Executor,
  booking: BookingRow,
  fields: { rating?: number; comment?: string; createdAt?: Date } = {},
): Promise<ReviewRow> {
  const [row] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      helperId: booking.helperId,
      authorId: booking.userId,
      rating: 5,
      comment: '',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('review not inserted');
  return row;
}
