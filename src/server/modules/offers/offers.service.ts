import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import { payoutRuleAllows } from '#shared/rules/pricing.ts';
import type { OfferCreateInput, OfferUpdateInput, PrivateOffer, PublicOffer } from '#shared/schemas/offers.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { OfferRow } from '../../db/schema/offers.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { toPrivateOffer, toPublicOffer } from './offer-dto.ts';
import { forgetSearchReuse, listViewerId } from './offers-search.service.ts';
import * as repo from './offers.repository.ts';

// ---------------------------------------------------------------------------------------------
// Reading

const offerNotFound = () => notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);

async function loadView(db: Executor, id: string): Promise<repo.OfferView> {
  const view = await repo.findOfferView(db, id);
  if (!view) throw offerNotFound();
  return view;
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
