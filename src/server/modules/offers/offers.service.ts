import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import { charterErrors } from '#shared/messages/charter.ts';
import { isAdminRole, isHelperRole } from '#shared/rules/roles.ts';
import { payoutRuleAllows } from '#shared/rules/pricing.ts';
import type { AdminOfferUpdate } from '#shared/schemas/admin.ts';
import type { OfferCreateInput, OfferUpdateInput, PrivateOffer, PublicOffer } from '#shared/schemas/offers.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { OfferRow } from '../../db/schema/offers.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { toPrivateOffer, toPublicOffer } from './offer-dto.ts';
import { hiddenByBlock } from '../blocks/blocks.service.ts';
import { hasAcceptedCurrentCharter } from '../users/users.service.ts';
import { excludedHelpersFor, forgetSearchReuse, listViewerId, offerAccess } from './offers-search.service.ts';
import * as repo from './offers.repository.ts';

// ---------------------------------------------------------------------------------------------
// Reading

/*
 * Who may do what with an offer (spec 1 section 6, spec 2 sections 2, 3 and 6, DESIGN.md section 14):
 * - Writes (create, update, delete) and the owner's private view are for helpers in helper mode,
 *   on their own offers. A helper who switched to seeker mode gets 403 HELPER_ROLE_REQUIRED until
 *   they switch back; their offers are theirs again then.
 * - Admins read every live offer, hidden or not, and its private view. They do not write through
 *   the owner routes: the admin console's moderation (hide, show, edit title, description, price and
 *   duration, delete any offer: spec 2 section 6) has its own admin view of an offer (spec 2
 *   section 3) and comes with its own endpoints, which will call this service. Until then an
 *   admin's write answers 403 HELPER_ROLE_REQUIRED, like any non-helper's.
 * - An offer the caller may not see (a hidden one not theirs, a deleted one) answers 404
 *   OFFER_NOT_FOUND everywhere, so its existence does not leak. A visible offer of someone else
 *   answers 403: NOT_OFFER_OWNER to a write, CONTACT_INFO_FORBIDDEN to the private view without a
 *   confirmed booking (the spec's 403 on contact information).
 */

const offerNotFound = () => notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);

/** Offer writes need helper mode; the routes check it too, before validating the body. */
function assertHelperMode(user: UserRow): void {
  if (!isHelperRole(user.role)) throw forbidden(ErrorCode.HELPER_ROLE_REQUIRED, offerMessages.helperRequired);
}

/**
 * Publishing (a new offer, or a hidden one shown again) needs the current helper charter accepted: a
 * new version of the charter is accepted again before the next one. Offers already shown stay.
 */
async function assertCharterForPublishing(db: Executor, helper: UserRow): Promise<void> {
  if (!(await hasAcceptedCurrentCharter(db, helper.id))) {
    throw forbidden(ErrorCode.CHARTER_NOT_ACCEPTED, charterErrors.notAcceptedToPublish);
  }
}

async function loadView(db: Executor, id: string): Promise<repo.OfferView> {
  const view = await repo.findOfferView(db, id);
  if (!view) throw offerNotFound();
  return view;
}

/**
 * GET /offers/ and /offers/for-user: visible offers of helpers, newest first; never those of people
 * the caller (`askerId`, else `viewer`) blocked or was blocked by (issue 13 section 2).
 */
export async function listOffers(
  ctx: AppContext,
  params: { skip: number; limit: number; viewer?: UserRow | null; askerId?: string },
): Promise<PublicOffer[]> {
  const views = await repo.listOfferViews(ctx.db, {
    skip: params.skip,
    limit: params.limit,
    viewerId: listViewerId(params.viewer),
    excludedHelperIds: await excludedHelpersFor(ctx.db, params.askerId ?? params.viewer?.id),
  });
  return views.map(toPublicOffer);
}

/**
 * GET /offers/{id}: a hidden offer exists only for its helper and admins, a deleted one only for its
 * helper (booking history); for everyone else both are 404, as if they never existed. So is an offer
 * of someone the viewer blocked or was blocked by (issue 13 section 2; admins still read it).
 */
export async function getOffer(ctx: AppContext, id: string, viewer: UserRow | null): Promise<PublicOffer> {
  return toPublicOffer(await loadViewShownTo(ctx.db, id, viewer));
}

/** The offer as getOffer shows it to `viewer`, or 404 OFFER_NOT_FOUND for one they may not see. */
async function loadViewShownTo(db: Executor, id: string, viewer: UserRow | null) {
  const view = await loadView(db, id);
  await assertShownTo(db, { helperId: view.helperId, visible: view.visible, deleted: view.deletedAt !== null }, viewer);
  return view;
}

