import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import {
  CONFIRMED_STATUSES,
  EXPIRED_HOLD,
  PAYMENT_HOLD_STATUS,
  TIME_HOLDING_STATUSES,
} from '#shared/rules/booking-status.ts';
import { paymentFigures } from '#shared/rules/ledger.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, type BookingRow } from '../../db/schema/bookings.ts';
import { offers, pricingOptions, type OfferRow, type PricingOptionRow } from '../../db/schema/offers.ts';
import { payments } from '../../db/schema/payments.ts';
import { slots } from '../../db/schema/slots.ts';
import { users } from '../../db/schema/users.ts';

export type NewBooking = typeof bookings.$inferInsert;

const helperUser = alias(users, 'helper_user');
const seekerUser = alias(users, 'seeker_user');

/** A booking with its offer and both parties (e-mail included for notifications, never in DTOs). */
export type DetailedBooking = Awaited<ReturnType<typeof selectDetailed>>[number];

function selectDetailed(db: Executor) {
  return db
    .select({
      booking: bookings,
      offer: {
        id: offers.id,
        title: offers.title,
        category: offers.category,
        currency: offers.currency,
        helperId: offers.helperId,
        visible: offers.visible,
        deletedAt: offers.deletedAt,
      },
      helper: {
        id: helperUser.id,
        displayName: helperUser.displayName,
        username: helperUser.username,
        avatarUrl: helperUser.avatarUrl,
        email: helperUser.email,
      },
      user: {
        id: seekerUser.id,
        displayName: seekerUser.displayName,
        username: seekerUser.username,
        avatarUrl: seekerUser.avatarUrl,
        email: seekerUser.email,
      },
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(helperUser, eq(helperUser.id, bookings.helperId))
    .innerJoin(seekerUser, eq(seekerUser.id, bookings.userId));
}

export async function findDetailedBooking(db: Executor, id: string): Promise<DetailedBooking | undefined> {
  const [row] = await selectDetailed(db).where(eq(bookings.id, id)).limit(1);
  return row;
}

/**
 * The caller's bookings as seeker and those received as helper, in the order the dashboard shows
 * them: upcoming ones (not ended at `now`, see isUpcoming) soonest first, then past ones latest
 * first. One order for every page, so skip/limit never mix the two.
 */
export async function listDetailedBookingsOf(
  db: Executor,
  userId: string,
  skip: number,
  limit: number,
  now: Date,
): Promise<DetailedBooking[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return selectDetailed(db)
    .where(or(eq(bookings.userId, userId), eq(bookings.helperId, userId)))
    .orderBy(
      sql`${bookings.endAt} <= ${at}`,
      sql`CASE WHEN ${bookings.endAt} > ${at} THEN ${bookings.startAt} END`,
      desc(bookings.startAt),
      desc(bookings.createdAt),
      desc(bookings.id),
    )
    .offset(skip)
    .limit(limit);
}

export async function findOfferWithOptions(
  db: Executor,
  offerId: string,
): Promise<{ offer: OfferRow; options: PricingOptionRow[] } | undefined> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!offer) return undefined;
  const options = await db
    .select()
    .from(pricingOptions)
    .where(eq(pricingOptions.offerId, offerId))
    .orderBy(asc(pricingOptions.position));
  return { offer, options };
}

/** A booking changed by a sweep, with its parties (the real-time `booking.changed` event names them). */
export type BookingParties = { id: string; userId: string; helperId: string };
const partiesColumns = { id: bookings.id, userId: bookings.userId, helperId: bookings.helperId };

/**
 * Payment holds whose time ran out become cancelled, so a lapsed hold never blocks the exclusion
 * constraint (DESIGN.md section 8): those of one helper before a booking takes their time, everyone's
 * in the sweep. One idempotent UPDATE: run by several processes at once, a row changes once, because
 * PostgreSQL re-checks the WHERE clause after waiting on a concurrent update.
 */
export async function cancelExpiredHolds(db: Executor, now: Date, helperId?: string): Promise<BookingParties[]> {
  return db
    .update(bookings)
    .set({ ...EXPIRED_HOLD, cancelledAt: now, updatedAt: now })
    .where(
      and(
        helperId === undefined ? undefined : eq(bookings.helperId, helperId),
        eq(bookings.status, PAYMENT_HOLD_STATUS),
        lt(bookings.holdExpiresAt, now),
      ),
    )
    .returning(partiesColumns);
}

