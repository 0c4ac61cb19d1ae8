import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_CREATE_RATE_LIMIT_PER_HOUR, MAX_UPCOMING_BOOKINGS_PER_HELPER } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { paymentErrors } from '#shared/messages/payments.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { paymentEvents, paymentRefunds, payments } from '#server/db/schema/payments.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { sweepBookings } from '#server/modules/bookings/bookings.service.ts';
import { sweepPayments } from '#server/modules/payments/payments.service.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { parseMail } from '#tests/mail.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const PRICE = 4500;

let t: TestApp;
let provider: LocalProvider;
let helper: UserRow;
let seeker: UserRow;
let otherSeeker: UserRow;
let stranger: UserRow;
let admin: UserRow;
let offer: TestOffer;
/** Midnight UTC, five days from now: sessions more than 24 h ahead live in [day + 6 h, day + 18 h]. */
let day: Date;
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);

beforeAll(async () => {
  t = await buildTestApp();
  provider = t.app.ctx.payments as LocalProvider;
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  otherSeeker = await createSeeker(db, { displayName: 'Zoé Petit' });
  stranger = await createSeeker(db);
  admin = await createAdmin(db);
  await givePayoutAccount(db, helper, true);
  offer = await createOffer(db, helper, {
    title: 'Sortir du burn-out',
    options: [
      { durationMinutes: 30, priceCents: 0 },
      { durationMinutes: 60, priceCents: PRICE },
    ],
  });
  day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  await createSlot(db, helper, { startAt: at(6), endAt: at(18), offerId: offer.id });
  // A window starting within 24 h, for last-minute cancellations.
  const soon = new Date(Date.now() + 3 * HOUR);
  soon.setUTCMinutes(0, 0, 0);
  await createSlot(db, helper, { startAt: soon, endAt: new Date(soon.getTime() + 3 * HOUR), offerId: offer.id });
});
afterAll(() => t.close());

const returnUrls = {
  success_url: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://appui.test/payment/cancel',
};
const body = (start: Date, minutes = 60, extra: object = {}) => ({
  offer_id: offer.id,
  start_at: start.toISOString(),
  end_at: new Date(start.getTime() + minutes * MIN).toISOString(),
  ...returnUrls,
  ...extra,
});
const checkout = (user: UserRow | null, payload: object) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/payments/checkout-session', payload });
const status = (user: UserRow | null, sessionId: string) =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/payments/checkout-session/${encodeURIComponent(sessionId)}` });
const cancel = (user: UserRow, bookingId: string) =>
  t.injectAs(user, {
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/cancel`,
    payload: { cancellation_reason: 'Un imprévu' },
  });
