import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES } from '#shared/constants.ts';
import { offers, pricingOptions } from './offers.ts';
import { users } from './users.ts';

export const BOOKING_STATUSES = ['pending_payment', 'scheduled', 'paid', 'completed', 'cancelled'] as const;

/**
 * The exclusion constraint `bookings_no_overlap` (custom migration 0001) makes two bookings holding
 * overlapping time with the same helper impossible, whatever the number of processes.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
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
    refundStatus: text('refund_status', { enum: ['none', 'pending', 'refunded', 'failed'] }),
    refundCents: integer('refund_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.startAt),
    index('bookings_helper_idx').on(t.helperId, t.startAt),
    index('bookings_offer_idx').on(t.offerId),
    index('bookings_active_end_idx')
      .on(t.endAt)
      .where(sql`status IN ('scheduled','paid')`),
    check('bookings_period_check', sql`${t.endAt} > ${t.startAt}`),
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
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    index('reviews_helper_idx').on(t.helperId, t.createdAt.desc()),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
