import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { paymentEvents, paymentRefunds, payments } from '#server/db/schema/payments.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { parseMail } from '#tests/mail.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

/**
 * Issue 9 section 6: signed events delivered three times each, shuffled, some at the same time, end in
 * the same state as one ordered pass — no double payment, refund or mail, no lost transition.
 */

const HOUR = 3_600_000;
const PRICE = 4500;
/** Checkout sessions per pass; their roles in the scenario are fixed by index (see scenario()). */
const SESSIONS = 24;

let t: TestApp;
let provider: LocalProvider;
let helper: UserRow;
let accountId: string;
let offer: TestOffer;
let day: Date;

beforeAll(async () => {
  t = await buildTestApp();
  provider = t.app.ctx.payments as LocalProvider;
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  accountId = (await givePayoutAccount(db, helper, true)).accountId;
  offer = await createOffer(db, helper, {
    title: 'Sortir du burn-out',
    options: [{ durationMinutes: 60, priceCents: PRICE }],
  });
  day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  // Two passes of SESSIONS hours, in day-long slots: the longest a helper can enter
  // (SLOT_MAX_DURATION_MINUTES), which the free-time reads rely on to look back only that far.
  for (let dayIndex = 0; dayIndex < (2 * SESSIONS) / 24; dayIndex++) {
    await createSlot(db, helper, {
      startAt: new Date(day.getTime() + dayIndex * 24 * HOUR),
      endAt: new Date(day.getTime() + (dayIndex + 1) * 24 * HOUR),
      offerId: offer.id,
    });
  }
});
afterAll(() => t.close());

type Pass = { label: string; seekers: UserRow[]; bookingIds: string[]; sessionIds: string[] };

/** SESSIONS checkouts through the API, one seeker each, one hour apart from `firstHour`. */
async function openPass(label: string, firstHour: number): Promise<Pass> {
  const pass: Pass = { label, seekers: [], bookingIds: [], sessionIds: [] };
  for (let i = 0; i < SESSIONS; i++) {
    const seeker = await createSeeker(t.app.ctx.db);
    const start = new Date(day.getTime() + (firstHour + i) * HOUR);
    const response = await openCheckout(t, seeker, offer.id, start);
    expect(response.statusCode).toBe(200);
    pass.seekers.push(seeker);
    pass.bookingIds.push(response.json().booking_id);
    pass.sessionIds.push(response.json().session_id);
  }
  return pass;
}

let eventCounter = 0;
function event(type: string, object: object, account?: string) {
  eventCounter += 1;
  return {
    id: `evt_mix_${eventCounter}`,
    object: 'event',
    type,
    created: 1,
    ...(account ? { account } : {}),
    data: { object },
  };
}

/**
 * The pass's events in the order they happen: paid sessions, refunds (full, then two partial on one
 * charge), a duplicate completion under another event id, asynchronous successes and failures,
 * expiries, expiries followed by a payment (the time is still free: it comes back), payout account
 * updates and event types we do not handle.
 */
function scenario(pass: Pass) {
  const pi = (i: number) => `pi_${pass.label}_${i}`;
  const session = (i: number, paymentStatus: 'paid' | 'unpaid') => ({
    id: pass.sessionIds[i],
    object: 'checkout.session',
    payment_status: paymentStatus,
    payment_intent: pi(i),
    metadata: { booking_id: pass.bookingIds[i] },
  });
  const refund = (i: number, refunds: { id: string; amount: number }[]) => ({
    id: `ch_${pass.label}_${i}`,
    object: 'charge',
    amount: PRICE,
    amount_refunded: refunds.reduce((total, r) => total + r.amount, 0),
    payment_intent: pi(i),
    refunds: { object: 'list', data: refunds.map((r) => ({ ...r, object: 'refund', status: 'succeeded' })) },
  });
  const events = [];
  for (let i = 0; i <= 9; i++) events.push(event('checkout.session.completed', session(i, 'paid')));
  for (let i = 0; i <= 4; i++)
    events.push(event('charge.refunded', refund(i, [{ id: `re_${pass.label}_${i}`, amount: PRICE }])));
  for (const i of [5, 6]) {
    const first = { id: `re_${pass.label}_${i}_a`, amount: 1000 };
    events.push(event('charge.refunded', refund(i, [first])));
    events.push(event('charge.refunded', refund(i, [first, { id: `re_${pass.label}_${i}_b`, amount: 1500 }])));
  }
  events.push(event('checkout.session.completed', session(7, 'paid')));
  for (let i = 10; i <= 14; i++) {
    events.push(event('checkout.session.completed', session(i, 'unpaid')));
    events.push(event('checkout.session.async_payment_succeeded', session(i, 'paid')));
  }
  // Refunds of asynchronous payments, which may arrive before the payment is confirmed.
  for (let i = 10; i <= 12; i++)
    events.push(event('charge.refunded', refund(i, [{ id: `re_${pass.label}_${i}`, amount: PRICE }])));
  for (let i = 15; i <= 18; i++) {
    events.push(event('checkout.session.completed', session(i, 'unpaid')));
    events.push(event('checkout.session.async_payment_failed', session(i, 'unpaid')));
  }
  for (let i = 19; i <= 23; i++) events.push(event('checkout.session.expired', session(i, 'unpaid')));
  for (const i of [19, 20]) events.push(event('checkout.session.completed', session(i, 'paid')));
  const flags = { details_submitted: true, charges_enabled: true, payouts_enabled: true };
  events.push(event('account.updated', { id: accountId, object: 'account', ...flags }, accountId));
  events.push(event('payment_intent.created', { id: pi(0), object: 'payment_intent' }));
  return events;
}

