import { PAYOUT_PROVIDER_CALLS_RATE_LIMIT_PER_HOUR, TEST_CHECKOUT_RETURN_PARAM } from '#shared/constants.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { payoutErrors } from '#shared/messages/payouts.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { simulatorOf } from '#tests/checkout.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { applyAccountUpdate } from './payouts.service.ts';

let t: TestApp;
let simulator: LocalProvider;
let admin: UserRow;
let seeker: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  simulator = simulatorOf(t);
  admin = await createAdmin(t.app.ctx.db);
  seeker = await createSeeker(t.app.ctx.db);
});
afterAll(() => t.close());

const createAccount = (user: UserRow | null) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/payments/create-account' });
const status = (user: UserRow | null) => t.injectAs(user, { method: 'GET', url: '/api/v1/payments/account-status' });
const publicStatus = (id: string) =>
  t.injectAs(null, { method: 'GET', url: `/api/v1/payments/helper/${id}/stripe-status` });
const dashboardLink = (user: UserRow | null, id: string) =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/payments/stripe/dashboard-link/${id}` });
const accountSession = (user: UserRow | null, id: string) =>
  t.injectAs(user, { method: 'POST', url: `/api/v1/payments/stripe/account-session/${id}` });

/** A helper whose account went through the simulator's onboarding: "Actif". */
async function activeHelper(): Promise<{ helper: UserRow; accountId: string }> {
  const helper = await createHelper(t.app.ctx.db);
  const { account_id: accountId } = (await createAccount(helper)).json<{ account_id: string }>();
  await simulator.submitAccountDetails(accountId);
  await simulator.completeVerification(accountId);
  return { helper, accountId };
}

describe('POST /payments/create-account', () => {
  it('creates the helper’s account once and answers a signed onboarding link of the simulator', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const res = await createAccount(helper);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ account_id: string; onboarding_url: string }>();
    expect(body.account_id).toMatch(/^acct_local_/);
    const link = new URL(body.onboarding_url);
    expect(`${link.origin}${link.pathname}`).toBe(`http://appui.test/simulateur/inscription/${body.account_id}`);
    expect(simulator.verifyLinkToken('onboarding', body.account_id, link.searchParams.get('token') ?? '')).toBe(true);

    const again = await createAccount(helper);
    expect(again.json()).toMatchObject({ account_id: body.account_id });
  });

  it('answers no onboarding link once the details are sent', async () => {
    const { helper, accountId } = await activeHelper();
    expect((await createAccount(helper)).json()).toEqual({ account_id: accountId, onboarding_url: null });
  });

  it('is for helpers only', async () => {
    expect((await createAccount(null)).statusCode).toBe(401);
    for (const user of [seeker, admin]) {
      const res = await createAccount(user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.HELPER_ROLE_REQUIRED, detail: payoutErrors.helperRequired });
    }
  });
});

describe('GET /payments/account-status', () => {
  it('goes none → incomplete → pending ("Vérification") → active ("Actif") for the caller', async () => {
    const helper = await createHelper(t.app.ctx.db);
    expect((await status(helper)).json()).toEqual({
      account_id: null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      onboarding_url: null,
    });

    const { account_id: accountId } = (await createAccount(helper)).json<{ account_id: string }>();
    const incomplete = (await status(helper)).json();
    expect(incomplete).toMatchObject({ account_id: accountId, details_submitted: false, charges_enabled: false });
    expect(incomplete.onboarding_url).toContain(`/simulateur/inscription/${accountId}?token=`);

    await simulator.submitAccountDetails(accountId);
    expect((await status(helper)).json()).toEqual({
      account_id: accountId,
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
      onboarding_url: null,
    });

    await simulator.completeVerification(accountId);
    expect((await status(helper)).json()).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect((await publicStatus(helper.id)).json()).toEqual({ charges_enabled: true, details_submitted: true });
  });

  it('answers no account for a seeker, and 401 for a visitor', async () => {
    expect((await status(seeker)).json()).toMatchObject({ account_id: null, charges_enabled: false });
    expect((await status(null)).statusCode).toBe(401);
  });
});

describe('GET /payments/helper/{id}/stripe-status', () => {
  it('is public, false/false without an account, 422 on a malformed id', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const res = await publicStatus(helper.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ charges_enabled: false, details_submitted: false });
    expect((await publicStatus('pas-un-uuid')).statusCode).toBe(422);
  });
});

