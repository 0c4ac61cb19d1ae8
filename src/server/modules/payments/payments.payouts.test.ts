import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { LedgerSchema, type LedgerBalance } from '#shared/schemas/ledger.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { loadConfig } from '#server/config.ts';
import { paymentEvents, payouts } from '#server/db/schema/payments.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

/**
 * Issue 9 section 4, "paid out": `payout.*` events of a helper's connected account feed the `payouts`
 * table and the financial dashboard's balances — replayed, out of order, failed, in both currencies.
 * Runs on PGlite and, under `npm run test:pg`, on PostgreSQL.
 */

let eventCounter = 0;
function payoutEvent(
  type: string,
  payout: { id: string; amount: number; currency?: string; status?: string },
  account: string | undefined,
  id = `evt_payout_test_${++eventCounter}`,
) {
  return {
    id,
    object: 'event',
    type,
    created: 1,
    ...(account ? { account } : {}),
    data: {
      object: {
        object: 'payout',
        currency: 'eur',
        status: type === 'payout.created' ? 'pending' : type.slice('payout.'.length),
        arrival_date: 1_767_225_600,
        ...payout,
      },
    },
  };
}

async function post(t: TestApp, event: object, secret: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

async function balances(t: TestApp, helper: UserRow): Promise<LedgerBalance[]> {
  const response = await t.injectAs(helper, { method: 'GET', url: '/api/v1/payments/ledger' });
  expect(response.statusCode).toBe(200);
  const ledger = LedgerSchema.parse(response.json());
  expect(ledger.paid_out_tracked).toBe(true);
  return ledger.balances;
}

describe('payout events (simulator mode)', () => {
  let t: TestApp;
  let secret: string;
  let helper: UserRow;
  let accountId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    secret = (t.app.ctx.payments as LocalProvider).webhookSecret;
    const db = t.app.ctx.db;
    helper = await createHelper(db);
    const seeker = await createSeeker(db);
    accountId = (await givePayoutAccount(db, helper, true)).accountId;
    const eur = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 5000 }] });
    const usd = await createOffer(db, helper, {
      currency: 'usd',
      options: [{ durationMinutes: 60, priceCents: 2000 }],
    });
    const book = (fields: Parameters<typeof createBooking>[1]) => createBooking(db, fields);
    // Completed: net 4500 eur and 1800 usd available. Paid, not completed yet: 4500 eur pending.
    const past = (day: number) => new Date(Date.UTC(2025, 2, day, 13));
    await createPayment(
      db,
      await book({ offer: eur, seeker, startAt: past(11), status: 'completed', priceCents: 5000 }),
    );
    await createPayment(
      db,
      await book({ offer: usd, seeker, startAt: past(12), status: 'completed', priceCents: 2000 }),
    );
    const future = new Date(Date.now() + 5 * 24 * 3_600_000);
    await createPayment(db, await book({ offer: eur, seeker, startAt: future, status: 'paid', priceCents: 5000 }));
  });
  afterAll(() => t.close());

  it('starts with nothing paid out', async () => {
    expect(await balances(t, helper)).toEqual([
      { currency: 'eur', pending_cents: 4500, available_cents: 4500, paid_out_cents: 0 },
      { currency: 'usd', pending_cents: 0, available_cents: 1800, paid_out_cents: 0 },
    ]);
  });

  it('a created payout leaves the available balance; paid, it counts as paid out; a replay changes nothing', async () => {
    const created = payoutEvent('payout.created', { id: 'po_test_1', amount: 1000 }, accountId);
    expect((await post(t, created, secret)).json()).toEqual({ received: true, duplicate: false });
    expect((await balances(t, helper))[0]).toEqual({
      currency: 'eur',
      pending_cents: 4500,
      available_cents: 3500,
      paid_out_cents: 0,
    });

    const paid = payoutEvent('payout.paid', { id: 'po_test_1', amount: 1000 }, accountId);
    expect((await post(t, paid, secret)).json()).toEqual({ received: true, duplicate: false });
    // The same events again, and `payout.created` once more under a new id (Stripe may resend).
    expect((await post(t, paid, secret)).json()).toEqual({ received: true, duplicate: true });
    expect((await post(t, created, secret)).json()).toEqual({ received: true, duplicate: true });
    await post(t, payoutEvent('payout.created', { id: 'po_test_1', amount: 1000 }, accountId), secret);

    expect((await balances(t, helper))[0]).toEqual({
      currency: 'eur',
      pending_cents: 4500,
      available_cents: 3500,
      paid_out_cents: 1000,
    });
    const rows = await t.app.ctx.db.select().from(payouts).where(eq(payouts.providerPayoutId, 'po_test_1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ helperId: helper.id, amountCents: 1000, currency: 'eur', status: 'paid' });
  });

  it('paid before created (out of order) stays paid', async () => {
    await post(t, payoutEvent('payout.paid', { id: 'po_test_2', amount: 500 }, accountId), secret);
    await post(t, payoutEvent('payout.created', { id: 'po_test_2', amount: 500 }, accountId), secret);

    const [row] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.providerPayoutId, 'po_test_2'));
    expect(row?.status).toBe('paid');
    expect((await balances(t, helper))[0]).toMatchObject({ available_cents: 3000, paid_out_cents: 1500 });
  });

  it('a failed payout gives its money back to the available balance, even if created arrives after', async () => {
    await post(t, payoutEvent('payout.created', { id: 'po_test_3', amount: 700, currency: 'usd' }, accountId), secret);
    expect((await balances(t, helper))[1]).toEqual({
      currency: 'usd',
      pending_cents: 0,
      available_cents: 1100,
      paid_out_cents: 0,
    });
    await post(t, payoutEvent('payout.failed', { id: 'po_test_3', amount: 700, currency: 'usd' }, accountId), secret);
    await post(t, payoutEvent('payout.created', { id: 'po_test_3', amount: 700, currency: 'usd' }, accountId), secret);

    expect((await balances(t, helper))[1]).toEqual({
      currency: 'usd',
      pending_cents: 0,
      available_cents: 1800,
      paid_out_cents: 0,
    });
  });

  it('ignores a payout of an account that is no helper’s, or without account, but records the event', async () => {
    const stranger = payoutEvent('payout.paid', { id: 'po_test_4', amount: 900 }, 'acct_unknown');
    const platform = payoutEvent('payout.paid', { id: 'po_test_5', amount: 900 }, undefined);
    expect((await post(t, stranger, secret)).statusCode).toBe(200);
    expect((await post(t, platform, secret)).statusCode).toBe(200);

    const db = t.app.ctx.db;
    expect(await db.select().from(payouts).where(eq(payouts.providerPayoutId, 'po_test_4'))).toEqual([]);
    expect(await db.select().from(payouts).where(eq(payouts.providerPayoutId, 'po_test_5'))).toEqual([]);
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, stranger.id))).toHaveLength(1);
  });
});