/** Confirmed sessions that have ended become completed (same idempotence as above). */
export async function completeEndedBookings(db: Executor, now: Date): Promise<BookingParties[]> {
  return db
    .update(bookings)
    .set({ status: 'completed', updatedAt: now })
    .where(and(inArray(bookings.status, CONFIRMED_STATUSES), lte(bookings.endAt, now)))
    .returning(partiesColumns);
}

/** Bookings of `seekerId` with `helperId` that hold time and start after `now` (the per-helper cap). */
export async function countUpcomingWithHelper(
  db: Executor,
  seekerId: string,
  helperId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, seekerId),
        eq(bookings.helperId, helperId),
        inArray(bookings.status, TIME_HOLDING_STATUSES),
        gt(bookings.startAt, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The seeker's running payment holds (not lapsed at `now`, see holdsTime): with `helperId`, and in
 * all. Lapsed holds of other helpers not swept yet are left out, as they hold nothing.
 */
export async function countRunningHolds(
  db: Executor,
  seekerId: string,
  helperId: string,
  now: Date,
): Promise<{ withHelper: number; total: number }> {
  const [row] = await db
    .select({
      total: count(),
      withHelper: sql<number>`count(*) FILTER (WHERE ${bookings.helperId} = ${helperId})`.mapWith(Number),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, seekerId),
        eq(bookings.status, PAYMENT_HOLD_STATUS),
        or(isNull(bookings.holdExpiresAt), gte(bookings.holdExpiresAt, now)),
      ),
    );
  return { withHelper: row?.withHelper ?? 0, total: row?.total ?? 0 };
}

/**
 * When the seeker's checkouts with `helperId` that ended unpaid since `since` ended: holds cancelled
 * by nobody (lapsed, expired or failed at the provider) whose checkout was opened, i.e. has a ledger
 * row, and was not paid. A hold released because the provider could not open the checkout has no
 * ledger row, and a late payment refunded has a succeeded one: neither is the seeker's doing.
 */
export async function listLapsedHoldEnds(
  db: Executor,
  seekerId: string,
  helperId: string,
  since: Date,
): Promise<Date[]> {
  const openedUnpaid = db
    .select({ one: sql`1` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookings.id), ne(payments.status, 'succeeded')));
  const rows = await db
    .select({ endedAt: bookings.cancelledAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, seekerId),
        eq(bookings.helperId, helperId),
        eq(bookings.status, 'cancelled'),
        isNull(bookings.cancelledBy),
        gt(bookings.cancelledAt, since),
        exists(openedUnpaid),
      ),
    );
  return rows.flatMap((row) => (row.endedAt ? [row.endedAt] : []));
}

/** The open checkout session of a booking, if any (the ledger row the checkout wrote). */
export async function findOpenCheckoutSessionId(db: Executor, bookingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: payments.checkoutSessionId })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'open')))
    .limit(1);
  return row?.id;
}

export async function insertBooking(db: Executor, values: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking not inserted');
  return row;
}

export async function lockBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
  return row;
}

export async function updateBooking(
  db: Executor,
  id: string,
  values: Partial<NewBooking>,
): Promise<BookingRow | undefined> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row;
}

/**
 * The helper's net earnings (rules/ledger.ts: price less the commission kept, less refunds) of the
 * payments the provider confirmed in [start, end), read from the ledger (`payments`): a booking counts
 * once it is paid, not when its session happens, and a refund takes its share back. A payment whose
 * refund the cancellation policy owes but the provider has not confirmed yet counts for nothing: that
 * money is going back. Figures are rounded per payment, so the sum is made here rather than in SQL.
 */
