import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONFIRMED_STATUSES, PAYMENT_HOLD_STATUS } from '#shared/rules/booking-status.ts';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { offers, pricingOptions, type OfferRow, type PricingOptionRow } from '../../db/schema/offers.ts';
import { payoutAccounts } from '../../db/schema/payouts.ts';
import { users } from '../../db/schema/users.ts';

/** An offer with what every response embeds: its helper's public fields, its options and the helper's rating. */
export type OfferView = Omit<OfferRow, 'searchText' | 'searchVector' | 'listed'> & {
  helper: {
    id: string;
    displayName: string | null;
    username: string | null;
    avatarUrl: string | null;
    firstName: string | null;
    lastName: string | null;
  };
  ratingAverage: number | null;
  ratingCount: number;
  options: PricingOptionRow[];
};

export type NewOfferRow = Pick<
  typeof offers.$inferInsert,
  'helperId' | 'title' | 'description' | 'category' | 'currency' | 'meetingContactInfo' | 'visible'
>;
export type OfferPatch = Partial<
  Pick<NewOfferRow, 'title' | 'description' | 'category' | 'currency' | 'meetingContactInfo' | 'visible'>
>;
export type PricingOptionValues = { durationMinutes: number; priceCents: number };

/**
 * Who sees an offer in lists and searches, as one condition on `o` (the alias of every list and
 * search statement): listed offers (offers.listed: visible, not deleted, of a helper), plus, for a
 * logged-in helper, their own hidden ones.
 */
export function listedAs(viewerId: string | undefined): SQL {
  return viewerId ? sql`(o.listed OR (o.deleted_at IS NULL AND o.helper_id = ${viewerId}))` : sql`o.listed`;
}

/**
 * `AND` the offers of these helpers left out (the people a viewer blocked or was blocked by: issue 13
 * section 2), or nothing without any. One array parameter whatever their number, so a prepared
 * statement keeps one text (executePrepared).
 */
export function andNotOfHelpers(helperIds: readonly string[] | undefined): SQL {
  if (!helperIds || helperIds.length === 0) return sql``;
  return sql` AND o.helper_id <> ALL(${`{${helperIds.join(',')}}`}::uuid[])`;
}