describe('dashboard link and account session', () => {
  it('answer the account’s helper only, 404 to others (admins included), 401 to visitors', async () => {
    const { helper, accountId } = await activeHelper();
    const other = await createHelper(t.app.ctx.db);

    for (const user of [helper]) {
      const link = await dashboardLink(user, helper.id);
      expect(link.statusCode).toBe(200);
      expect(link.json<{ url: string }>().url).toContain(`/simulateur/tableau-de-bord/${accountId}?token=`);
      const session = await accountSession(user, helper.id);
      expect(session.statusCode).toBe(200);
      expect(session.json<{ client_secret: string }>().client_secret).toMatch(/^accs_local_/);
    }
    // A login link or an account session signs its holder into the helper's provider account (bank
    // details, payouts): Stripe asks to give them to the account's owner only, never to staff.
    for (const user of [other, seeker, admin]) {
      for (const res of [await dashboardLink(user, helper.id), await accountSession(user, helper.id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: ErrorCode.PAYOUT_ACCOUNT_NOT_FOUND, detail: payoutErrors.accountNotFound });
      }
    }
    expect((await dashboardLink(null, helper.id)).statusCode).toBe(401);
    expect((await accountSession(null, helper.id)).statusCode).toBe(401);
  });

  it('404 without an account, 409 for the dashboard before the details are sent', async () => {
    const helper = await createHelper(t.app.ctx.db);
    expect((await dashboardLink(helper, helper.id)).statusCode).toBe(404);
    expect((await accountSession(helper, helper.id)).statusCode).toBe(404);
    await createAccount(helper);
    const res = await dashboardLink(helper, helper.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.PAYOUT_ACCOUNT_INCOMPLETE, detail: payoutErrors.accountIncomplete });
  });
});

describe('rate limit of the provider calls', () => {
  it('gives each account one hourly budget across the payout routes that call the provider', async () => {
    const helper = await createHelper(t.app.ctx.db);
    for (let i = 0; i < PAYOUT_PROVIDER_CALLS_RATE_LIMIT_PER_HOUR; i++) {
      expect((await status(helper)).statusCode).toBe(200);
    }
    const refused = await t.injectAs(helper, {
      method: 'GET',
      url: `/api/v1/payments/stripe/dashboard-link/${helper.id}`,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
    // Someone else's budget is untouched.
    expect((await status(await createHelper(t.app.ctx.db))).statusCode).toBe(200);
  });
});

describe('applyAccountUpdate (account.updated)', () => {
  it('stores the event’s flags for an account we hold, and ignores others', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const { account_id: accountId } = (await createAccount(helper)).json<{ account_id: string }>();
    const flags = { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false };
    expect(await applyAccountUpdate(t.app.ctx, accountId, flags)).toBe(true);
    expect((await publicStatus(helper.id)).json()).toEqual({ charges_enabled: true, details_submitted: true });
    expect(await applyAccountUpdate(t.app.ctx, 'acct_unknown', flags)).toBe(false);
  });
});

describe('GET /checkout/{userId} (test page)', () => {
  const testCheckout = (user: UserRow | null, id: string, query = '') =>
    t.injectAs(user, { method: 'GET', url: `/api/v1/checkout/${id}${query}` });

  it('lets an admin open a test payment to an active helper, 5000 and 1000 cents by default', async () => {
    const { helper, accountId } = await activeHelper();
    const res = await testCheckout(admin, helper.id);
    expect(res.statusCode).toBe(200);
    const { checkout_url: url, session_id: sessionId } = res.json<{ checkout_url: string; session_id: string }>();
    expect(url).toBe(`http://appui.test/simulateur/paiement/${sessionId}`);
    expect(await simulator.findCheckoutSession(sessionId)).toMatchObject({
      amountCents: 5000,
      applicationFeeCents: 1000,
      destinationAccountId: accountId,
    });
    const custom = await testCheckout(admin, helper.id, '?amount=2500&fee=250');
    expect(await simulator.findCheckoutSession(custom.json<{ session_id: string }>().session_id)).toMatchObject({
      amountCents: 2500,
      applicationFeeCents: 250,
    });
  });

  it('refuses others, a fee above the amount, an account not ready and an unknown helper', async () => {
    const { helper } = await activeHelper();
    expect((await testCheckout(null, helper.id)).statusCode).toBe(401);
    for (const user of [seeker, helper]) {
      const res = await testCheckout(user, helper.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.FORBIDDEN, detail: apiErrors.forbidden });
    }
    const tooHigh = await testCheckout(admin, helper.id, '?amount=1000&fee=1001');
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ code: ErrorCode.PAYMENT_TEST_FEE_TOO_HIGH, detail: payoutErrors.testFeeTooHigh });
    expect((await testCheckout(admin, helper.id, '?amount=0')).statusCode).toBe(422);

    const incomplete = await createHelper(t.app.ctx.db);
    await createAccount(incomplete);
    expect((await testCheckout(admin, incomplete.id)).json()).toMatchObject({
      code: ErrorCode.PAYMENT_TEST_ACCOUNT_NOT_READY,
    });
    expect((await testCheckout(admin, seeker.id)).statusCode).toBe(404);
  });
});