const bookingRow = async (id: string) => (await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (bookingId: string) =>
  (await t.app.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
const refundsOf = async (paymentId: string) =>
  t.app.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
/** Mails sent since `before` (outbox length), parsed. */
const mailsSince = async (before: number) => (await t.readOutbox()).slice(before).map(parseMail);
const outboxSize = async () => (await t.readOutbox()).length;

/** Opens a checkout and pays it in the simulator; answers the booking and session ids. */
async function bookAndPay(user: UserRow, start: Date): Promise<{ bookingId: string; sessionId: string }> {
  const response = await checkout(user, body(start));
  expect(response.statusCode).toBe(200);
  const { booking_id: bookingId, session_id: sessionId } = response.json<{ booking_id: string; session_id: string }>();
  expect(await provider.payCheckoutSession(sessionId)).toHaveProperty('redirectTo');
  await backgroundSettled(t.app.ctx);
  return { bookingId, sessionId };
}

/** A Stripe-signed delivery to the webhook route, as Stripe sends it. */
function deliver(event: object, secret = provider.webhookSecret) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

describe('POST /payments/checkout-session', () => {
  it('needs a login', async () => {
    expect((await checkout(null, body(at(6)))).statusCode).toBe(401);
  });

  it('holds the time for 30 minutes, opens the session with fee and idempotency key, records the ledger row', async () => {
    const spy = vi.spyOn(provider, 'createCheckoutSession');
    const before = Date.now();
    const response = await checkout(seeker, body(at(6)));
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.checkout_url).toMatch(/^http:\/\/appui\.test\/simulateur\/paiement\//);
    const booking = await bookingRow(answer.booking_id);
    expect(booking).toMatchObject({ status: 'pending_payment', priceCents: PRICE, userId: seeker.id });
    const holdMs = booking.holdExpiresAt!.getTime() - before;
    expect(holdMs).toBeGreaterThanOrEqual(30 * MIN - 1000);
    expect(holdMs).toBeLessThanOrEqual(30 * MIN + 5000);
    expect(answer.hold_expires_at).toBe(booking.holdExpiresAt!.toISOString());
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({
        bookingId: booking.id,
        amountCents: PRICE,
        applicationFeeCents: 450,
        idempotencyKey: booking.id,
        expiresAt: booking.holdExpiresAt,
      }),
    );
    spy.mockRestore();
    expect(await paymentRow(booking.id)).toMatchObject({
      checkoutSessionId: answer.session_id,
      status: 'open',
      amountCents: PRICE,
      applicationFeeCents: 450,
      refundedCents: 0,
    });

    // The same seeker asking again for the same time gets the same session, not a 409 — even from
    // another page (other return URLs, which the provider would refuse under the same key): the
    // stored session is answered without a second provider call.
    const resumeSpy = vi.spyOn(provider, 'createCheckoutSession');
    const again = await checkout(seeker, body(at(6), 60, { cancel_url: 'http://appui.test/dashboard?tab=bookings' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      booking_id: booking.id,
      session_id: answer.session_id,
      checkout_url: answer.checkout_url,
    });
    expect(resumeSpy).not.toHaveBeenCalled();
    resumeSpy.mockRestore();
    // Someone else gets the taken time's 409.
    const other = await checkout(otherSeeker, body(at(6)));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(ErrorCode.BOOKING_TIME_TAKEN);
  });

  it('refuses foreign or placeholder-less return URLs (no open redirect), in French', async () => {
    for (const urls of [
      { success_url: 'https://evil.example/ok?s={CHECKOUT_SESSION_ID}' },
      { cancel_url: 'https://evil.example/cancel' },
      { success_url: 'http://appui.test@evil.example/?s={CHECKOUT_SESSION_ID}' },
      { cancel_url: 'http://appui.test.evil.example/cancel' },
      { success_url: 'http://appui.test/payment/success' },
    ]) {
      const response = await checkout(seeker, body(at(8), 60, urls));
      expect(response.statusCode, JSON.stringify(urls)).toBe(400);
      expect(response.json().code).toBe(ErrorCode.PAYMENT_RETURN_URL_INVALID);
    }
    expect(
      await t.app.ctx.db
        .select()
        .from(bookings)
        .where(eq(bookings.startAt, at(8))),
    ).toHaveLength(0);
  });

  it('refuses return URLs whose raw text another URL parser could read as another host (backslash)', async () => {
    // The raw string is what goes to the provider and into the simulator's Location header: WHATWG
    // reads `appui.test\@evil.example` as appui.test, other URL parsers as evil.example.
    for (const urls of [
      { success_url: 'http://appui.test\\@evil.example/?s={CHECKOUT_SESSION_ID}' },
      { cancel_url: 'http://appui.test\\@evil.example/cancel' },
      { cancel_url: 'http://appui.test\\evil.example/cancel' },
    ]) {
      const response = await checkout(seeker, body(at(8), 60, urls));
      expect(response.statusCode, JSON.stringify(urls)).toBe(400);
      expect(response.json()).toEqual({
        detail: paymentErrors.returnUrlForeign,
        code: ErrorCode.PAYMENT_RETURN_URL_INVALID,
      });
    }
  });

  it('refuses one’s own offer, a free option, and a helper whose account takes no charges', async () => {
    const own = await checkout(helper, body(at(10)));
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe(ErrorCode.BOOKING_OWN_OFFER);

    const free = await checkout(seeker, body(at(10), 30));
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({ detail: paymentErrors.freeOffer, code: ErrorCode.PAYMENT_FREE_OFFER });

    const db = t.app.ctx.db;
    const unready = await createHelper(db);
    await givePayoutAccount(db, unready, false);
    const unreadyOffer = await createOffer(db, unready, { options: [{ durationMinutes: 60, priceCents: 3000 }] });
    await createSlot(db, unready, { startAt: at(6), endAt: at(18) });
    const response = await checkout(seeker, { ...body(at(6)), offer_id: unreadyOffer.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: paymentErrors.helperNotReady,
      code: ErrorCode.PAYMENT_HELPER_NOT_READY,
    });
    // No hold was taken.
    expect(await db.select().from(bookings).where(eq(bookings.helperId, unready.id))).toHaveLength(0);
  });

  it('refuses a helper whose only ready account belongs to the other provider mode', async () => {
    const db = t.app.ctx.db;
    const switched = await createHelper(db);
    const account = await givePayoutAccount(db, switched, true);
    // Stored while Stripe keys were set: that account does not exist for the simulator.
    await db.update(payoutAccounts).set({ provider: 'stripe' }).where(eq(payoutAccounts.userId, account.userId));
    const switchedOffer = await createOffer(db, switched, { options: [{ durationMinutes: 60, priceCents: 3000 }] });
    await createSlot(db, switched, { startAt: at(6), endAt: at(18) });
    const response = await checkout(seeker, { ...body(at(6)), offer_id: switchedOffer.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(ErrorCode.PAYMENT_HELPER_NOT_READY);
    expect(await db.select().from(bookings).where(eq(bookings.helperId, switched.id))).toHaveLength(0);
  });

  it('applies the per-helper cap and the per-account rate limit of bookings', async () => {
    const db = t.app.ctx.db;
    const busyHelper = await createHelper(db);
    await givePayoutAccount(db, busyHelper, true);
    const busyOffer = await createOffer(db, busyHelper, { options: [{ durationMinutes: 60, priceCents: 2000 }] });
    await createSlot(db, busyHelper, { startAt: at(0), endAt: at(20) });
    const keen = await createSeeker(db);
    // Paid sessions fill the cap: a seeker runs one unpaid hold with a helper at a time.
    for (let hour = 0; hour < MAX_UPCOMING_BOOKINGS_PER_HELPER; hour++)
      await createBooking(db, { offer: busyOffer, seeker: keen, startAt: at(hour), status: 'paid' });
    const capped = await checkout(keen, { ...body(at(MAX_UPCOMING_BOOKINGS_PER_HELPER)), offer_id: busyOffer.id });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe(ErrorCode.BOOKING_UPCOMING_LIMIT_REACHED);

    const hasty = await createSeeker(db);
    const foreign = { ...body(at(1)), offer_id: busyOffer.id, cancel_url: 'https://evil.example/' };
    for (let attempt = 0; attempt < BOOKING_CREATE_RATE_LIMIT_PER_HOUR; attempt++)
      expect((await checkout(hasty, foreign)).statusCode).toBe(400);
    expect((await checkout(hasty, foreign)).statusCode).toBe(429);

    // One budget for both doors: attempts at POST /bookings/ count against the checkout too.
    const split = await createSeeker(db);
    // A paid option at the free door: a valid request that the service refuses (400), still counted.
    const { success_url: _s, cancel_url: _c, ...freeAttempt } = { ...body(at(1)), offer_id: busyOffer.id };
    for (let attempt = 0; attempt < BOOKING_CREATE_RATE_LIMIT_PER_HOUR; attempt++) {
      const res = await t.injectAs(split, { method: 'POST', url: '/api/v1/bookings/', payload: freeAttempt });
      expect(res.statusCode).toBe(400);
    }
    expect((await checkout(split, foreign)).statusCode).toBe(429);
  });

  it('completes a hold a cut request left without its ledger row when the seeker asks again (crash between hold and session)', async () => {
    const cutSeeker = await createSeeker(t.app.ctx.db);
    const cutOther = await createSeeker(t.app.ctx.db);
    // Cut after the provider's session: the same session again (idempotency key), one ledger row.
    const first = await checkout(cutSeeker, body(at(11)));
    expect(first.statusCode).toBe(200);
    const { booking_id: bookingId, session_id: sessionId } = first.json<{ booking_id: string; session_id: string }>();
    await t.app.ctx.db.delete(payments).where(eq(payments.bookingId, bookingId));
    const again = await checkout(cutSeeker, body(at(11)));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ booking_id: bookingId, session_id: sessionId });
    expect(await paymentRow(bookingId)).toMatchObject({
      checkoutSessionId: sessionId,
      status: 'open',
      amountCents: PRICE,
    });

    // Cut before the provider was called: a session is made now.
    const hold = await createBooking(t.app.ctx.db, {
      offer,
      seeker: cutOther,
      option: offer.options[1],
      startAt: at(13),
      status: 'pending_payment',
      holdExpiresAt: new Date(Date.now() + 20 * MIN),
    });
    const resumed = await checkout(cutOther, body(at(13)));
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ booking_id: hold.id });
    const recorded = await paymentRow(hold.id);
    expect(recorded).toMatchObject({ status: 'open', amountCents: PRICE });
    expect(resumed.json<{ session_id: string }>().session_id).toBe(recorded.checkoutSessionId);
    // Someone else still finds the time taken.
    expect((await checkout(stranger, body(at(13)))).statusCode).toBe(409);
  });

  it('releases the hold when the provider fails', async () => {
    const failedSeeker = await createSeeker(t.app.ctx.db);
    const nextSeeker = await createSeeker(t.app.ctx.db);
    const spy = vi.spyOn(provider, 'createCheckoutSession').mockRejectedValueOnce(new Error('provider down'));
    const response = await checkout(failedSeeker, body(at(12)));
    spy.mockRestore();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      detail: paymentErrors.providerUnavailable,
      code: ErrorCode.PAYMENT_PROVIDER_ERROR,
    });
    // The time is free again at once: another checkout for it succeeds.
    expect((await checkout(nextSeeker, body(at(12)))).statusCode).toBe(200);
  });
});