/** getOffer's rules: 404 OFFER_NOT_FOUND for an offer `viewer` may not see. */
async function assertShownTo(db: Executor, offer: repo.OfferAccess, viewer: UserRow | null): Promise<void> {
  const isOwner = viewer?.id === offer.helperId;
  if (offer.deleted && !isOwner) throw offerNotFound();
  if (!offer.visible && !isOwner && !isAdminRole(viewer?.role)) throw offerNotFound();
  if (await hiddenByBlock(db, viewer, offer.helperId)) throw offerNotFound();
}

/**
 * 404 OFFER_NOT_FOUND unless `viewer` may see the offer (getOffer's rules) and it is `helperId`'s:
 * what the offer's free windows answer first (GET /time-slots/helper/{id}/fragments?offer_id=), so
 * that the calendar of a hidden or deleted offer is no more readable than the offer itself. Every
 * open booking page asks every 15 s: the offer's facts come from the process's cache (dropped at every
 * offer write), and only a logged-in viewer who is not its helper costs a query (the blocks).
 */
export async function assertOfferOfHelperShownTo(
  db: Executor,
  offerId: string,
  helperId: string,
  viewer: UserRow | null,
): Promise<void> {
  const access = await offerAccess(db, offerId);
  if (!access || access.helperId !== helperId.toLowerCase()) throw offerNotFound();
  await assertShownTo(db, access, viewer);
}

/**
 * GET /offers/{id}/private: contact information goes to the helper in helper mode, admins, and a
 * seeker holding a scheduled or paid booking of the offer (DESIGN.md section 8). Anyone else gets
 * 403 for a visible offer (spec 1 section 6) and 404 for one they may not see.
 */