describe('GET /onboard/{userId}?token (test page)', () => {
  const onboard = (id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/onboard/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}` });

  it('redirects an admin (token in the link) to the helper’s onboarding', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const res = await onboard(helper.id, await t.tokenFor(admin));
    expect(res.statusCode).toBe(302);
    const { account_id: accountId } = (await status(helper)).json<{ account_id: string }>();
    expect(res.headers.location).toContain(`http://appui.test/simulateur/inscription/${accountId}?token=`);
  });

  it('gives the admin a test account of their own, then a test checkout into it (the /stripe-test page)', async () => {
    const tester = await createAdmin(t.app.ctx.db);
    const res = await onboard(tester.id, await t.tokenFor(tester));
    expect(res.statusCode).toBe(302);
    const accountId = decodeURIComponent(/inscription\/([^?]+)/.exec(res.headers.location as string)?.[1] ?? '');
    expect(accountId).toMatch(/^acct_local_/);
    expect((await t.injectAs(tester, { method: 'GET', url: `/api/v1/checkout/${tester.id}` })).statusCode).toBe(409);
    await simulator.submitAccountDetails(accountId);
    await simulator.completeVerification(accountId);
    const checkout = await t.injectAs(tester, { method: 'GET', url: `/api/v1/checkout/${tester.id}` });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json<{ checkout_url: string }>().checkout_url).toContain('/simulateur/paiement/cs_local_');
    // Paying it comes back to the test page: no booking stands behind it for /payment/success to confirm.
    const { session_id: sessionId } = checkout.json<{ session_id: string }>();
    expect(await simulator.payCheckoutSession(sessionId)).toEqual({
      redirectTo: `http://appui.test/stripe-test?${TEST_CHECKOUT_RETURN_PARAM}=paid`,
    });
  });

  it('does not open accounts for seekers or unknown users (404)', async () => {
    const token = await t.tokenFor(admin);
    expect((await onboard(seeker.id, token)).statusCode).toBe(404);
    expect((await onboard(crypto.randomUUID(), token)).statusCode).toBe(404);
  });

  it('refuses a missing or bad token (401) and a non-admin (403)', async () => {
    const helper = await createHelper(t.app.ctx.db);
    expect((await onboard(helper.id)).statusCode).toBe(401);
    expect((await onboard(helper.id, 'pas-un-jeton')).statusCode).toBe(401);
    for (const user of [seeker, helper])
      expect((await onboard(helper.id, await t.tokenFor(user))).statusCode).toBe(403);
  });
});

describe('test endpoints with Stripe keys', () => {
  it('are hidden (404) with live keys, open with test keys', async () => {
    for (const [key, expected] of [
      ['sk_live_appui_not_a_real_key', ErrorCode.PAYMENT_TEST_MODE_ONLY],
      ['sk_test_appui_not_a_real_key', ErrorCode.PAYOUT_ACCOUNT_NOT_FOUND],
    ] as const) {
      const stripeApp = await buildTestApp({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_appui_test' });
      try {
        const stripeAdmin = await createAdmin(stripeApp.app.ctx.db);
        const helper = await createHelper(stripeApp.app.ctx.db);
        // A helper without an account: with test keys the answer stops there, before any call to Stripe.
        const res = await stripeApp.injectAs(stripeAdmin, { method: 'GET', url: `/api/v1/checkout/${helper.id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: expected });
        if (expected === ErrorCode.PAYMENT_TEST_MODE_ONLY) {
          expect(res.json()).toEqual({ code: expected, detail: payoutErrors.testModeOnly });
          const onboard = await stripeApp.app.inject({
            method: 'GET',
            url: `/api/v1/onboard/${helper.id}?token=${encodeURIComponent(await stripeApp.tokenFor(stripeAdmin))}`,
          });
          expect(onboard.statusCode).toBe(404);
        }
        // No simulator pages when Stripe is the provider.
        expect((await stripeApp.app.inject({ method: 'GET', url: '/simulateur/paiement/cs_local_x' })).statusCode).toBe(
          404,
        );
      } finally {
        await stripeApp.close();
      }
    }
  });
});

describe('OpenAPI', () => {
  it('describes the payout endpoints and leaves the simulator’s pages out', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/payments/create-account',
      '/api/v1/payments/account-status',
      '/api/v1/payments/helper/{id}/stripe-status',
      '/api/v1/payments/stripe/dashboard-link/{id}',
      '/api/v1/payments/stripe/account-session/{id}',
      '/api/v1/onboard/{userId}',
      '/api/v1/checkout/{userId}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.some((path) => path.startsWith('/simulateur'))).toBe(false);
  });
});
