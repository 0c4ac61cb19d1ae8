import {
  PAYMENT_HOLD_MINUTES,
  TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS,
  TEST_CHECKOUT_RETURN_PARAM,
  TEST_CHECKOUT_DEFAULT_FEE_CENTS,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { payoutErrors } from '#shared/messages/payouts.ts';
import type { AccountSession, AccountStatus, CreateAccountResponse, DashboardLink } from '#shared/schemas/payments.ts';
import type { AccountStatus as ProviderAccountStatus } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { PayoutAccountRow } from '../../db/schema/payouts.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import {
  findAccountHolder,
  findPayoutAccountOfUser,
  savePayoutAccount,
  updatePayoutFlags,
} from './payouts.repository.ts';

/**
 * Payout accounts (spec 2 sections 4 and 7): a helper's connected account at the provider, and our
 * copy of its three flags in `payout_accounts`. The flags change through `account.updated` events
 * (applyAccountUpdate, called by the webhook handler) and are refreshed from the provider when the
 * helper reads a status that is not active yet, so a lost or late event never leaves it stuck.
 */

const accountNotFound = () => notFound(ErrorCode.PAYOUT_ACCOUNT_NOT_FOUND, payoutErrors.accountNotFound);
const providerError = () => new AppError(ErrorCode.PAYOUT_PROVIDER_ERROR, 502, payoutErrors.providerUnavailable);

/** Provider failures are the provider's (502, French), never a 500 with its internals. */
async function callProvider<T>(ctx: AppContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error({ err: error, provider: ctx.payments.name }, `payment provider failed: ${what}`);
    throw providerError();
  }
}

const flagsOf = (account: PayoutAccountRow | undefined) => ({
  details_submitted: account?.detailsSubmitted ?? false,
  charges_enabled: account?.chargesEnabled ?? false,
  payouts_enabled: account?.payoutsEnabled ?? false,
});

/** Where the provider's onboarding sends the helper back: the overview, whose panel shows the new state. */
function onboardingUrls(ctx: AppContext) {
  const overview = `${ctx.config.publicUrl}/dashboard?tab=overview`;
  return { returnUrl: overview, refreshUrl: overview };
}

/** The onboarding link while details are missing, null once they are submitted. */
async function onboardingLinkWhileIncomplete(ctx: AppContext, account: PayoutAccountRow): Promise<string | null> {
  if (account.detailsSubmitted) return null;
  return callProvider(ctx, 'createOnboardingLink', () =>
    ctx.payments.createOnboardingLink(account.accountId, onboardingUrls(ctx)),
  );
}

/**
 * An account of this provider; one of the other mode (keys set or removed since) does not count.
 * Also the payments module's way to the helper's account (checkout): a module reaches another
 * through its service.
 */
export async function currentAccount(ctx: AppContext, userId: string): Promise<PayoutAccountRow | undefined> {
  const account = await findPayoutAccountOfUser(ctx.db, userId);
  return account?.provider === ctx.payments.name ? account : undefined;
}

/**
 * The account with flags worth acting on: until it is active, asked again from the provider (an
 * `account.updated` may be late or lost; Stripe's own advice is to read the account when it matters).
 */
async function freshAccount(ctx: AppContext, userId: string): Promise<PayoutAccountRow | undefined> {
  const account = await currentAccount(ctx, userId);
  return account && !account.chargesEnabled ? refreshFromProvider(ctx, account) : account;
}

/** POST /payments/create-account: creates the helper's account, or reuses it; the onboarding link while details are missing. */
export async function createPayoutAccount(ctx: AppContext, user: UserRow): Promise<CreateAccountResponse> {
  if (user.role !== 'helper') throw forbidden(ErrorCode.HELPER_ROLE_REQUIRED, payoutErrors.helperRequired);
  const account = await ensureAccount(ctx, user);
  const onboardingUrl = await onboardingLinkWhileIncomplete(ctx, account);
  return { account_id: account.accountId, onboarding_url: onboardingUrl };
}