/** `forUpdate` locks the row until the caller's transaction ends (check-then-write on one offer). */
export async function findOfferRow(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OfferRow | undefined> {
  const query = db.select().from(offers).where(eq(offers.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** What decides who may see an offer (offers.service: getOffer's rules), without the rest of it. */
export type OfferAccess = { helperId: string; visible: boolean; deleted: boolean };

export async function findOfferAccess(db: Executor, id: string): Promise<OfferAccess | undefined> {
  const [row] = await db
    .select({ helperId: offers.helperId, visible: offers.visible, deletedAt: offers.deletedAt })
    .from(offers)
    .where(eq(offers.id, id))
    .limit(1);
  return row && { helperId: row.helperId, visible: row.visible, deleted: row.deletedAt !== null };
}

/** Pricing options as they come out of the JSON aggregate of offerViewColumns. */
type OptionJson = { id: string; duration_minutes: number; price_cents: number; position: number };

/**
 * What responses read of an offer `o` and its helper `u`: not the search columns (a tsvector is
 * bigger than the offer's text), the helper's public fields, the rating, and the pricing options as
 * one JSON array (a second query cost a round trip on every list and search page).
 */
export const offerViewColumns = sql`
  o.id, o.helper_id, o.title, o.description, o.category, o.currency, o.meeting_contact_info, o.visible,
  o.created_at, o.updated_at, o.deleted_at,
  u.display_name AS helper_display_name, u.username AS helper_username, u.avatar_url AS helper_avatar_url,
  u.first_name AS helper_first_name, u.last_name AS helper_last_name,
  r.average AS rating_average, r.count AS rating_count,
  (SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'duration_minutes', p.duration_minutes, 'price_cents', p.price_cents, 'position', p.position
    ) ORDER BY p.position), '[]'::json)
   FROM ${pricingOptions} p WHERE p.offer_id = o.id) AS options`;

/** The joins offerViewColumns reads from, after `FROM … o`. */
export const offerViewJoins = sql`
  JOIN ${users} u ON u.id = o.helper_id
  CROSS JOIN LATERAL (
    SELECT avg(rv.rating)::float8 AS average, count(*)::int AS count FROM ${reviews} rv
    WHERE rv.helper_id = o.helper_id AND rv.removed_at IS NULL
  ) r`;

export type OfferViewRow = {
  id: string;
  helper_id: string;
  title: string;
  description: string;
  category: OfferRow['category'];
  currency: OfferRow['currency'];
  meeting_contact_info: string;
  visible: boolean;
  // Both drivers, through Drizzle, hand timestamps over as text.
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
  helper_display_name: string | null;
  helper_username: string | null;
  helper_avatar_url: string | null;
  helper_first_name: string | null;
  helper_last_name: string | null;
  rating_average: number | string | null;
  rating_count: number | string;
  // PGlite parses json, node-postgres through Drizzle's raw path too; text is accepted all the same.
  options: OptionJson[] | string;
};

export function toOfferView(row: OfferViewRow): OfferView {
  const options = (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as OptionJson[];
  return {
    id: row.id,
    helperId: row.helper_id,
    title: row.title,
    description: row.description,
    category: row.category,
    currency: row.currency,
    meetingContactInfo: row.meeting_contact_info,
    visible: row.visible,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    helper: {
      id: row.helper_id,
      displayName: row.helper_display_name,
      username: row.helper_username,
      avatarUrl: row.helper_avatar_url,
      firstName: row.helper_first_name,
      lastName: row.helper_last_name,
    },
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    ratingCount: Number(row.rating_count),
    options: options.map((option) => ({
      id: option.id,
      offerId: row.id,
      durationMinutes: option.duration_minutes,
      priceCents: option.price_cents,
      position: option.position,
    })),
  };
}

/** One offer with helper, pricing options and rating (a prepared statement), deleted or not. */
export async function findOfferView(db: Executor, id: string): Promise<OfferView | undefined> {
  const [row] = await executePrepared<OfferViewRow>(
    db,
    'find_offer_view',
    sql`SELECT ${offerViewColumns} FROM ${offers} o ${offerViewJoins} WHERE o.id = ${id}::uuid`,
  );
  return row && toOfferView(row);
}

/**
 * One page of the public listing, newest first (offers_listing_idx, in its order: `created_at DESC
 * NULLS LAST, id DESC`), with the offers' views in the same statement.
 */
export async function listOfferViews(
  db: Executor,
  params: { skip: number; limit: number; viewerId?: string; excludedHelperIds?: readonly string[] },
): Promise<OfferView[]> {
  const rows = await executePrepared<OfferViewRow>(
    db,
    'list_offers',
    sql`
    WITH page AS MATERIALIZED (
      SELECT o.id, o.created_at FROM ${offers} o
      WHERE ${listedAs(params.viewerId)}${andNotOfHelpers(params.excludedHelperIds)}
      ORDER BY o.created_at DESC NULLS LAST, o.id DESC
      OFFSET ${params.skip} LIMIT ${params.limit}
    )
    SELECT ${offerViewColumns} FROM page JOIN ${offers} o ON o.id = page.id ${offerViewJoins}
    ORDER BY page.created_at DESC NULLS LAST, page.id DESC`,
  );
  return rows.map(toOfferView);
}

export async function insertOffer(db: Executor, values: NewOfferRow): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  if (!row) throw new Error('insert into offers returned no row');
  return row;
}

export async function updateOffer(db: Executor, id: string, patch: OfferPatch): Promise<void> {
  await db
    .update(offers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(offers.id, id));
}

/** The whole list at once, positions 0..n-1 (run inside the caller's transaction). */
/**
 * Makes the offer's options exactly `options`, in that order. An option whose duration already
 * exists keeps its id (durations are unique per offer), so bookings and open booking pages that name
 * it stay valid; the others are inserted or deleted. Run it inside the caller's transaction.
 */
export async function replacePricingOptions(
  db: Executor,
  offerId: string,
  options: readonly PricingOptionValues[],
): Promise<void> {
  const existing = await findPricingOptions(db, offerId);
  const byDuration = new Map(existing.map((row) => [row.durationMinutes, row]));
  const wanted = new Set(options.map((option) => option.durationMinutes));
  const removed = existing.filter((row) => !wanted.has(row.durationMinutes)).map((row) => row.id);
  if (removed.length > 0) await db.delete(pricingOptions).where(inArray(pricingOptions.id, removed));
  // Positions are unique per offer: park the kept rows out of the way before renumbering them.
  await db
    .update(pricingOptions)
    .set({ position: sql`${pricingOptions.position} + 1000` })
    .where(eq(pricingOptions.offerId, offerId));
  const inserts: (PricingOptionValues & { offerId: string; position: number })[] = [];
  for (const [position, option] of options.entries()) {
    const kept = byDuration.get(option.durationMinutes);
    if (kept) {
      await db
        .update(pricingOptions)
        .set({ position, priceCents: option.priceCents })
        .where(eq(pricingOptions.id, kept.id));
    } else {
      inserts.push({ offerId, position, ...option });
    }
  }
  if (inserts.length > 0) await db.insert(pricingOptions).values(inserts);
}

export async function findPricingOptions(db: Executor, offerId: string): Promise<PricingOptionRow[]> {
  return db
    .select()
    .from(pricingOptions)
    .where(eq(pricingOptions.offerId, offerId))
    .orderBy(asc(pricingOptions.position));
}

/** Changes one pricing option in place (its id stays, so bookings and open booking pages that name it stay valid). */
export async function updatePricingOption(
  db: Executor,
  id: string,
  values: Partial<PricingOptionValues>,
): Promise<void> {
  await db.update(pricingOptions).set(values).where(eq(pricingOptions.id, id));
}

export async function softDeleteOffer(db: Executor, id: string): Promise<void> {
  await db
    .update(offers)
    .set({ deletedAt: sql`now()`, visible: false, updatedAt: sql`now()` })
    .where(and(eq(offers.id, id), isNull(offers.deletedAt)));
}

/** Soft-deletes every live offer of a helper (an erasure); answers how many. */
export async function softDeleteOffersOf(db: Executor, helperId: string): Promise<number> {
  const rows = await db
    .update(offers)
    .set({ deletedAt: sql`now()`, visible: false, updatedAt: sql`now()` })
    .where(and(eq(offers.helperId, helperId), isNull(offers.deletedAt)))
    .returning({ id: offers.id });
  // The meeting place or link is the helper's personal data, of no use to the bookings' history: it goes
  // from every offer of theirs, those they deleted before too (review R6).
  await db.update(offers).set({ meetingContactInfo: '' }).where(eq(offers.helperId, helperId));
  return rows.length;
}

/** Payout rule (spec 1 section 5): a paid option needs an account whose details are submitted. */
export async function hasSubmittedPayoutAccount(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.detailsSubmitted, true)))
    .limit(1);
  return row !== undefined;
}

/** A seeker sees the contact information once they hold a confirmed booking of the offer (DESIGN.md section 8). */
export async function hasConfirmedBooking(db: Executor, offerId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.offerId, offerId), eq(bookings.userId, userId), inArray(bookings.status, CONFIRMED_STATUSES)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Bookings that still hold the helper's time: confirmed ones not yet over, and payment holds not yet
 * expired (their payment could still confirm a booking of a deleted offer).
 */
export async function hasActiveBookings(db: Executor, offerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.offerId, offerId),
        gt(bookings.endAt, sql`now()`),
        or(
          inArray(bookings.status, CONFIRMED_STATUSES),
          and(eq(bookings.status, PAYMENT_HOLD_STATUS), gt(bookings.holdExpiresAt, sql`now()`)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Hides (visible false) one live offer or every live offer of a helper, leaving hidden and deleted
 * ones alone; answers the ids hidden. A report's decision (issue 13 section 1).
 */
export async function hideLiveOffers(
  db: Executor,
  where: { offerId: string } | { helperId: string },
): Promise<string[]> {
  const rows = await db
    .update(offers)
    .set({ visible: false, updatedAt: sql`now()` })
    .where(
      and(
        'offerId' in where ? eq(offers.id, where.offerId) : eq(offers.helperId, where.helperId),
        eq(offers.visible, true),
        isNull(offers.deletedAt),
      ),
    )
    .returning({ id: offers.id });
  return rows.map((row) => row.id);
}

/**
 * The listed offers (what a visitor may open) for the sitemap, most recently changed first:
 * id, helper and last change only (offers_listing's partial index holds exactly these rows).
 */
export async function listListedOfferStamps(
  db: Executor,
  limit: number,
): Promise<{ id: string; helperId: string; updatedAt: Date }[]> {
  return db
    .select({ id: offers.id, helperId: offers.helperId, updatedAt: offers.updatedAt })
    .from(offers)
    .where(eq(offers.listed, true))
    .orderBy(desc(offers.updatedAt))
    .limit(limit);
}
