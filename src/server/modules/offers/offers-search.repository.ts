import { asc, sql, type SQL } from 'drizzle-orm';
import type { OfferCategory } from '#shared/constants.ts';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { offers, pricingOptions, searchWords } from '../../db/schema/offers.ts';
import {
  andNotOfHelpers,
  listedAs,
  offerViewColumns,
  offerViewJoins,
  toOfferView,
  type OfferView,
  type OfferViewRow,
} from './offers.repository.ts';
import { estimatedRows } from '../../db/row-estimate.ts';

/**
 * The queries of offer search (DESIGN.md section 8, ADR 0002): the vocabulary behind typo
 * tolerance, the planner's estimate, and the page walk. The offer view they answer with is
 * offers.repository.ts's, so a search result and GET /offers/{id} read the same columns.
 */
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
  /** Helpers whose offers the searcher must not see (blocks either way), sorted; absent when none. */
  excludedHelperIds?: readonly string[];
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

/** The text query to_tsquery() makes of `filters.tsQuery`, or null for a search without words. */
function tsQueryOf(filters: SearchFilters): SQL | null {
  return filters.tsQuery ? sql`to_tsquery('french', ${filters.tsQuery})` : null;
}

/**
 * Every filter of a search as one condition on `o`; `tsQuery` is the text query as an expression.
 * Price and duration must hold for one single option. An absent price or duration filter is a null
 * parameter rather than a missing condition, so the text of the statement, and with it the
 * statements each connection prepares (executePrepared), has few shapes.
 */