export async function getPrivateOffer(ctx: AppContext, id: string, viewer: UserRow): Promise<PrivateOffer> {
  const view = await loadView(ctx.db, id);
  if (isAdminRole(viewer.role)) return toPrivateOffer(view);
  if (viewer.id === view.helperId) {
    assertHelperMode(viewer);
    return toPrivateOffer(view);
  }
  if (view.deletedAt) throw offerNotFound();
  // A booking made before the helper hid the offer still needs the contact information.
  if (await repo.hasConfirmedBooking(ctx.db, id, viewer.id)) return toPrivateOffer(view);
  if (!view.visible) throw offerNotFound();
  throw forbidden(ErrorCode.CONTACT_INFO_FORBIDDEN, offerMessages.contactForbidden);
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

/** POST /offers/: helpers in helper mode only. */
export async function createOffer(ctx: AppContext, helper: UserRow, input: OfferCreateInput): Promise<PrivateOffer> {
  assertHelperMode(helper);
  await assertCharterForPublishing(ctx.db, helper);
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

/**
 * The offer a helper wants to change or attach slots to: it must exist, not be deleted, and be theirs.
 * Someone else's hidden offer answers 404 like a missing one; a visible one, 403.
 */
async function ownedOffer(db: Executor, id: string, user: UserRow, lock = false): Promise<OfferRow> {
  assertHelperMode(user);
  const row = await repo.findOfferRow(db, id, { forUpdate: lock });
  if (!row || row.deletedAt) throw offerNotFound();
  if (row.helperId !== user.id) {
    if (!row.visible) throw offerNotFound();
    throw forbidden(ErrorCode.NOT_OFFER_OWNER, offerMessages.notOwner);
  }
  return row;
}

/** For the slots module: a slot may be tied only to one of the helper's own live offers. */
export async function assertOwnOffer(db: Executor, offerId: string, helper: UserRow): Promise<void> {
  await ownedOffer(db, offerId, helper);
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
    if (input.visible === true && !row.visible) await assertCharterForPublishing(tx, user);
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

/**
 * An erasure (issue 13 section 4) removes every offer of the helper, inside the caller's transaction:
 * soft deletes, so past bookings keep their offer. Unlike DELETE /offers/{id} nothing is refused: the
 * caller has cancelled the upcoming bookings first. The caller runs `forgetOfferSearchReuse` after
 * its commit.
 */
export async function removeOffersOfHelper(tx: Executor, helperId: string): Promise<number> {
  return repo.softDeleteOffersOf(tx, helperId);
}

/** The offers a visitor may open (sitemap.xml), most recently changed first, at most `limit`. */
export function listListedOfferStamps(
  ctx: AppContext,
  limit: number,
): Promise<{ id: string; helperId: string; updatedAt: Date }[]> {
  return repo.listListedOfferStamps(ctx.db, limit);
}

/** After offers changed outside this service's own calls: this process's search caches start again. */
export function forgetOfferSearchReuse(ctx: AppContext): void {
  forgetSearchReuse(ctx.db);
}

// ---------------------------------------------------------------------------------------------
// Moderation by an admin (spec 2 section 6: list, hide, show, edit title, description, price and
// duration, delete any offer). The admin module checks the role and writes the audit row through
// `audit`, inside the same transaction, with the changed fields before and after.

/** The changed fields of a moderated offer, before and after (snake_case, as the API names them). */
export type OfferModeration = { before: Record<string, unknown>; after: Record<string, unknown> };
export type ModerationAudit = (tx: Executor, change: OfferModeration) => Promise<void>;

/** A live (not deleted) offer, locked for the rest of the transaction; deleted or missing is 404. */
async function moderatedOffer(db: Executor, id: string): Promise<OfferRow> {
  const row = await repo.findOfferRow(db, id, { forUpdate: true });
  if (!row || row.deletedAt) throw offerNotFound();
  return row;
}

/**
 * PUT /admin/offers/{id}: title and description on the offer, price and duration on its FIRST pricing
 * option (the headline price every response copies), changed in place. The offer form's rules hold:
 * a paid price needs the helper's payout account (an admin cannot make a booking payable to nobody),
 * and two options of one duration are refused (a booking picks its option by duration). Only the
 * fields that change are written and audited; nothing changed writes nothing.
 */
export async function moderateOfferFields(
  ctx: AppContext,
  id: string,
  input: AdminOfferUpdate,
  audit: ModerationAudit,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await moderatedOffer(tx, id);
    const [first, ...others] = await repo.findPricingOptions(tx, row.id);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (field: string, old: unknown, next: unknown) => {
      if (next === undefined || next === old) return false;
      before[field] = old;
      after[field] = next;
      return true;
    };
    const titleChanged = note('title', row.title, input.title);
    const descriptionChanged = note('description', row.description, input.description);
    const priceChanged = first !== undefined && note('price_cents', first.priceCents, input.price_cents);
    const durationChanged =
      first !== undefined && note('duration_minutes', first.durationMinutes, input.duration_minutes);
    if (Object.keys(after).length === 0) return;

    if (priceChanged) await assertPayoutRule(tx, row.helperId, [{ price_cents: input.price_cents ?? 0 }]);
    if (durationChanged && others.some((option) => option.durationMinutes === input.duration_minutes)) {
      throw conflict(ErrorCode.PRICING_DURATION_DUPLICATE, offerMessages.pricingDurationDuplicate);
    }
    // Always written, so updated_at moves on a price-only change too (undefined fields are left alone).
    await repo.updateOffer(tx, row.id, {
      title: titleChanged ? input.title : undefined,
      description: descriptionChanged ? input.description : undefined,
    });
    if (first && (priceChanged || durationChanged)) {
      await repo.updatePricingOption(tx, first.id, {
        priceCents: priceChanged ? input.price_cents : undefined,
        durationMinutes: durationChanged ? input.duration_minutes : undefined,
      });
    }
    await audit(tx, { before, after });
  });
  forgetSearchReuse(ctx.db);
}

/** POST /admin/offers/{id}/toggle: visible ↔ hidden. A hidden offer leaves lists and searches at once. Returns the new visibility. */
export async function toggleOfferVisibility(ctx: AppContext, id: string, audit: ModerationAudit): Promise<boolean> {
  const visible = await ctx.db.transaction(async (tx) => {
    const row = await moderatedOffer(tx, id);
    await repo.updateOffer(tx, row.id, { visible: !row.visible });
    await audit(tx, { before: { visible: row.visible }, after: { visible: !row.visible } });
    return !row.visible;
  });
  forgetSearchReuse(ctx.db);
  return visible;
}

/**
 * DELETE /admin/offers/{id}: the helper's rule holds for admins too: a soft delete (bookings keep
 * their offer), refused with OFFER_HAS_ACTIVE_BOOKINGS while a booking still holds the helper's time,
 * since a seeker with a paid or scheduled session still needs the offer and its contact information.
 * An offer that must go at once is hidden (toggle), which takes it out of search immediately.
 */
export async function moderateOfferDelete(ctx: AppContext, id: string, audit: ModerationAudit): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await moderatedOffer(tx, id);
    if (await repo.hasActiveBookings(tx, row.id)) {
      throw conflict(ErrorCode.OFFER_HAS_ACTIVE_BOOKINGS, offerMessages.hasActiveBookings);
    }
    await repo.softDeleteOffer(tx, row.id);
    await audit(tx, { before: { deleted: false, visible: row.visible }, after: { deleted: true, visible: false } });
  });
  forgetSearchReuse(ctx.db);
}

/**
 * A report's decision (issue 13 section 1), inside the caller's transaction: hides one offer
 * (`hide_offer`) or every offer of a suspended helper, which leaves lists, searches and booking at
 * once (offers.listed follows `visible`). Answers the ids it hid; after the commit the caller runs
 * forgetOfferSearchReuse.
 */
export async function hideOffersForModeration(
  tx: Executor,
  where: { offerId: string } | { helperId: string },
): Promise<string[]> {
  return repo.hideLiveOffers(tx, where);
}
