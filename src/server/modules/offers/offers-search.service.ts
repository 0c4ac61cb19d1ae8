import { isHelperRole } from '#shared/rules/roles.ts';
import {
  buildTsQuery,
  correctableWords,
  normalizeSearchQuery,
  parseSearchTerms,
  typoCorrections,
} from '#shared/rules/search-terms.ts';
import { SearchResponseSchema, type SearchQuery, type SearchResponse } from '#shared/schemas/offers.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { ExpiringCache } from '../../lib/expiring-cache.ts';
import { subscribeToBus } from '../../lib/realtime-bus.ts';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import { blockedIdsOf } from '../blocks/blocks.service.ts';
import { toPublicOffer } from './offer-dto.ts';
import * as repo from './offers-search.repository.ts';
import { findOfferAccess, type OfferAccess } from './offers.repository.ts';

/** How many vocabulary neighbours the trigram index proposes per query word before the typo filter. */
const TYPO_CANDIDATES_PER_WORD = 20;

/** A logged-in helper's lists also show their own hidden offers; nobody else's. */
export function listViewerId(viewer: UserRow | null | undefined): string | undefined {
  return viewer && isHelperRole(viewer.role) ? viewer.id : undefined;
}

/**
 * The helpers a signed-in person must not find (issue 13 section 2): everyone they blocked or were
 * blocked by, sorted so one set of people is one cache key; undefined when none, so their searches
 * share the public keys (same results).
 */
export async function excludedHelpersFor(db: Executor, askerId: string | undefined): Promise<string[] | undefined> {
  if (!askerId) return undefined;
  const ids = await blockedIdsOf(db, askerId);
  return ids.length > 0 ? ids.sort() : undefined;
}

/**
 * What a search may reuse for a while, per database: vocabulary neighbours of a word (the vocabulary
 * only grows, and a word new to it matters only as a typo correction), the planner's estimate of a
 * broad search's total (an estimate already), and how many matches the newest offers held for the
 * searches they held too few for (a deeper page skips that first walk; every path gives the same
 * page, this only saves a walk that would find too little). Offer writes of this process clear all
 * three; another process's writes show within SEARCH_REUSE_TTL_MS.
 */
type SearchReuse = {
  neighbours: ExpiringCache<string, readonly string[]>;
  estimates: ExpiringCache<string, number>;
  newestHeldOnly: ExpiringCache<string, number>;
  /**
   * Whole answers, by request (answerKey), for a few seconds (issue 11: a search costs milliseconds
   * of database and Node time; the same searches come again and again). Every write that can change
   * an answer drops them in every process at its commit: the triggers of migration 0013 send
   * `search.changed` on the bus (startSearchInvalidation). The TTL only bounds what a lost
   * notification could leave behind. Concurrent requests for one search share its computation
   * (SharedAnswers).
   */
  answers: SharedAnswers<CachedAnswer>;
  /**
   * Who may see an offer, by offer id (null: no such offer), for the free windows of a booking page
   * that every open page asks for every 15 s (slots.service fragmentsAnswer): the same drop as the
   * answers, since every write to `offers` sends `search.changed` too.
   */
  access: SharedAnswers<OfferAccess | null>;
};
/** An answer and its JSON, checked against the response schema and serialized once. */
type CachedAnswer = { answer: SearchResponse; json: string };
const SEARCH_REUSE_TTL_MS = 60_000;
const SEARCH_REUSE_MAX_ENTRIES = 5_000;
const SEARCH_ANSWER_TTL_MS = 10_000;
const SEARCH_ANSWER_MAX_ENTRIES = 2_000;
const searchReuseByDatabase = new WeakMap<Executor, SearchReuse>();

function searchReuse(db: Executor): SearchReuse {
  let reuse = searchReuseByDatabase.get(db);
  if (!reuse) {
    reuse = {
      neighbours: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
      estimates: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
      newestHeldOnly: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
      answers: new SharedAnswers(SEARCH_ANSWER_TTL_MS, SEARCH_ANSWER_MAX_ENTRIES),
      access: new SharedAnswers(SEARCH_ANSWER_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
    };
    searchReuseByDatabase.set(db, reuse);
  }
  return reuse;
}

/**
 * Called after every offer write of this process, and on every `search.changed` of the bus: new
 * words, new totals and new answers must show at once. A search that started before keeps its old
 * SearchReuse object, and does not store its answer (SharedAnswers.clear).
 */
export function forgetSearchReuse(db: Executor): void {
  const reuse = searchReuseByDatabase.get(db);
  reuse?.answers.clear();
  reuse?.access.clear();
  searchReuseByDatabase.delete(db);
}

/** Who may see offer `id` (null: no such offer), from this process's cache while no offer was written. */
export function offerAccess(db: Executor, id: string): Promise<OfferAccess | null> {
  const key = id.toLowerCase();
  return searchReuse(db).access.get(key, async () => ({ value: (await findOfferAccess(db, key)) ?? null }));
}

/**
 * Drops this process's search answers whenever any process commits a write that changes one
 * (`search.changed`), and after the bus listener lost notifications. Returns the unsubscribe.
 */
export function startSearchInvalidation(ctx: AppContext): Promise<() => Promise<void>> {
  return subscribeToBus(
    ctx.database,
    (event) => {
      if (event.type === 'search.changed') forgetSearchReuse(ctx.db);
    },
    () => forgetSearchReuse(ctx.db),
  );
}

async function vocabularyNeighbours(db: Executor, words: readonly string[]): Promise<Map<string, readonly string[]>> {
  const cache = searchReuse(db).neighbours;
  const found = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const word of words) {
    const cached = cache.get(word);
    if (cached) found.set(word, cached);
    else missing.push(word);
  }
  if (missing.length > 0) {
    const fetched = await repo.findVocabularyNeighbours(db, missing, TYPO_CANDIDATES_PER_WORD);
    for (const word of missing) {
      const neighbours = fetched.get(word) ?? [];
      cache.set(word, neighbours);
      found.set(word, neighbours);
    }
  }
  return found;
}