/** The user's account at this provider, created on first use (one per user and provider, whatever the retries). */
async function ensureAccount(ctx: AppContext, user: UserRow): Promise<PayoutAccountRow> {
  const existing = await freshAccount(ctx, user.id);
  if (existing) return existing;
  const { accountId } = await callProvider(ctx, 'createAccount', () =>
    ctx.payments.createAccount({ userId: user.id, email: user.email, idempotencyKey: `payout-account-${user.id}` }),
  );
  return savePayoutAccount(ctx.db, { userId: user.id, provider: ctx.payments.name, accountId }, new Date());
}

/** GET /payments/account-status: the caller's own account, refreshed from the provider until it is active. */
export async function payoutAccountStatus(ctx: AppContext, user: UserRow): Promise<AccountStatus> {
  const account = await freshAccount(ctx, user.id);
  if (!account) return { account_id: null, ...flagsOf(undefined), onboarding_url: null };
  const onboardingUrl = await onboardingLinkWhileIncomplete(ctx, account);
  return { account_id: account.accountId, ...flagsOf(account), onboarding_url: onboardingUrl };
}

async function refreshFromProvider(ctx: AppContext, account: PayoutAccountRow): Promise<PayoutAccountRow> {
  try {
    const flags = await ctx.payments.getAccountStatus(account.accountId);
    return (await updatePayoutFlags(ctx.db, account.accountId, flags, new Date())) ?? account;
  } catch (error) {
    // The stored flags are still a true, if older, answer: show them rather than fail the page.
    ctx.log.warn({ err: error, provider: ctx.payments.name }, 'payout account status not refreshed');
    return account;
  }
}

/**
 * GET /payments/helper/{id}/stripe-status (public): false/false without an account ("Paiement
 * temporairement indisponible"). Also the users module's way to the identity badge: the stored flags,
 * never a provider call on a visitor's request.
 */
export async function helperPayoutStatus(
  ctx: AppContext,
  helperId: string,
): Promise<{ charges_enabled: boolean; details_submitted: boolean }> {
  const account = await currentAccount(ctx, helperId);
  return { charges_enabled: account?.chargesEnabled ?? false, details_submitted: account?.detailsSubmitted ?? false };
}

/**
 * The account of `helperId`, for that helper only; 404 for anyone else, as for an unknown one. Not for
 * admins either: a login link or an account session signs its holder into the helper's provider
 * account (bank details, payouts), and Stripe gives them to the account's owner only (issue 9 section 4).
 */
async function accountFor(ctx: AppContext, user: UserRow, helperId: string): Promise<PayoutAccountRow> {
  if (user.id !== helperId) throw accountNotFound();
  const account = await freshAccount(ctx, helperId);
  if (!account) throw accountNotFound();
  return account;
}

/** GET /payments/stripe/dashboard-link/{id}: the provider's dashboard (Express login link). */
export async function payoutDashboardLink(ctx: AppContext, user: UserRow, helperId: string): Promise<DashboardLink> {
  const account = await accountFor(ctx, user, helperId);
  // Stripe gives login links only to accounts that finished onboarding.
  if (!account.detailsSubmitted) throw conflict(ErrorCode.PAYOUT_ACCOUNT_INCOMPLETE, payoutErrors.accountIncomplete);
  const url = await callProvider(ctx, 'createDashboardLink', () => ctx.payments.createDashboardLink(account.accountId));
  return { url };
}

/** POST /payments/stripe/account-session/{id}: a client secret for the embedded account components. */
export async function payoutAccountSession(ctx: AppContext, user: UserRow, helperId: string): Promise<AccountSession> {
  const account = await accountFor(ctx, user, helperId);
  const { clientSecret } = await callProvider(ctx, 'createAccountSession', () =>
    ctx.payments.createAccountSession(account.accountId),
  );
  return { client_secret: clientSecret };
}

/**
 * `account.updated` (called by the payments module's webhook handler, inside its transaction when it
 * passes `db`): the account's flags as the event carries them. Answers false for an account we do
 * not hold (another platform's, or a deleted helper's): nothing to do. An older event delivered after
 * a newer one can only lower flags, and the next status read refreshes them from the provider.
 */
