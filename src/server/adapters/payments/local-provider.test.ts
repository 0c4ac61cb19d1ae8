import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_VERIFICATION_SECONDS, LOCAL_SIMULATOR_LINK_MINUTES } from '#shared/constants.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { openTestDatabase } from '#tests/test-database.ts';
import { createHelper } from '#tests/factories/users.ts';
import { LocalProvider } from './local-provider.ts';
import { InvalidWebhookSignature, type CheckoutSessionInput } from './provider.ts';

const SECRET = 'local-provider-test-secret-0123456789abcdef';
const PUBLIC_URL = 'http://appui.test';

let database: DatabaseHandle;
let helper: UserRow;
let now: Date;
/** What the handler received, parsed with the provider's own verification (as the webhook route does). */
let delivered: Stripe.Event[];
let later: (() => Promise<void>)[];
let provider: LocalProvider;

beforeAll(async () => {
  database = await openTestDatabase();
  helper = await createHelper(database.db);
});
afterAll(() => database.close());

beforeEach(() => {
  now = new Date('2026-12-01T10:00:00Z');
  delivered = [];
  later = [];
  provider = new LocalProvider({
    db: database.db,
    publicUrl: PUBLIC_URL,
    secret: SECRET,
    now: () => now,
    deliver: async (rawBody, signature) => {
      delivered.push(provider.parseWebhook(rawBody, signature));
    },
    deliverLater: (task) => later.push(task),
  });
});

const runLater = async () => {
  for (const task of later.splice(0)) await task();
};