describe('Stripe mode: the Connect endpoint’s secret', () => {
  const ACCOUNT_SECRET = 'whsec_account_endpoint_for_tests';
  const CONNECT_SECRET = 'whsec_connect_endpoint_for_tests';
  let t: TestApp;
  let helper: UserRow;
  let accountId: string;

  beforeAll(async () => {
    // No SDK call is made here: only the webhook route's verification is exercised.
    t = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_connect_secret',
      STRIPE_WEBHOOK_SECRET: ACCOUNT_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    });
    helper = await createHelper(t.app.ctx.db);
    accountId = (await givePayoutAccount(t.app.ctx.db, helper, true)).accountId;
  });
  afterAll(() => t.close());

  it('accepts an event signed with the account endpoint’s secret', async () => {
    const event = payoutEvent('payout.created', { id: 'po_stripe_1', amount: 300 }, accountId);
    expect((await post(t, event, ACCOUNT_SECRET)).json()).toEqual({ received: true, duplicate: false });
  });

  it('accepts a connected account’s event signed with the Connect secret, and records the payout', async () => {
    const event = payoutEvent('payout.paid', { id: 'po_stripe_2', amount: 400 }, accountId);
    expect((await post(t, event, CONNECT_SECRET)).json()).toEqual({ received: true, duplicate: false });
    expect((await balances(t, helper))[0]).toMatchObject({ currency: 'eur', paid_out_cents: 400 });
  });

  it('refuses a forged signature (400) and records nothing', async () => {
    const event = payoutEvent('payout.paid', { id: 'po_stripe_3', amount: 500 }, accountId);
    const response = await post(t, event, 'whsec_forged_by_someone_else');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.WEBHOOK_SIGNATURE_INVALID);
    expect(await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual([]);
  });

  it('requires STRIPE_SECRET_KEY with STRIPE_CONNECT_WEBHOOK_SECRET', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET }),
    ).toThrow(/STRIPE_SECRET_KEY is required with STRIPE_CONNECT_WEBHOOK_SECRET/);
  });
});
