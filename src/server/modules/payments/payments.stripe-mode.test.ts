import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/bookings.ts';
import { paymentRefunds, payments } from '#server/db/schema/payments.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { signedWebhook, startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in.ts';

/**
 * Stripe mode end to end: the app built with Stripe keys (the factory answers the StripeProvider),
 * its SDK pointed at the local stand-in, and the stand-in's signed events delivered to the webhook
 * route as Stripe would. Runs on PGlite and, under `npm run test:pg`, on PostgreSQL.
 */

const HOUR = 3_600_000;
const MIN = 60_000;
const PRICE = 4500;
const WEBHOOK_SECRET = 'whsec_stand_in_secret_for_tests';

let standIn: StripeStandIn;
let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let offer: TestOffer;
let start: Date;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await buildTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { stripeClient: standIn.clientOptions },
  );
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  offer = await createOffer(db, helper, {
    title: 'Sortir du burn-out',
    options: [{ durationMinutes: 60, priceCents: PRICE }],
  });
  // Five days ahead: a cancellation then is more than 24 h before the session (full refund).
  start = new Date(Date.now() + 5 * 24 * HOUR);
  start.setUTCHours(9, 0, 0, 0);
  await createSlot(db, helper, { startAt: start, endAt: new Date(start.getTime() + 4 * HOUR), offerId: offer.id });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** The stand-in's event, signed with the app's webhook secret and posted to the webhook route. */
async function deliver(event: Stripe.Event) {
  const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    payload,
  });
  await backgroundSettled(t.app.ctx);
  return response;
}

const bookingRow = async (id: string) => (await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (bookingId: string) =>
  (await t.app.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;

describe('Stripe mode, against the stand-in', () => {
  it('runs on the StripeProvider', () => {
    expect(t.app.ctx.payments.name).toBe('stripe');
  });

  let accountId: string;
  let bookingId: string;
  let sessionId: string;
  let paymentIntentId: string;

  it('creates the helper’s Express account and answers an onboarding link; account.updated activates it', async () => {
    const created = await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' });
    expect(created.statusCode).toBe(200);
    const accountRequest = standIn.lastRequest('POST', '/v1/accounts');
    expect(accountRequest.authorization).toBe('Bearer sk_test_stand_in');
    expect(accountRequest.body).toMatchObject({ type: 'express', country: 'FR', metadata: { user_id: helper.id } });
    expect(accountRequest.idempotencyKey).toBeTruthy();
    const [row] = await t.app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, helper.id));
    accountId = row!.accountId;
    expect(accountId).toMatch(/^acct_/);
    expect(created.json().onboarding_url).toMatch(new RegExp(`^${standIn.baseUrl}/setup/`));
    expect(standIn.lastRequest('POST', '/v1/account_links').body).toMatchObject({ account: accountId });

    const updated = await deliver(
      standIn.updateAccount(accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }),
    );
    expect(updated.statusCode).toBe(200);
    const [active] = await t.app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, helper.id));
    expect(active).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
  });

  it('opens the checkout session with the fee, the destination, the expiry, the metadata and the booking’s key', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await t.injectAs(seeker, {
      method: 'POST',
      url: '/api/v1/payments/checkout-session',
      payload: {
        offer_id: offer.id,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 60 * MIN).toISOString(),
        success_url: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://appui.test/payment/cancel',
      },
    });
    expect(response.statusCode).toBe(200);
    ({ booking_id: bookingId, session_id: sessionId } = response.json<{ booking_id: string; session_id: string }>());
    expect(response.json().checkout_url).toMatch(new RegExp(`^${standIn.baseUrl}/pay/`));

    const request = standIn.lastRequest('POST', '/v1/checkout/sessions');
    expect(request.idempotencyKey).toBe(bookingId);
    expect(request.body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: String(PRICE) } }],
      payment_intent_data: {
        application_fee_amount: '450',
        transfer_data: { destination: accountId },
        metadata: { booking_id: bookingId },
      },
      metadata: { booking_id: bookingId },
      success_url: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://appui.test/payment/cancel',
    });
    // Stripe's floor is 30 minutes after its own clock; the provider adds its margin.
    const expiresAt = Number(request.body.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(32 * 60);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending_payment' });
    expect(await paymentRow(bookingId)).toMatchObject({
      provider: 'stripe',
      status: 'open',
      checkoutSessionId: sessionId,
    });
  });

  it('checkout.session.completed, signed, makes the booking paid', async () => {
    const response = await deliver(standIn.completeCheckoutSession(sessionId));
    expect(response.statusCode).toBe(200);
    const payment = await paymentRow(bookingId);
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: PRICE, applicationFeeCents: 450 });
    expect(payment.paymentIntentId).toMatch(/^pi_/);
    paymentIntentId = payment.paymentIntentId!;
    const booking = await bookingRow(bookingId);
    expect(booking.status).toBe('paid');
    expect(booking.holdExpiresAt).toBeNull();

    const status = await t.injectAs(seeker, {
      method: 'GET',
      url: `/api/v1/payments/checkout-session/${sessionId}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ booking_id: bookingId });
  });

  it('a cancellation more than 24 h ahead asks a full refund that takes back the fee and the transfer', async () => {
    const cancelled = await t.injectAs(seeker, {
      method: 'POST',
      url: `/api/v1/bookings/${bookingId}/cancel`,
      payload: { cancellation_reason: 'Un imprévu' },
    });
    expect(cancelled.statusCode).toBe(200);
    await backgroundSettled(t.app.ctx);
    const request = standIn.lastRequest('POST', '/v1/refunds');
    expect(request.idempotencyKey).toBe(`refund-${bookingId}`);
    expect(request.body).toMatchObject({
      payment_intent: paymentIntentId,
      amount: String(PRICE),
      refund_application_fee: 'true',
      reverse_transfer: 'true',
      metadata: { booking_id: bookingId, cause: 'cancellation' },
    });
  });

  it('charge.refunded leaves the ledger refunded, the refund stored once', async () => {
    const response = await deliver(standIn.chargeRefunded(paymentIntentId));
    expect(response.statusCode).toBe(200);
    expect(await paymentRow(bookingId)).toMatchObject({ refundedCents: PRICE });
    const refunds = await t.app.ctx.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, (await paymentRow(bookingId)).id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: PRICE, status: 'succeeded', cause: 'cancellation' });
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'cancelled',
      refundStatus: 'refunded',
      refundCents: PRICE,
    });

    const ledger = await t.injectAs(helper, { method: 'GET', url: '/api/v1/payments/ledger' });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().items).toEqual([
      expect.objectContaining({ booking_id: bookingId, amount_cents: PRICE, refunded_cents: PRICE }),
    ]);
  });
});