export async function applyAccountUpdate(
  ctx: AppContext,
  accountId: string,
  flags: ProviderAccountStatus,
  db: Executor = ctx.db,
): Promise<boolean> {
  return (await updatePayoutFlags(db, accountId, flags, new Date())) !== undefined;
}

// ---- /stripe-test (spec 2 sections 2 and 7): administrators, test modes only ----

/** The simulator, or Stripe with test keys: a test payment must never reach a live account. */
function requireTestMode(ctx: AppContext): void {
  const testKeys = ctx.config.stripe?.secretKey.startsWith('sk_test_') ?? false;
  if (ctx.payments.name !== 'local' && !testKeys) {
    throw notFound(ErrorCode.PAYMENT_TEST_MODE_ONLY, payoutErrors.testModeOnly);
  }
}

/**
 * GET /onboard/{userId}?token: the onboarding link of that user's account (created if needed). The
 * /stripe-test page passes the administrator's own id: a test account of theirs, to pay test
 * checkouts into; any helper's id works too. Other users: 404.
 */
export async function testOnboardingUrl(ctx: AppContext, admin: UserRow, userId: string): Promise<string> {
  requireTestMode(ctx);
  if (admin.role !== 'admin') throw forbidden(ErrorCode.FORBIDDEN, apiErrors.forbidden);
  const target = userId === admin.id ? admin : await findAccountHolder(ctx.db, userId);
  if (!target || (target.id !== admin.id && target.role !== 'helper')) throw accountNotFound();
  const { accountId } = await ensureAccount(ctx, target);
  return callProvider(ctx, 'createOnboardingLink', () =>
    ctx.payments.createOnboardingLink(accountId, {
      returnUrl: `${ctx.config.publicUrl}/stripe-test`,
      refreshUrl: `${ctx.config.publicUrl}/stripe-test`,
    }),
  );
}

/** GET /checkout/{userId}?amount&fee: a checkout session paying that helper, outside any booking. */
export async function testCheckout(
  ctx: AppContext,
  admin: UserRow,
  userId: string,
  query: { amount?: number; fee?: number },
): Promise<{ checkout_url: string; session_id: string }> {
  requireTestMode(ctx);
  const amountCents = query.amount ?? TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS;
  const feeCents = query.fee ?? TEST_CHECKOUT_DEFAULT_FEE_CENTS;
  if (feeCents > amountCents) throw badRequest(ErrorCode.PAYMENT_TEST_FEE_TOO_HIGH, payoutErrors.testFeeTooHigh);
  const account = await freshAccount(ctx, userId);
  if (!account) throw accountNotFound();
  if (!account.chargesEnabled) {
    throw conflict(ErrorCode.PAYMENT_TEST_ACCOUNT_NOT_READY, payoutErrors.testAccountNotReady);
  }
  const testId = crypto.randomUUID();
  const session = await callProvider(ctx, 'createCheckoutSession', () =>
    ctx.payments.createCheckoutSession({
      // No booking behind it: the webhook handler finds no ledger row for this session and ignores it.
      bookingId: testId,
      amountCents,
      applicationFeeCents: feeCents,
      currency: 'eur',
      destinationAccountId: account.accountId,
      productName: payoutErrors.testCheckoutProduct,
      customerEmail: admin.email,
      // Back to the test page: no booking stands behind a test checkout, so /payment/success would
      // find nothing to confirm.
      successUrl: `${ctx.config.publicUrl}/stripe-test?${TEST_CHECKOUT_RETURN_PARAM}=paid`,
      cancelUrl: `${ctx.config.publicUrl}/stripe-test?${TEST_CHECKOUT_RETURN_PARAM}=cancelled`,
      expiresAt: new Date(Date.now() + PAYMENT_HOLD_MINUTES * 60_000),
      idempotencyKey: `test-checkout-${testId}`,
    }),
  );
  return { checkout_url: session.url, session_id: session.id };
}
