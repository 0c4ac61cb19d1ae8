import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OfferCategory } from '#shared/constants.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { offers, pricingOptions, searchWords, type OfferRow, type PricingOptionRow } from '../../db/schema/offers.ts';
import { payoutAccounts } from '../../db/schema/payouts.ts';
import { users } from '../../db/schema/users.ts';

/** An offer with what every response embeds: its helper's public fields, its options and the helper's rating. */
export type OfferView = Omit<OfferRow, 'searchText' | 'searchVector'> & {
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
 * Newest first, in the order of offers_listing_idx / offers_category_idx (`created_at DESC NULLS
 * LAST`): a plain `DESC` means NULLS FIRST and would make PostgreSQL sort every row instead.
 */
const newestFirst = [sql`${offers.createdAt} DESC NULLS LAST`, desc(offers.id)];

/** Who sees an offer in lists: visible offers of helpers, plus, for a logged-in helper, their own hidden ones. */
function listedBy(viewerId: string | undefined): SQL {
  const publicOffer = and(eq(offers.visible, true), eq(users.role, 'helper'));
  const condition = viewerId ? or(publicOffer, eq(offers.helperId, viewerId)) : publicOffer;
  return and(isNull(offers.deletedAt), condition) as SQL;
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

/** Ids of one page of the public listing, newest first (served by offers_listing_idx). */
export async function listOfferIds(
  db: Executor,
  params: { skip: number; limit: number; viewerId?: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.helperId))
    .where(listedBy(params.viewerId))
    .orderBy(...newestFirst)
    .offset(params.skip)
    .limit(params.limit);
  return rows.map((row) => row.id);
}

/** What responses read of an offer: not the search columns (a tsvector is bigger than the offer's text). */
const { searchText: _searchText, searchVector: _searchVector, ...viewColumns } = getTableColumns(offers);

/** Pricing options as they come out of the JSON aggregate of loadOfferViews. */
type OptionJson = { id: string; duration_minutes: number; price_cents: number; position: number };

function selectOfferViews(db: Executor) {
  return db
    .select({
      offer: viewColumns,
      helper: {
        id: users.id,
        displayName: users.displayName,
        username: users.username,
        avatarUrl: users.avatarUrl,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      ratingAverage: sql<
        number | null
      >`(SELECT avg(${reviews.rating})::float8 FROM ${reviews} WHERE ${reviews.helperId} = ${offers.helperId})`,
      ratingCount: sql<number>`(SELECT count(*)::int FROM ${reviews} WHERE ${reviews.helperId} = ${offers.helperId})`,
      options: sql<OptionJson[] | string>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', ${pricingOptions.id}, 'duration_minutes', ${pricingOptions.durationMinutes},
          'price_cents', ${pricingOptions.priceCents}, 'position', ${pricingOptions.position}
        ) ORDER BY ${pricingOptions.position}), '[]'::json)
        FROM ${pricingOptions} WHERE ${pricingOptions.offerId} = ${offers.id})`,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.helperId))
    .where(sql`${offers.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('load_offer_views');
}

/**
 * The statement of loadOfferViews, built once per database handle: a named prepared statement, so
 * each connection of the PostgreSQL server parses and plans it once instead of on every list and
 * search page (measured: 0.4 ms of the server's time per page).
 */
const offerViewStatements = new WeakMap<Executor, ReturnType<typeof selectOfferViews>>();

/**
 * Offers with helper, pricing options and rating, in the order of `ids`. One statement: the options
 * come as a JSON array per offer (a second query cost a round trip on every list and search page).
 */
export async function loadOfferViews(db: Executor, ids: readonly string[]): Promise<OfferView[]> {
  if (ids.length === 0) return [];
  let statement = offerViewStatements.get(db);
  if (!statement) {
    statement = selectOfferViews(db);
    offerViewStatements.set(db, statement);
  }
  const rows = await statement.execute({ ids: [...ids] });
  const byId = new Map(
    rows.map((row) => {
      const options = (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as OptionJson[];
      const view: OfferView = {
        ...row.offer,
        helper: row.helper,
        ratingAverage: row.ratingAverage === null ? null : Number(row.ratingAverage),
        ratingCount: Number(row.ratingCount),
        options: options.map((option) => ({
          id: option.id,
          offerId: row.offer.id,
          durationMinutes: option.duration_minutes,
          priceCents: option.price_cents,
          position: option.position,
        })),
      };
      return [row.offer.id, view] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((view): view is OfferView => view !== undefined);
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

export async function softDeleteOffer(db: Executor, id: string): Promise<void> {
  await db
    .update(offers)
    .set({ deletedAt: sql`now()`, visible: false, updatedAt: sql`now()` })
    .where(and(eq(offers.id, id), isNull(offers.deletedAt)));
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
      and(eq(bookings.offerId, offerId), eq(bookings.userId, userId), inArray(bookings.status, ['scheduled', 'paid'])),
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
          inArray(bookings.status, ['scheduled', 'paid']),
          and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, sql`now()`)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Search

// The trigram threshold of `%` is a session setting made when connections open (db/client.ts).

/** Candidate vocabulary words for each query word, found through the GIN trigram index on search_words. */
export async function findVocabularyNeighbours(
  db: Executor,
  words: readonly string[],
  perWord: number,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (words.length === 0) return result;
  const queryWords = sql`unnest(ARRAY[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]) AS q(w)`;
  // `%` (not a similarity() filter) is what lets PostgreSQL use search_words_trgm_idx.
  const rows = await db
    .select({ queryWord: sql<string>`q.w`, word: sql<string>`c.word` })
    .from(queryWords)
    .innerJoinLateral(
      db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % q.w`)
        .orderBy(sql`similarity(${searchWords.word}, q.w) DESC`, asc(searchWords.word))
        .limit(perWord)
        .as('c'),
      sql`true`,
    );
  for (const row of rows) {
    const list = result.get(row.queryWord) ?? [];
    list.push(row.word);
    result.set(row.queryWord, list);
  }
  return result;
}

export type SearchFilters = {
  tsQuery: string | null;
  category?: OfferCategory;
  minPrice?: number;
  maxPrice?: number;
  duration?: number;
  helperId?: string;
  viewerId?: string;
};

export type SearchWindow = { offset: number; limit: number };

/**
 * How many of the newest matches a search ranks by relevance, and counts exactly. Ranking reads every
 * candidate's tsvector and counting visits every match: with 9 000 matches (a broad word on 100 000
 * offers) that is 90 ms of database time per request, so both are bounded. A query with at most this
 * many matches is ranked and counted exactly; a broader one ranks its newest matches and reports an
 * estimated total (`totalIsEstimate`). A hundred is eight pages of twelve in relevance order; with
 * 200 a broad word cost twice the rows walked (measured on 100 000 offers: 1.7 ms against 3 ms).
 */
export const SEARCH_RANK_WINDOW = 100;

/** Listed offers as one condition on `o` (the alias the search statements use). */
function listedAs(viewerId: string | undefined): SQL {
  // EXISTS, not a join: the page needs only offer ids, and each candidate costs one users_pkey probe.
  const publicOffer = sql`(o.visible AND EXISTS (SELECT 1 FROM ${users} u WHERE u.id = o.helper_id AND u.role = 'helper'))`;
  return viewerId
    ? sql`o.deleted_at IS NULL AND (${publicOffer} OR o.helper_id = ${viewerId})`
    : sql`o.deleted_at IS NULL AND ${publicOffer}`;
}

function tsQueryOf(filters: SearchFilters): SQL | null {
  return filters.tsQuery ? sql`to_tsquery('french', ${filters.tsQuery})` : null;
}

/** Every filter of a search as one condition on `o`. Price and duration must hold for one single option. */
function searchCondition(filters: SearchFilters): SQL {
  const conditions: SQL[] = [listedAs(filters.viewerId)];
  if (filters.category) conditions.push(sql`o.category = ${filters.category}`);
  if (filters.helperId) conditions.push(sql`o.helper_id = ${filters.helperId}`);
  const tsQuery = tsQueryOf(filters);
  if (tsQuery) conditions.push(sql`o.search_vector @@ ${tsQuery}`);
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined || filters.duration !== undefined) {
    const optionConditions: SQL[] = [sql`p.offer_id = o.id`];
    if (filters.minPrice !== undefined) optionConditions.push(sql`p.price_cents >= ${filters.minPrice}`);
    if (filters.maxPrice !== undefined) optionConditions.push(sql`p.price_cents <= ${filters.maxPrice}`);
    if (filters.duration !== undefined) optionConditions.push(sql`p.duration_minutes = ${filters.duration}`);
    conditions.push(sql`EXISTS (SELECT 1 FROM ${pricingOptions} p WHERE ${sql.join(optionConditions, sql` AND `)})`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * The planner's row estimate for a search (EXPLAIN plans without running: a fraction of a
 * millisecond), for the total of a search broader than SEARCH_RANK_WINDOW.
 */
export async function estimateSearchMatches(db: Executor, filters: SearchFilters): Promise<number> {
  const result = await db.execute(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${offers} o WHERE ${searchCondition(filters)}`,
  );
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * One page of matching offer ids, and how many matches were seen on the way: all of them when
 * `allSeen`, else at least that many (the caller estimates the total).
 */
export type SearchPage = { ids: string[]; matchesSeen: number; allSeen: boolean };

/**
 * How many of the newest listed offers a public search first looks through for its SEARCH_RANK_WINDOW
 * newest matches. A broad query finds them there (a bounded walk of offers_listing_idx or
 * offers_category_idx); a narrower one goes on to the whole table, where the GIN index finds its few
 * matches. Without this first step the planner chooses alone, and words that come together ("reconversion
 * professionnelle") make it expect a few hundred matches where there are thousands: a bitmap scan of
 * every match, 30 to 50 ms instead of 3 on 100 000 offers.
 */
export const SEARCH_RECENT_SCAN = 3000;

/**
 * One page of matching offer ids. The order: the SEARCH_RANK_WINDOW newest matches by relevance
 * (ts_rank_cd, then newest), then any older matches newest first; without a text query, newest first.
 *
 * One statement fetches the newest matches up to the end of the window (or of the page, if deeper):
 * from the SEARCH_RECENT_SCAN newest offers when enough of them match, else from the whole table (the
 * second branch runs only then: PostgreSQL evaluates its gate once, before starting it). Fewer rows
 * than asked means they are all the matches.
 */
export async function searchOfferIds(db: Executor, filters: SearchFilters, window: SearchWindow): Promise<SearchPage> {
  const where = searchCondition(filters);
  const tsQuery = tsQueryOf(filters);
  const fetched = Math.max(SEARCH_RANK_WINDOW + 1, window.offset + window.limit);
  const relevance = tsQuery
    ? sql`CASE WHEN m.rn <= ${SEARCH_RANK_WINDOW} THEN ts_rank_cd(m.search_vector, ${tsQuery}) END DESC NULLS LAST,`
    : sql``;
  const newestMatches = (from: SQL) => sql`
    SELECT o.id, o.created_at, o.search_vector FROM ${from} o
    WHERE ${where}
    ORDER BY o.created_at DESC NULLS LAST, o.id DESC
    LIMIT ${fetched}`;
  // A helper's own hidden offers are outside the listing indexes: their searches skip the first step.
  const candidates =
    filters.viewerId === undefined
      ? sql`
    recent AS MATERIALIZED (${newestMatches(sql`(
      SELECT o0.id, o0.helper_id, o0.category, o0.visible, o0.deleted_at, o0.created_at, o0.search_vector
      FROM ${offers} o0
      WHERE o0.deleted_at IS NULL AND o0.visible ${filters.category ? sql`AND o0.category = ${filters.category}` : sql``}
      ORDER BY o0.created_at DESC NULLS LAST, o0.id DESC
      LIMIT ${SEARCH_RECENT_SCAN})`)}),
    candidates AS (
      SELECT * FROM recent WHERE (SELECT count(*) FROM recent) >= ${fetched}
      UNION ALL
      SELECT * FROM (${newestMatches(sql`${offers}`)}) AS everything
      WHERE (SELECT count(*) FROM recent) < ${fetched}
    )`
      : sql`candidates AS (${newestMatches(sql`${offers}`)})`;
  const result = await db.execute(sql`
    WITH ${candidates},
    m AS MATERIALIZED (
      SELECT c.id, c.created_at, c.search_vector,
             row_number() OVER (ORDER BY c.created_at DESC NULLS LAST, c.id DESC) AS rn
      FROM candidates c
    )
    SELECT m.id, (SELECT count(*) FROM m)::int AS seen
    FROM m
    ORDER BY ${relevance} m.created_at DESC NULLS LAST, m.id DESC
    OFFSET ${window.offset} LIMIT ${window.limit}`);
  const rows = (result as { rows: { id: string; seen: number }[] }).rows;
  const ids = rows.map((row) => row.id);
  let seen = rows[0] ? Number(rows[0].seen) : null;
  if (seen === null) {
    // Past the last page (or nothing at all): the matches still need counting, up to the same bound.
    const counted = await db.execute(
      sql`SELECT count(*)::int AS seen FROM (SELECT 1 FROM ${offers} o WHERE ${where} LIMIT ${fetched}) AS s`,
    );
    seen = Number((counted as { rows: { seen: number }[] }).rows[0]?.seen ?? 0);
  }
  return { ids, matchesSeen: seen, allSeen: seen < fetched };
}