function deliver(evt: object) {
  const payload = JSON.stringify(evt);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: provider.webhookSecret }),
    },
    payload,
  });
}

/** A small seeded generator, so a failing order can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Everything the events decide, per session index, with mails per recipient (seeker i or helper). */
async function stateOf(pass: Pass, mailsBefore: number, mailsAfter: number) {
  const db = t.app.ctx.db;
  const rows = [];
  for (let i = 0; i < SESSIONS; i++) {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, pass.bookingIds[i]!));
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, pass.bookingIds[i]!));
    const refunds = await db
      .select({ amount: paymentRefunds.amountCents, status: paymentRefunds.status })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment!.id));
    rows.push({
      i,
      booking: booking!.status,
      refundStatus: booking!.refundStatus,
      payment: payment!.status,
      refundedCents: payment!.refundedCents,
      paymentIntent: payment!.paymentIntentId?.replace(`_${pass.label}_`, '_'),
      refunds: refunds.map((r) => `${r.amount}:${r.status}`).sort(),
    });
  }
  const labels = new Map(pass.seekers.map((seeker, i) => [seeker.email, `seeker${i}`]));
  labels.set(helper.email, 'helper');
  const mails = (await t.readOutbox())
    .slice(mailsBefore, mailsAfter)
    .map(parseMail)
    .map((mail) => {
      const label = [...labels].find(([email]) => mail.to.includes(email))?.[1] ?? 'other';
      return `${label} | ${mail.subject}`;
    })
    .sort();
  return { rows, mails };
}

describe('webhook events in any order, any number of times', () => {
  it('three shuffled, partly concurrent deliveries of 50 events end as one ordered pass', async () => {
    const ordered = await openPass('a', 0);
    const mixed = await openPass('b', SESSIONS);
    const orderedEvents = scenario(ordered);
    const mixedEvents = scenario(mixed);
    expect(orderedEvents.length).toBeGreaterThanOrEqual(50);

    const beforeOrdered = (await t.readOutbox()).length;
    for (const evt of orderedEvents) {
      const response = await deliver(evt);
      expect(response.statusCode, `${evt.type} ${response.body}`).toBe(200);
    }
    await backgroundSettled(t.app.ctx);
    const afterOrdered = (await t.readOutbox()).length;

    // Three copies of each event, shuffled, delivered four at a time; what is refused (a refund
    // before its payment) is delivered again afterwards, as the provider retries.
    let queue = shuffled([...mixedEvents, ...mixedEvents, ...mixedEvents], 20261125);
    let duplicates = 0;
    for (let round = 0; queue.length > 0; round++) {
      expect(round).toBeLessThan(10);
      const retry: typeof queue = [];
      for (let k = 0; k < queue.length; k += 4) {
        const batch = queue.slice(k, k + 4);
        const responses = await Promise.all(batch.map((evt) => deliver(evt)));
        responses.forEach((response, n) => {
          if (response.statusCode === 200) {
            if (response.json().duplicate) duplicates += 1;
            return;
          }
          expect(response.statusCode, response.body).toBe(409);
          expect(response.json().code).toBe(ErrorCode.WEBHOOK_EVENT_EARLY);
          retry.push(batch[n]!);
        });
      }
      queue = retry;
    }
    await backgroundSettled(t.app.ctx);
    const afterMixed = (await t.readOutbox()).length;

    // Each event took effect once: two duplicates per event.
    expect(duplicates).toBe(2 * mixedEvents.length);
    const recorded = await t.app.ctx.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.id,
          mixedEvents.map((evt) => evt.id),
        ),
      );
    expect(recorded).toHaveLength(mixedEvents.length);

    const expected = await stateOf(ordered, beforeOrdered, afterOrdered);
    const actual = await stateOf(mixed, afterOrdered, afterMixed);
    expect(actual.rows).toEqual(expected.rows.map((row) => ({ ...row })));
    expect(actual.mails).toEqual(expected.mails);

    // And the ordered pass itself is right: spot checks of each kind of session.
    const row = (i: number) => expected.rows[i]!;
    expect(row(0)).toMatchObject({
      booking: 'paid',
      payment: 'succeeded',
      refundedCents: PRICE,
      refunds: [`${PRICE}:succeeded`],
    });
    expect(row(5)).toMatchObject({
      booking: 'paid',
      refundedCents: 2500,
      refunds: ['1000:succeeded', '1500:succeeded'],
    });
    expect(row(7)).toMatchObject({ booking: 'paid', payment: 'succeeded', refundedCents: 0 });
    expect(row(10)).toMatchObject({ booking: 'paid', payment: 'succeeded', refundedCents: PRICE });
    expect(row(13)).toMatchObject({ booking: 'paid', payment: 'succeeded', refundedCents: 0 });
    expect(row(15)).toMatchObject({ booking: 'cancelled', payment: 'failed' });
    expect(row(19)).toMatchObject({ booking: 'paid', payment: 'succeeded' });
    expect(row(21)).toMatchObject({ booking: 'cancelled', payment: 'expired' });
    // Paid: sessions 0-14 less the failed ones, plus 19 and 20 → 17 bookings, two mails each; one
    // refund mail per refund (5 + 3 full, 2 × 2 partial).
    expect(expected.mails.filter((mail) => mail.includes('Paiement confirmé'))).toHaveLength(17);
    expect(expected.mails.filter((mail) => mail.includes('Nouvelle réservation payée'))).toHaveLength(17);
    expect(expected.mails.filter((mail) => mail.includes('Remboursement effectué'))).toHaveLength(12);
    const [account] = await t.app.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId));
    expect(account).toMatchObject({ chargesEnabled: true, payoutsEnabled: true });
  });
});
