import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';
import { users } from './users.ts';

export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: the slot serves every offer of the helper. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    meetingLink: text('meeting_link'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('slots_helper_offer_period_key').on(t.helperId, t.offerId, t.startAt, t.endAt).nullsNotDistinct(),
    index('slots_helper_start_idx').on(t.helperId, t.startAt),
    check('slots_period_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

export type SlotRow = typeof slots.$inferSelect;