describe('the paid flow', () => {
  it('pays, confirms the booking, mails both parties with amount, commission and net', async () => {
    const payer = await createSeeker(t.app.ctx.db);
    const before = await outboxSize();
    const response = await checkout(payer, body(at(14)));
    const { booking_id: bookingId, session_id: sessionId } = response.json();

    // Before the webhook: the success page must not claim success.
    expect((await status(payer, sessionId)).json()).toMatchObject({
      booking_status: 'pending_payment',
      payment_status: 'open',
    });
    await provider.payCheckoutSession(sessionId);

    expect(await bookingRow(bookingId)).toMatchObject({ status: 'paid', holdExpiresAt: null });
    expect(await paymentRow(bookingId)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
    for (const viewer of [payer, helper, admin]) {
      const read = await status(viewer, sessionId);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        session_id: sessionId,
        booking_id: bookingId,
        booking_status: 'paid',
        payment_status: 'succeeded',
        amount_cents: PRICE,
        currency: 'eur',
        hold_expires_at: null,
      });
    }
    expect((await status(stranger, sessionId)).statusCode).toBe(404);
    expect((await status(stranger, 'cs_unknown')).json().code).toBe(ErrorCode.CHECKOUT_SESSION_NOT_FOUND);
    expect((await status(null, sessionId)).statusCode).toBe(401);

    const mails = await mailsSince(before);
    expect(mails).toHaveLength(2);
    const toSeeker = mails.find((mail) => mail.to.includes(payer.email))!;
    const toHelper = mails.find((mail) => mail.to.includes(helper.email))!;
    const n = (text: string) => text.replace(/\s/g, ' ');
    expect(toSeeker.subject).toBe('Paiement confirmé : « Sortir du burn-out »');
    expect(n(toSeeker.text)).toContain('45,00 €');
    expect(n(toHelper.text)).toContain('Montant payé : 45,00 €');
    expect(n(toHelper.text)).toContain('Commission Appui (10 %) : 4,50 €');
    expect(n(toHelper.text)).toContain('Votre revenu net : 40,50 €');
    // The raw mail carries the .ics invitation.
    const raw = (await t.readOutbox()).slice(before).join('\n');
    expect(raw).toContain('seance.ics');
  });
});

