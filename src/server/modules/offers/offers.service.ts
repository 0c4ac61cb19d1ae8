import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages.ts';
import { isAdminRole, isHelperRole } from '#shared/rules/roles.ts';
import { payoutRuleAllows, headlinePricing } from '#shared/rules/pricing.ts';
import {
  buildTsQuery,
  correctableWords,
  normalizeSearchQuery,
  parseSearchTerms,
  typoCorrections,
} from '#shared/rules/search-terms.ts';
import type {
  OfferCreateInput,
  OfferUpdateInput,
  PrivateOffer,
  PublicOffer,
  SearchQuery,
  SearchResponse,
} from '#shared/schemas/offers.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { OfferRow } from '../../db/schema/offers.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { ExpiringCache } from './expiring-cache.ts';
import * as repo from './offers.repository.ts';

/** How many vocabulary neighbours the trigram index proposes per query word before the typo filter. */
const TYPO_CANDIDATES_PER_WORD = 20;

// ---------------------------------------------------------------------------------------------
// DTO mappers: the only way an offer leaves the server (STYLE.md habit 5).

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

/** What anyone may read: never meeting_contact_info. */
export function toPublicOffer(view: repo.OfferView): PublicOffer {
  const options = view.options.map((option) => ({
    id: option.id,
    duration_minutes: option.durationMinutes,
    price_cents: option.priceCents,
  }));
  return {
    id: view.id,
    helper_id: view.helperId,
    helper: {
      id: view.helper.id,
      display_name: view.helper.displayName,
      username: view.helper.username,
      avatar_url: view.helper.avatarUrl,
      full_name: fullName(view.helper.firstName, view.helper.lastName),
    },
    title: view.title,
    description: view.description,
    category: view.category,
    ...headlinePricing(options),
    currency: view.currency,
    visible: view.visible,
    pricing_options: options,
    rating: {
      average: view.ratingAverage === null ? null : Math.round(view.ratingAverage * 10) / 10,
      count: view.ratingCount,
    },
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}

/** The owner's, an admin's or a confirmed seeker's view: public fields plus the contact information. */
export function toPrivateOffer(view: repo.OfferView): PrivateOffer {
  return { ...toPublicOffer(view), meeting_contact_info: view.meetingContactInfo };
}

// ---------------------------------------------------------------------------------------------
// Reading

const offerNotFound = () => notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);

async function loadView(db: Executor, id: string): Promise<repo.OfferView> {
  const view = await repo.findOfferView(db, id);
  if (!view) throw offerNotFound();
  return view;
}

/** A logged-in helper's lists also show their own hidden offers; nobody else's. */
function listViewerId(viewer: UserRow | null | undefined): string | undefined {
  return viewer && isHelperRole(viewer.role) ? viewer.id : undefined;
}

/** GET /offers/ and /offers/for-user: visible offers of helpers, newest first. */
export async function listOffers(
  ctx: AppContext,
  params: { skip: number; limit: number; viewer?: UserRow | null },
): Promise<PublicOffer[]> {
  const views = await repo.listOfferViews(ctx.db, {
    skip: params.skip,
    limit: params.limit,
    viewerId: listViewerId(params.viewer),
  });
  return views.map(toPublicOffer);
}

/**
 * GET /offers/{id}: a hidden offer exists only for its helper and admins, a deleted one only for its
 * helper (booking history); for everyone else both are 404, as if they never existed.
 */
export async function getOffer(ctx: AppContext, id: string, viewer: UserRow | null): Promise<PublicOffer> {
  const view = await loadView(ctx.db, id);
  const isOwner = viewer?.id === view.helperId;
  if (view.deletedAt && !isOwner) throw offerNotFound();
  if (!view.visible && !isOwner && !isAdminRole(viewer?.role)) throw offerNotFound();
  return toPublicOffer(view);
}

/**
 * GET /offers/{id}/private: contact information goes to the helper, admins, and a seeker holding a
 * scheduled or paid booking of the offer (DESIGN.md section 8); everyone else gets 403.
 */
export async function getPrivateOffer(ctx: AppContext, id: string, viewer: UserRow): Promise<PrivateOffer> {
  const view = await loadView(ctx.db, id);
  const isOwner = viewer.id === view.helperId;
  const isAdmin = isAdminRole(viewer.role);
  if (view.deletedAt && !isOwner && !isAdmin) throw offerNotFound();
  if (!isOwner && !isAdmin && !(await repo.hasConfirmedBooking(ctx.db, id, viewer.id))) {
    throw forbidden(ErrorCode.CONTACT_INFO_FORBIDDEN, offerMessages.contactForbidden);
  }
  return toPrivateOffer(view);
}

// ---------------------------------------------------------------------------------------------
// Writing