function searchCondition(filters: SearchFilters, tsQuery: SQL | null): SQL {
  const conditions: SQL[] = [sql`${listedAs(filters.viewerId)}${andNotOfHelpers(filters.excludedHelperIds)}`];
  if (filters.category) conditions.push(sql`o.category = ${filters.category}`);
  if (filters.helperId) conditions.push(sql`o.helper_id = ${filters.helperId}`);
  if (tsQuery) conditions.push(sql`o.search_vector @@ ${tsQuery}`);
  const { minPrice = null, maxPrice = null, duration = null } = filters;
  if (minPrice !== null || maxPrice !== null || duration !== null) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${pricingOptions} p WHERE p.offer_id = o.id
      AND (${minPrice}::int IS NULL OR p.price_cents >= ${minPrice}::int)
      AND (${maxPrice}::int IS NULL OR p.price_cents <= ${maxPrice}::int)
      AND (${duration}::int IS NULL OR p.duration_minutes = ${duration}::int))`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * The planner's row estimate for a search (EXPLAIN plans without running: a fraction of a
 * millisecond), for the total of a search broader than SEARCH_RANK_WINDOW.
 */
export async function estimateSearchMatches(db: Executor, filters: SearchFilters): Promise<number> {
  return estimatedRows(db, sql`SELECT 1 FROM ${offers} o WHERE ${searchCondition(filters, tsQueryOf(filters))}`);
}

/**
 * One page of matching offers, and how many matches were seen on the way: all of them when
 * `allSeen`, else at least that many (the caller estimates the total). `newestHeldOnly` is set when
 * the newest offers were tried first and held too few matches for this page: how many they held
 * (the whole table was searched after them).
 */
export type SearchPage = {
  views: OfferView[];
  matchesSeen: number;
  allSeen: boolean;
  newestHeldOnly: number | undefined;
};

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
 * How far the newest-first walk may go when the first SEARCH_RECENT_SCAN offers held some matches
 * but too few: at their density, a page needing at most this many offers is walked for (prepared,
 * no planning), a sparser one goes to the whole table, planned for its words. At such densities the
 * walk costs about what the GIN index does (a name in 3 % of 100 000 offers: 1.5 ms against 1.9 ms),
 * and it is what the planner itself picks when a price or duration filter narrows a common word.
 */
export const SEARCH_LONGEST_WALK = 2 * SEARCH_RECENT_SCAN;

/**
 * The walk that should find `fetched` matches when the first SEARCH_RECENT_SCAN offers held `held`
 * (with a quarter more for the density to vary), or null beyond SEARCH_LONGEST_WALK.
 */
export function walkFor(held: number, fetched: number): number | null {
  if (held >= fetched) return SEARCH_RECENT_SCAN;
  if (held <= 0) return null;
  const walk = Math.ceil(((fetched * SEARCH_RECENT_SCAN) / held) * 1.25);
  return walk <= SEARCH_LONGEST_WALK ? walk : null;
}

/**
 * Whether a search may look through the newest listed offers first: public searches only. A helper's
 * own hidden offers are outside the listing indexes, and one helper's offers are few, found through
 * offers_helper_idx.
 */
export function searchesNewestFirst(filters: SearchFilters): boolean {
  return filters.viewerId === undefined && filters.helperId === undefined;
}

/**
 * The end of a search statement, after a `candidates` CTE holding the newest matches: how many there
 * are (`seen`) and the views of one page of them, the SEARCH_RANK_WINDOW newest by relevance
 * (ts_rank_cd, then newest), then any older ones newest first; without a text query, newest first.
 * The views come in the same statement: a second query cost a round trip on every search.
 */
function pageOfCandidates(window: SearchWindow): SQL {
  return sql`
    page AS MATERIALIZED (
      SELECT m.id, row_number() OVER (
               ORDER BY CASE WHEN m.rn <= ${SEARCH_RANK_WINDOW} THEN m.rank END DESC NULLS LAST,
                        m.created_at DESC NULLS LAST, m.id DESC) AS position
      FROM (
        SELECT c.id, c.created_at, c.rank,
               row_number() OVER (ORDER BY c.created_at DESC NULLS LAST, c.id DESC) AS rn
        FROM candidates c
      ) m
      ORDER BY position
      OFFSET ${window.offset} LIMIT ${window.limit}
    )
    SELECT (SELECT count(*) FROM candidates)::int AS seen, ${offerViewColumns}
    FROM page JOIN ${offers} o ON o.id = page.id ${offerViewJoins}
    ORDER BY page.position`;
}

/**
 * The `fetched` newest matches of `where` among the rows of `from` (aliased `o`), with their
 * relevance to `tsQuery` (null without one): computed here, for the matches only, so the tsvectors
 * are not carried through the rest of the statement.
 */
function newestMatches(from: SQL, where: SQL, tsQuery: SQL | null, fetched: number): SQL {
  const rank = tsQuery ? sql`ts_rank_cd(o.search_vector, ${tsQuery})` : sql`NULL::real`;
  return sql`
    SELECT o.id, o.created_at, ${rank} AS rank FROM ${from} o
    WHERE ${where}
    ORDER BY o.created_at DESC NULLS LAST, o.id DESC
    LIMIT ${fetched}`;
}

type SearchRow = OfferViewRow & { seen: number };

/**
 * The page from the `walk` newest listed offers when they hold `fetched` matches, else how many they
 * hold (then only a longer walk or the whole table has the right page; null: not counted, the page
 * asked lies past all of them).
 *
 * A prepared statement (executePrepared) whose plan does not depend on the words searched: the text
 * query is computed once per run (the `query` CTE, read through an InitPlan) instead of being folded
 * into the plan, and the plan is the same for every word anyway, a bounded walk in listing order.
 * Planning it on every search was half of its database time under load.
 */
async function pageFromNewest(
  db: Executor,
  filters: SearchFilters,
  window: SearchWindow,
  fetched: number,
  walk: number,
): Promise<{ rows: SearchRow[] } | { heldOnly: number | null }> {
  const tsQuery = filters.tsQuery ? sql`(SELECT tsq FROM query)` : null;
  // helper_id only for a searcher with blocks (andNotOfHelpers): the public statement stays as measured.
  const helperColumn = filters.excludedHelperIds?.length ? sql`, o0.helper_id` : sql``;
  const newest = sql`(
      SELECT o0.id, o0.category, o0.listed, o0.created_at, o0.search_vector${helperColumn}
      FROM ${offers} o0
      WHERE o0.listed ${filters.category ? sql`AND o0.category = ${filters.category}` : sql``}
      ORDER BY o0.created_at DESC NULLS LAST, o0.id DESC
      LIMIT ${walk})`;
  const rows = await executePrepared<SearchRow>(
    db,
    'search_newest_offers',
    sql`
    WITH ${filters.tsQuery ? sql`query AS (SELECT to_tsquery('french', ${filters.tsQuery}) AS tsq),` : sql``}
    candidates AS MATERIALIZED (${newestMatches(newest, searchCondition(filters, tsQuery), tsQuery, fetched)}),
    ${pageOfCandidates(window)}`,
  );
  // The page lies within the first `fetched` matches: with that many seen, it is complete.
  const seen = rows[0] ? Number(rows[0].seen) : null;
  return seen !== null && seen >= fetched ? { rows } : { heldOnly: seen };
}

/**
 * One page of matching offers, in the order of pageOfCandidates. The newest matches up to the end
 * of the rank window (or of the page, if deeper) come, in this order of preference:
 * - from the SEARCH_RECENT_SCAN newest listed offers, when enough of them match (skipped when
 *   `newestHeldOnly`, learnt by an earlier search with the same filters, says they cannot);
 * - from a longer walk, when those offers showed the matches dense enough (walkFor);
 * - from the whole table, in a statement planned for its words: the GIN index for rare words, a
 *   walk in listing order for common words narrowed by other filters.
 * Fewer rows than asked means they are all the matches.
 */
export async function searchOffers(
  db: Executor,
  filters: SearchFilters,
  window: SearchWindow,
  options: { newestHeldOnly?: number } = {},
): Promise<SearchPage> {
  const fetched = Math.max(SEARCH_RANK_WINDOW + 1, window.offset + window.limit);
  // Set only when this search measured it, for the caller to remember.
  let newestHeldOnly: number | undefined;
  if (searchesNewestFirst(filters)) {
    let held = options.newestHeldOnly;
    if (held === undefined || held >= fetched) {
      const newest = await pageFromNewest(db, filters, window, fetched, SEARCH_RECENT_SCAN);
      if ('rows' in newest) {
        return { views: newest.rows.map(toOfferView), matchesSeen: fetched, allSeen: false, newestHeldOnly };
      }
      held = newestHeldOnly = newest.heldOnly ?? undefined;
    }
    const walk = held === undefined ? null : walkFor(held, fetched);
    if (walk !== null && walk > SEARCH_RECENT_SCAN) {
      const further = await pageFromNewest(db, filters, window, fetched, walk);
      if ('rows' in further) {
        return { views: further.rows.map(toOfferView), matchesSeen: fetched, allSeen: false, newestHeldOnly };
      }
    }
  }
  const tsQuery = tsQueryOf(filters);
  const where = searchCondition(filters, tsQuery);
  const result = await db.execute(sql`
    WITH candidates AS MATERIALIZED (${newestMatches(sql`${offers}`, where, tsQuery, fetched)}),
    ${pageOfCandidates(window)}`);
  const rows = (result as { rows: SearchRow[] }).rows;
  let seen = rows[0] ? Number(rows[0].seen) : null;
  if (seen === null) {
    // Past the last page (or nothing at all): the matches still need counting, up to the same bound.
    const counted = await db.execute(
      sql`SELECT count(*)::int AS seen FROM (SELECT 1 FROM ${offers} o WHERE ${where} LIMIT ${fetched}) AS s`,
    );
    seen = Number((counted as { rows: { seen: number }[] }).rows[0]?.seen ?? 0);
  }
  return { views: rows.map(toOfferView), matchesSeen: seen, allSeen: seen < fetched, newestHeldOnly };
}