describe('hold expiry and late payments', () => {
  /** Makes a hold lapse now, as its 30 minutes passing would, and runs the sweeps. */
  async function lapse(bookingId: string) {
    await t.app.ctx.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MIN) })
      .where(eq(bookings.id, bookingId));
    await sweepBookings(t.app.ctx.db);
    await sweepPayments(t.app.ctx);
  }

  it('a lapsed hold frees the time and its payment expires', async () => {
    const lapser = await createSeeker(t.app.ctx.db);
    const nextSeeker = await createSeeker(t.app.ctx.db);
    const first = (await checkout(lapser, body(at(16)))).json();
    await lapse(first.booking_id);
    expect(await bookingRow(first.booking_id)).toMatchObject({ status: 'cancelled', cancelledBy: null });
    expect(await paymentRow(first.booking_id)).toMatchObject({ status: 'expired' });
    expect((await checkout(nextSeeker, body(at(16)))).statusCode).toBe(200);
  });

  it('a payment after the lapse takes the time back when it is still free', async () => {
    const latePayer = await createSeeker(t.app.ctx.db);
    const first = (await checkout(latePayer, body(at(17)))).json();
    await lapse(first.booking_id);
    await provider.payCheckoutSession(first.session_id);
    expect(await bookingRow(first.booking_id)).toMatchObject({ status: 'paid', cancelledAt: null, refundStatus: null });
    expect(await paymentRow(first.booking_id)).toMatchObject({ status: 'succeeded', refundedCents: 0 });
  });

  it('a payment after the lapse whose time was taken is refunded in full, and both parties are told', async () => {
    const latePayer = await createSeeker(t.app.ctx.db);
    const otherPayer = await createSeeker(t.app.ctx.db);
    const late = (await checkout(latePayer, body(at(15)))).json();
    await lapse(late.booking_id);
    const taker = (await checkout(otherPayer, body(at(15)))).json();
    expect(taker.booking_id).toBeDefined();

    const before = await outboxSize();
    await provider.payCheckoutSession(late.session_id);
    await backgroundSettled(t.app.ctx);

    expect(await bookingRow(late.booking_id)).toMatchObject({
      status: 'cancelled',
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    expect(await bookingRow(taker.booking_id)).toMatchObject({ status: 'pending_payment' });
    const payment = await paymentRow(late.booking_id);
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: PRICE });
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amountCents: PRICE, status: 'succeeded', cause: 'late_payment' }),
    ]);
    const mails = await mailsSince(before);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Paiement remboursé : « Sortir du burn-out »',
      'Paiement tardif remboursé : « Sortir du burn-out »',
      'Remboursement effectué : « Sortir du burn-out »',
    ]);
  });
});

