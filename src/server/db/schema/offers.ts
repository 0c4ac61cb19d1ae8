import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, OFFER_CATEGORIES } from '#shared/constants.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: OFFER_CATEGORIES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('eur'),
    meetingContactInfo: text('meeting_contact_info').notNull(),
    visible: boolean('visible').notNull().default(true),
    /**
     * Listed in public lists and searches: visible, not deleted, and the helper still has the helper
     * role. Kept by triggers (migration 0003) so lists and searches need not read the helper's row
     * for every offer they walk past (measured: 15 % of a search statement's time).
     */
    listed: boolean('listed').notNull().default(false),
    /**
     * Unaccented, lower-cased title + description + helper name, kept by triggers (custom migration
     * 0001): the base of French full-text search and of trigram typo tolerance.
     */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('french'::regconfig, search_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: bookings keep pointing at the offer they were made for. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('offers_helper_idx').on(t.helperId),
    // The target of bookings_offer_helper_fk: a booking's helper must be its offer's helper.
    unique('offers_id_helper_key').on(t.id, t.helperId),
    check('offers_category_check', oneOf(t.category, OFFER_CATEGORIES)),
    check('offers_currency_check', oneOf(t.currency, CURRENCIES)),
    // In the exact order of lists and searches (newest first, id breaking ties): without the id the
    // database sorts every group of rows it reads again (measured: search 40 % slower).
    index('offers_listing_idx')
      .on(t.createdAt.desc(), t.id.desc().nullsFirst())
      .where(sql`listed`),
    index('offers_category_idx')
      .on(t.category, t.createdAt.desc(), t.id.desc().nullsFirst())
      .where(sql`listed`),
    // The admin console lists hidden offers too (issue 12: usable with 100 000 offers; measured: first
    // page 100 ms without it, 0.05 ms with it).
    index('offers_admin_list_idx')
      .on(t.createdAt.desc(), t.id.desc().nullsFirst())
      .where(sql`deleted_at IS NULL`),
    index('offers_search_vector_idx').using('gin', t.searchVector),
    index('offers_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const pricingOptions = pgTable(
  'pricing_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('pricing_options_offer_position_key').on(t.offerId, t.position),
    check('pricing_options_duration_check', sql`${t.durationMinutes} > 0`),
    check('pricing_options_price_check', sql`${t.priceCents} >= 0`),
    check('pricing_options_position_check', sql`${t.position} >= 0`),
    index('pricing_options_price_idx').on(t.position, t.priceCents),
    index('pricing_options_duration_idx').on(t.durationMinutes),
  ],
);

/**
 * Vocabulary of the words that appear in searchable offers (unaccented, lower case), with a trigram
 * index: a mistyped query word is mapped to its nearest real words before full-text search.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export type OfferRow = typeof offers.$inferSelect;
export type PricingOptionRow = typeof pricingOptions.$inferSelect;