export async function sumHelperRevenue(db: Executor, helperId: string, start: Date, end: Date): Promise<number> {
  const paidAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;
  const rows = await db
    .select({
      amountCents: payments.amountCents,
      applicationFeeCents: payments.applicationFeeCents,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(bookings.helperId, helperId),
        eq(payments.status, 'succeeded'),
        or(isNull(bookings.refundStatus), ne(bookings.refundStatus, 'pending')),
        sql`${paidAt} >= ${start.toISOString()}::timestamptz`,
        sql`${paidAt} < ${end.toISOString()}::timestamptz`,
      ),
    );
  return rows.reduce((total, row) => total + paymentFigures(row).netCents, 0);
}

export async function countCompleted(db: Executor, userId: string, side: 'helper' | 'seeker'): Promise<number> {
  const party = side === 'helper' ? bookings.helperId : bookings.userId;
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(party, userId), eq(bookings.status, 'completed')));
  return row?.n ?? 0;
}

/**
 * The seeker's own running payment hold on exactly this time of this offer (hold not lapsed at
 * `now`): asking again for the same time answers the same checkout rather than a 409.
 */
export async function findLivePaymentHold(
  db: Executor,
  where: { seekerId: string; offerId: string; startAt: Date; endAt: Date },
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, where.seekerId),
        eq(bookings.offerId, where.offerId),
        eq(bookings.startAt, where.startAt),
        eq(bookings.endAt, where.endAt),
        eq(bookings.status, PAYMENT_HOLD_STATUS),
        gt(bookings.holdExpiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Ids of the bookings of `userId` (as seeker or helper) that a suspension or an erasure ends: confirmed
 * sessions starting after `now` and payment holds, soonest first.
 */
export async function listUpcomingBookingIdsOf(db: Executor, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        or(eq(bookings.userId, userId), eq(bookings.helperId, userId)),
        or(
          and(inArray(bookings.status, CONFIRMED_STATUSES), gt(bookings.startAt, now)),
          eq(bookings.status, PAYMENT_HOLD_STATUS),
        ),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id));
  return rows.map((row) => row.id);
}

/** Ids of bookings whose refund is due (`refund_status` pending), oldest change first. */
export async function listDueRefundIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.refundStatus, 'pending'))
    .orderBy(asc(bookings.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Claims the reminders due at `now`: confirmed bookings starting in (now, horizon] whose reminder was
 * not sent get `reminder_sent_at` in the same UPDATE that picks them (ADR 0008). FOR UPDATE SKIP LOCKED
 * lets a concurrent sweep pass over rows being claimed, and PostgreSQL re-checks the WHERE clause on a
 * row claimed meanwhile, so two processes never both get a booking. Soonest sessions first.
 */
export async function claimDueReminders(db: Executor, now: Date, horizon: Date, limit: number): Promise<string[]> {
  const due = and(
    isNull(bookings.reminderSentAt),
    inArray(bookings.status, CONFIRMED_STATUSES),
    gt(bookings.startAt, now),
    lte(bookings.startAt, horizon),
  );
  const picked = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(due)
    .orderBy(asc(bookings.startAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(and(inArray(bookings.id, picked), isNull(bookings.reminderSentAt)))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** Gives a claimed reminder back (its mail failed), so the next sweep sends it; only this claim's mark. */
export async function releaseReminderClaim(db: Executor, id: string, claimedAt: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ reminderSentAt: null })
    .where(and(eq(bookings.id, id), eq(bookings.reminderSentAt, claimedAt)));
}

/**
 * How the parties meet, for the reminder mail: the offer's contact information and the meeting link
 * of the helper's slot that holds the session's start (one of this offer before one of every offer).
 */
export async function findMeetingContact(
  db: Executor,
  bookingId: string,
): Promise<{ contactInfo: string; meetingLink: string | null } | undefined> {
  const link = db
    .select({ link: slots.meetingLink })
    .from(slots)
    .where(
      and(
        eq(slots.helperId, bookings.helperId),
        or(eq(slots.offerId, bookings.offerId), isNull(slots.offerId)),
        lte(slots.startAt, bookings.startAt),
        gt(slots.endAt, bookings.startAt),
        isNotNull(slots.meetingLink),
        ne(slots.meetingLink, ''),
      ),
    )
    .orderBy(sql`${slots.offerId} IS NULL`, desc(slots.startAt))
    .limit(1);
  const [row] = await db
    .select({ contactInfo: offers.meetingContactInfo, meetingLink: sql<string | null>`(${link})` })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