/**
 * The tsquery text of a search: normalize like the indexed text, split into terms, add for each word
 * the vocabulary words within one typo (two from eight letters), AND the terms.
 */
export async function searchTsQuery(db: Executor, query: string | undefined): Promise<string | null> {
  if (!query) return null;
  const terms = parseSearchTerms(normalizeSearchQuery(query));
  const words = correctableWords(terms);
  const neighbours = await vocabularyNeighbours(db, words);
  const corrections = new Map(words.map((word) => [word, typoCorrections(word, neighbours.get(word) ?? [])]));
  return buildTsQuery(terms, corrections);
}

/** What identifies a search for SearchReuse: its filters, not its page. */
const searchKey = (filters: repo.SearchFilters) => JSON.stringify(filters);

async function estimatedTotal(db: Executor, filters: repo.SearchFilters, key: string): Promise<number> {
  const cache = searchReuse(db).estimates;
  let estimate = cache.get(key);
  if (estimate === undefined) {
    estimate = await repo.estimateSearchMatches(db, filters);
    cache.set(key, estimate);
  }
  return estimate;
}

/**
 * GET /offers/search and /offers/search-for-user. A query with no searchable word lists everything,
 * newest first. `viewer` (search-for-user) also sees their own hidden offers; `askerId`, whoever sent
 * a token to either route, does not see the offers of people blocked either way. The exclusion is a
 * filter of the statement (pages and totals stay right) and part of every reuse key below.
 */
export async function searchOffers(
  ctx: AppContext,
  query: SearchQuery,
  viewer?: UserRow | null,
  askerId: string | undefined = viewer?.id,
): Promise<SearchResponse> {
  return (await cachedSearch(ctx, query, viewer, askerId)).answer;
}

/**
 * The same answer as JSON text, for the routes: a cached answer is sent as it was serialized the
 * first time (the zod serializer of a page of offers costs more than the rest of a cache hit).
 */
export async function searchOffersJson(
  ctx: AppContext,
  query: SearchQuery,
  viewer?: UserRow | null,
  askerId: string | undefined = viewer?.id,
): Promise<string> {
  return (await cachedSearch(ctx, query, viewer, askerId)).json;
}

async function cachedSearch(
  ctx: AppContext,
  query: SearchQuery,
  viewer: UserRow | null | undefined,
  askerId: string | undefined,
): Promise<CachedAnswer> {
  const reuse = searchReuse(ctx.db);
  const excludedHelperIds = await excludedHelpersFor(ctx.db, askerId);
  // What makes two answers differ: the normalized words, the filters, the page, and the caller's
  // own hidden offers and blocked people (read fresh above: a new block is a new key at once).
  const answerKey = JSON.stringify([
    normalizeSearchQuery(query.query ?? ''),
    query.category ?? null,
    query.min_price ?? null,
    query.max_price ?? null,
    query.duration ?? null,
    query.helper_id ?? null,
    query.page,
    query.limit,
    listViewerId(viewer) ?? null,
    excludedHelperIds ?? null,
  ]);
  return reuse.answers.get(answerKey, async () => {
    const answer = await computeSearch(ctx, query, viewer, excludedHelperIds);
    return { value: { answer, json: JSON.stringify(SearchResponseSchema.parse(answer)) } };
  });
}

async function computeSearch(
  ctx: AppContext,
  query: SearchQuery,
  viewer: UserRow | null | undefined,
  excludedHelperIds: string[] | undefined,
): Promise<SearchResponse> {
  const filters: repo.SearchFilters = {
    excludedHelperIds,
    tsQuery: await searchTsQuery(ctx.db, query.query),
    category: query.category,
    minPrice: query.min_price,
    maxPrice: query.max_price,
    duration: query.duration,
    helperId: query.helper_id,
    viewerId: listViewerId(viewer),
  };
  const heldOnly = searchReuse(ctx.db).newestHeldOnly;
  const key = searchKey(filters);
  const window = { offset: (query.page - 1) * query.limit, limit: query.limit };
  const page = await repo.searchOffers(ctx.db, filters, window, { newestHeldOnly: heldOnly.get(key) });
  if (page.newestHeldOnly !== undefined) heldOnly.set(key, page.newestHeldOnly);
  const total = page.allSeen
    ? page.matchesSeen
    : Math.max(page.matchesSeen, await estimatedTotal(ctx.db, filters, key));
  return {
    items: page.views.map(toPublicOffer),
    total,
    total_is_estimate: !page.allSeen,
    page: query.page,
    limit: query.limit,
  };
}