async function assertPayoutRule(
  db: Executor,
  helperId: string,
  options: readonly { price_cents: number }[],
): Promise<void> {
  if (payoutRuleAllows(options, null)) return;
  const submitted = await repo.hasSubmittedPayoutAccount(db, helperId);
  if (!payoutRuleAllows(options, { details_submitted: submitted })) {
    throw badRequest(ErrorCode.PAYOUT_ACCOUNT_REQUIRED, offerMessages.payoutAccountRequired);
  }
}

const toOptionValues = (options: OfferCreateInput['pricing_options']) =>
  options.map((option) => ({ durationMinutes: option.duration_minutes, priceCents: option.price_cents }));

/** POST /offers/ (the route lets helpers only in). */
export async function createOffer(ctx: AppContext, helper: UserRow, input: OfferCreateInput): Promise<PrivateOffer> {
  await assertPayoutRule(ctx.db, helper.id, input.pricing_options);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertOffer(tx, {
      helperId: helper.id,
      title: input.title,
      description: input.description,
      category: input.category,
      currency: input.currency,
      meetingContactInfo: input.meeting_contact_info,
      visible: input.visible ?? true,
    });
    await repo.replacePricingOptions(tx, row.id, toOptionValues(input.pricing_options));
    return row.id;
  });
  forgetSearchReuse(ctx.db);
  return toPrivateOffer(await loadView(ctx.db, id));
}

/** The offer a user wants to change: it must exist, not be deleted, and be theirs (admins use the admin console). */
async function ownedOffer(db: Executor, id: string, user: UserRow, lock = false): Promise<OfferRow> {
  const row = await repo.findOfferRow(db, id, { forUpdate: lock });
  if (!row || row.deletedAt) throw offerNotFound();
  if (row.helperId !== user.id) throw forbidden(ErrorCode.NOT_OFFER_OWNER, offerMessages.notOwner);
  return row;
}

/** PUT /offers/{id}: any subset of fields; pricing options, when sent, replace the list in one transaction. */
export async function updateOffer(
  ctx: AppContext,
  id: string,
  user: UserRow,
  input: OfferUpdateInput,
): Promise<PrivateOffer> {
  await ctx.db.transaction(async (tx) => {
    const row = await ownedOffer(tx, id, user, true);
    const effectiveOptions =
      input.pricing_options ??
      (await repo.findPricingOptions(tx, row.id)).map((option) => ({ price_cents: option.priceCents }));
    await assertPayoutRule(tx, row.helperId, effectiveOptions);
    await repo.updateOffer(tx, row.id, {
      title: input.title,
      description: input.description,
      category: input.category,
      currency: input.currency,
      meetingContactInfo: input.meeting_contact_info,
      visible: input.visible,
    });
    if (input.pricing_options) await repo.replacePricingOptions(tx, row.id, toOptionValues(input.pricing_options));
  });
  forgetSearchReuse(ctx.db);
  return toPrivateOffer(await loadView(ctx.db, id));
}

/**
 * DELETE /offers/{id}: a soft delete (bookings keep their offer), refused while a booking still holds
 * the helper's time. The offer row is locked so the check and the delete see the same bookings.
 */
export async function deleteOffer(ctx: AppContext, id: string, user: UserRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await ownedOffer(tx, id, user, true);
    if (await repo.hasActiveBookings(tx, row.id)) {
      throw conflict(ErrorCode.OFFER_HAS_ACTIVE_BOOKINGS, offerMessages.hasActiveBookings);
    }
    await repo.softDeleteOffer(tx, row.id);
  });
  forgetSearchReuse(ctx.db);
}

// ---------------------------------------------------------------------------------------------
// Search

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
};
const SEARCH_REUSE_TTL_MS = 60_000;
const SEARCH_REUSE_MAX_ENTRIES = 5_000;
const searchReuseByDatabase = new WeakMap<Executor, SearchReuse>();

function searchReuse(db: Executor): SearchReuse {
  let reuse = searchReuseByDatabase.get(db);
  if (!reuse) {
    reuse = {
      neighbours: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
      estimates: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
      newestHeldOnly: new ExpiringCache(SEARCH_REUSE_TTL_MS, SEARCH_REUSE_MAX_ENTRIES),
    };
    searchReuseByDatabase.set(db, reuse);
  }
  return reuse;
}

/** Called after every offer write: new words and new totals must show at once in this process. */
function forgetSearchReuse(db: Executor): void {
  searchReuseByDatabase.delete(db);
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

/** GET /offers/search and /offers/search-for-user. A query with no searchable word lists everything, newest first. */
export async function searchOffers(
  ctx: AppContext,
  query: SearchQuery,
  viewer?: UserRow | null,
): Promise<SearchResponse> {
  const filters: repo.SearchFilters = {
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