function checkoutInput(overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput {
  return {
    bookingId: randomUUID(),
    amountCents: 4500,
    applicationFeeCents: 450,
    currency: 'eur',
    destinationAccountId: 'acct_local_x',
    productName: 'Écoute — 1 h',
    customerEmail: 'paul@exemple.fr',
    successUrl: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${PUBLIC_URL}/payment/cancel`,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  };
}

async function paidSession() {
  const input = checkoutInput();
  const session = await provider.createCheckoutSession(input);
  await provider.payCheckoutSession(session.id);
  const completed = delivered.at(-1)?.data.object as Stripe.Checkout.Session;
  return { input, session, paymentIntentId: completed.payment_intent as string };
}

describe('LocalProvider accounts', () => {
  it('creates one account per idempotency key, not enabled until onboarding', async () => {
    const key = `account-${randomUUID()}`;
    const first = await provider.createAccount({ userId: helper.id, email: helper.email, idempotencyKey: key });
    const again = await provider.createAccount({ userId: helper.id, email: helper.email, idempotencyKey: key });
    expect(again.accountId).toBe(first.accountId);
    expect(first.accountId).toMatch(/^acct_local_/);
    expect(await provider.getAccountStatus(first.accountId)).toEqual({
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
  });

  it('goes through "Vérification" to "Actif" after the delay, with account.updated each time', async () => {
    const { accountId } = await provider.createAccount({
      userId: helper.id,
      email: helper.email,
      idempotencyKey: `account-${randomUUID()}`,
    });
    expect(await provider.submitAccountDetails(accountId)).toEqual({
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    expect(delivered.map((event) => event.type)).toEqual(['account.updated']);
    expect(delivered[0]).toMatchObject({
      account: accountId,
      data: { object: { id: accountId, details_submitted: true } },
    });

    now = new Date(now.getTime() + (LOCAL_ACCOUNT_VERIFICATION_SECONDS - 1) * 1000);
    expect((await provider.getAccountStatus(accountId)).chargesEnabled).toBe(false);
    now = new Date(now.getTime() + 2000);
    expect(await provider.getAccountStatus(accountId)).toEqual({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    await runLater();
    expect(delivered.map((event) => event.type)).toEqual(['account.updated', 'account.updated']);
    expect(delivered[1]?.data.object).toMatchObject({ charges_enabled: true, payouts_enabled: true });
    // Already active: reading again sends nothing more.
    await provider.getAccountStatus(accountId);
    await runLater();
    expect(delivered).toHaveLength(2);
  });

  it('"Terminer la vérification" activates at once, only once', async () => {
    const { accountId } = await provider.createAccount({
      userId: helper.id,
      email: helper.email,
      idempotencyKey: `account-${randomUUID()}`,
    });
    await provider.submitAccountDetails(accountId);
    expect((await provider.completeVerification(accountId)).chargesEnabled).toBe(true);
    await provider.completeVerification(accountId);
    expect(delivered.map((event) => (event.data.object as Stripe.Account).charges_enabled)).toEqual([false, true]);
  });

  it('signs onboarding links for one account, one purpose, until they expire', async () => {
    const { accountId } = await provider.createAccount({
      userId: helper.id,
      email: helper.email,
      idempotencyKey: `account-${randomUUID()}`,
    });
    const link = new URL(await provider.createOnboardingLink(accountId));
    expect(link.origin).toBe(PUBLIC_URL);
    const linkToken = link.searchParams.get('token') ?? '';
    expect(provider.verifyLinkToken('onboarding', accountId, linkToken)).toBe(true);
    expect(provider.verifyLinkToken('dashboard', accountId, linkToken)).toBe(false);
    expect(provider.verifyLinkToken('onboarding', 'acct_local_other', linkToken)).toBe(false);
    expect(provider.verifyLinkToken('onboarding', accountId, `${linkToken}x`)).toBe(false);
    expect(provider.verifyLinkToken('onboarding', accountId, undefined)).toBe(false);
    now = new Date(now.getTime() + (LOCAL_SIMULATOR_LINK_MINUTES * 60 + 1) * 1000);
    expect(provider.verifyLinkToken('onboarding', accountId, linkToken)).toBe(false);
  });
});

describe('LocalProvider checkout', () => {
  it('answers the same session for the same idempotency key, at a simulator URL', async () => {
    const input = checkoutInput();
    const first = await provider.createCheckoutSession(input);
    const again = await provider.createCheckoutSession(input);
    expect(again).toEqual(first);
    expect(first.url).toBe(`${PUBLIC_URL}/simulateur/paiement/${first.id}`);
  });

  it('"Payer" sends checkout.session.completed once, then redirects to success_url with the session id', async () => {
    const input = checkoutInput();
    const session = await provider.createCheckoutSession(input);
    const paid = await provider.payCheckoutSession(session.id);
    expect(paid).toEqual({ redirectTo: `${PUBLIC_URL}/payment/success?session_id=${session.id}` });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      type: 'checkout.session.completed',
      data: {
        object: {
          id: session.id,
          payment_status: 'paid',
          amount_total: 4500,
          currency: 'eur',
          metadata: { booking_id: input.bookingId },
          payment_intent: expect.stringMatching(/^pi_local_/),
        },
      },
    });
    // A second click (or a reload of the POST) pays nothing more: the same event again, same id and
    // payment intent, which the handler skips once processed and retries if it had failed.
    expect(await provider.payCheckoutSession(session.id)).toEqual(paid);
    expect(delivered).toHaveLength(2);
    expect(delivered[1]).toEqual(delivered[0]);
  });

  it('a double click on "Payer" (two concurrent POSTs) sends the same event twice, payment intent included', async () => {
    const session = await provider.createCheckoutSession(checkoutInput());
    // Both read the open session, one completes it: the other must not send the stale copy (without
    // a payment intent) under the same event id, or whichever the handler records first would leave
    // the ledger without the payment intent that refunds need.
    const [first, second] = await Promise.all([
      provider.payCheckoutSession(session.id),
      provider.payCheckoutSession(session.id),
    ]);
    expect(second).toEqual(first);
    expect(delivered).toHaveLength(2);
    expect((delivered[0]?.data.object as Stripe.Checkout.Session).payment_intent).toMatch(/^pi_local_/);
    expect(delivered[1]).toEqual(delivered[0]);
  });

  it('refuses to pay an expired or unknown session', async () => {
    const session = await provider.createCheckoutSession(checkoutInput({ expiresAt: new Date(now.getTime() - 1000) }));
    expect(await provider.payCheckoutSession(session.id)).toEqual({ refused: 'expired' });
    expect(await provider.payCheckoutSession('cs_local_nope')).toEqual({ refused: 'unknown' });
    expect(delivered).toHaveLength(0);
  });
});

describe('LocalProvider refunds', () => {
  it('refunds once per key, and tells the handler later with charge.refunded', async () => {
    const { paymentIntentId } = await paidSession();
    delivered = [];
    const key = `refund-${randomUUID()}`;
    const refund = await provider.refund({ paymentIntentId, reason: 'requested_by_customer', idempotencyKey: key });
    expect(refund).toMatchObject({ id: expect.stringMatching(/^re_local_/), status: 'succeeded' });
    expect(delivered).toHaveLength(0); // not inside the caller's own flow
    expect(await provider.refund({ paymentIntentId, reason: 'requested_by_customer', idempotencyKey: key })).toEqual(
      refund,
    );
    await runLater();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      type: 'charge.refunded',
      data: {
        object: {
          payment_intent: paymentIntentId,
          amount: 4500,
          amount_refunded: 4500,
          refunded: true,
          refunds: { data: [{ id: refund.id, amount: 4500, status: 'succeeded' }] },
        },
      },
    });
  });

  it('never refunds more than was paid', async () => {
    const { paymentIntentId } = await paidSession();
    await provider.refund({
      paymentIntentId,
      amountCents: 4000,
      reason: 'requested_by_customer',
      idempotencyKey: randomUUID(),
    });
    await expect(
      provider.refund({
        paymentIntentId,
        amountCents: 1000,
        reason: 'requested_by_customer',
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toThrow();
    const rest = await provider.refund({
      paymentIntentId,
      reason: 'requested_by_customer',
      idempotencyKey: randomUUID(),
    });
    await runLater();
    const last = delivered.at(-1)?.data.object as Stripe.Charge;
    expect(last.refunds?.data[0]).toMatchObject({ id: rest.id, amount: 500 });
    expect(last).toMatchObject({ amount_refunded: 4500, refunded: true });
  });

  it('refuses a payment it never took', async () => {
    await expect(
      provider.refund({
        paymentIntentId: 'pi_local_nope',
        reason: 'requested_by_customer',
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toThrow();
  });
});

describe('LocalProvider.parseWebhook', () => {
  const body = Buffer.from(
    JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated', data: { object: {} } }),
  );

  it('accepts Stripe-format signatures made with its secret', () => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body.toString(),
      secret: provider.webhookSecret,
    });
    expect(provider.parseWebhook(body, header).id).toBe('evt_1');
    expect(provider.webhookSecret).toMatch(/^whsec_/);
  });

  it('refuses a missing, forged or stale signature', () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body.toString(), secret: 'whsec_other' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body.toString(),
      secret: provider.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const tampered = Stripe.webhooks.generateTestHeaderString({
      payload: body.toString(),
      secret: provider.webhookSecret,
    });
    expect(() => provider.parseWebhook(body, undefined)).toThrow(InvalidWebhookSignature);
    expect(() => provider.parseWebhook(body, forged)).toThrow(InvalidWebhookSignature);
    expect(() => provider.parseWebhook(body, stale)).toThrow(InvalidWebhookSignature);
    expect(() => provider.parseWebhook(Buffer.from(`${body.toString()} `), tampered)).toThrow(InvalidWebhookSignature);
  });
});