describe('cancellation refunds (DESIGN.md section 8)', () => {
  const soonStart = () => {
    const soon = new Date(Date.now() + 3 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    return soon;
  };

  it('a seeker cancelling more than 24 h ahead is refunded in full through the provider, commission included', async () => {
    const payer = await createSeeker(t.app.ctx.db);
    const { bookingId } = await bookAndPay(payer, at(9));
    const spy = vi.spyOn(provider, 'refund');
    const before = await outboxSize();
    const response = await cancel(payer, bookingId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refund: { status: 'refunded', amount_cents: PRICE },
      booking: { status: 'cancelled', refund_status: 'refunded', refund_cents: PRICE },
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toMatchObject({ amountCents: PRICE, idempotencyKey: `refund-${bookingId}` });
    spy.mockRestore();
    await backgroundSettled(t.app.ctx);
    const payment = await paymentRow(bookingId);
    expect(payment.refundedCents).toBe(PRICE);
    // charge.refunded came afterwards: still one refund row, one refund mail.
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amountCents: PRICE, status: 'succeeded', cause: 'cancellation' }),
    ]);
    const subjects = (await mailsSince(before)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Remboursement effectué'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('Séance annulée'))).toHaveLength(1);
  });

  it('a seeker cancelling at the last minute is not refunded', async () => {
    const payer = await createSeeker(t.app.ctx.db);
    const { bookingId } = await bookAndPay(payer, soonStart());
    const spy = vi.spyOn(provider, 'refund');
    const response = await cancel(payer, bookingId);
    expect(response.json()).toMatchObject({
      refund: { status: 'none', amount_cents: 0 },
      booking: { is_last_minute: true, refund_status: 'none' },
    });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect((await paymentRow(bookingId)).refundedCents).toBe(0);
  });

  it('a helper cancelling, even at the last minute, refunds in full', async () => {
    const payer = await createSeeker(t.app.ctx.db);
    const { bookingId } = await bookAndPay(payer, new Date(soonStart().getTime() + HOUR));
    const response = await cancel(helper, bookingId);
    expect(response.json()).toMatchObject({
      refund: { status: 'refunded', amount_cents: PRICE },
      booking: { is_last_minute: true, refund_status: 'refunded' },
    });
    await backgroundSettled(t.app.ctx);
    expect((await paymentRow(bookingId)).refundedCents).toBe(PRICE);
  });

  it('a refund the provider could not make stays due, and the sweep makes it once', async () => {
    const payer = await createSeeker(t.app.ctx.db);
    const { bookingId } = await bookAndPay(payer, at(7));
    const spy = vi.spyOn(provider, 'refund').mockRejectedValueOnce(new Error('provider down'));
    const response = await cancel(payer, bookingId);
    expect(response.json().refund).toEqual({ status: 'pending', amount_cents: PRICE });
    await sweepPayments(t.app.ctx);
    await sweepPayments(t.app.ctx);
    spy.mockRestore();
    await backgroundSettled(t.app.ctx);
    expect(await bookingRow(bookingId)).toMatchObject({ refundStatus: 'refunded' });
    const payment = await paymentRow(bookingId);
    expect(payment.refundedCents).toBe(PRICE);
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });
});

describe('POST /payments/webhook', () => {
  it('refuses a missing or forged signature in French, and records nothing', async () => {
    const event = { id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: {} } };
    const forged = await deliver(event, 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      detail: paymentErrors.webhookSignature,
      code: ErrorCode.WEBHOOK_SIGNATURE_INVALID,
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const recorded = await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'));
    expect(recorded).toHaveLength(0);
  });

  it('verifies the exact bytes signed and treats a replay as a no-op', async () => {
    const event = { id: 'evt_ignored_type', object: 'event', type: 'customer.created', data: { object: {} } };
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
  });
});
