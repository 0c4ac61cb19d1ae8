import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '#shared/constants.ts';
import { BOOKING_STATUSES, CONFIRMED_STATUSES, REFUND_STATUSES } from '#shared/rules/booking-status.ts';
import { inList, oneOf } from './checks.ts';
import { offers, pricingOptions } from './offers.ts';
import { users } from './users.ts';

/**
 * The exclusion constraint `bookings_no_overlap` (custom migration 0001) makes two bookings holding
 * overlapping time with the same helper impossible, whatever the number of processes. Its status list
 * is TIME_HOLDING_STATUSES (booking-status.ts), written out there because a migration never changes.
 *
 * The CHECK constraints refuse what the app would (issue 8): a status outside the list once slipped
 * past the exclusion constraint and made every list of the helper answer 500.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // With helper_id, a foreign key to the offer itself (bookings_offer_helper_fk below).
    offerId: uuid('offer_id').notNull(),
    pricingOptionId: uuid('pricing_option_id').references(() => pricingOptions.id, { onDelete: 'set null' }),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('eur'),
    commissionCents: integer('commission_cents').notNull().default(0),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancellationReason: text('cancellation_reason'),
    isLastMinute: boolean('is_last_minute'),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundCents: integer('refund_cents'),
    /** Set in the same UPDATE that claims the 24-hour reminder (ADR 0008): sent once across processes. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.startAt),
    index('bookings_helper_idx').on(t.helperId, t.startAt),
    index('bookings_offer_idx').on(t.offerId),
    index('bookings_active_end_idx')
      .on(t.endAt)
      .where(sql.raw(`status IN (${inList(CONFIRMED_STATUSES)})`)),
    // The reminder sweep's claim: confirmed bookings whose reminder is still due, by start.
    index('bookings_reminder_due_idx')
      .on(t.startAt)
      .where(sql.raw(`reminder_sent_at IS NULL AND status IN (${inList(CONFIRMED_STATUSES)})`)),
    check('bookings_period_check', sql`${t.endAt} > ${t.startAt}`),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_currency_check', oneOf(t.currency, CURRENCIES)),
    check('bookings_refund_status_check', oneOf(t.refundStatus, REFUND_STATUSES)),
    check('bookings_price_check', sql`${t.priceCents} >= 0`),
    check('bookings_commission_check', sql`${t.commissionCents} >= 0 AND ${t.commissionCents} <= ${t.priceCents}`),
    check('bookings_refund_cents_check', sql`${t.refundCents} >= 0 AND ${t.refundCents} <= ${t.priceCents}`),
    // Only a party cancels (spec 1 section 4); a lapsed payment hold is cancelled by nobody (null).
    check('bookings_cancelled_by_check', sql`${t.cancelledBy} IN (${t.userId}, ${t.helperId})`),
    /**
     * The booking's helper is its offer's helper. A composite foreign key rather than a trigger: the
     * engine checks it under any concurrency, it cannot be forgotten by a code path, and Drizzle
     * declares it, so db:generate keeps it. It needs the unique (id, helper_id) on offers, a small
     * index; it also stands for the plain offer_id foreign key (both columns are NOT NULL).
     */
    foreignKey({
      name: 'bookings_offer_helper_fk',
      columns: [t.offerId, t.helperId],
      foreignColumns: [offers.id, offers.helperId],
    }),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by an admin after a report (issue 13): no longer shown nor counted in ratings. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    index('reviews_helper_idx').on(t.helperId, t.createdAt.desc()),
    check(
      'reviews_rating_check',
      sql`${t.rating} BETWEEN ${sql.raw(String(REVIEW_RATING_MIN))} AND ${sql.raw(String(REVIEW_RATING_MAX))}`,
    ),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
