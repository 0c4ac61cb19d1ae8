import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAPSED_HOLDS_BEFORE_COOLDOWN,
  LAPSED_HOLDS_COOLDOWN_HOURS,
  LAPSED_HOLDS_WINDOW_HOURS,
  MAX_UNPAID_HOLDS_TOTAL,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { booking as bookingMessages, cancellation } from '#shared/messages/bookings.ts';
import type { App } from '#server/app-types.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { localCheckoutSessions, payments } from '#server/db/schema/payments.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import type { Executor } from '#server/db/client.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { sweepBookings } from '#server/modules/bookings/bookings.service.ts';
import { sweepPayments } from '#server/modules/payments/payments.service.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { simulatorOf } from '#tests/checkout.ts';
import { parseMail } from '#tests/mail.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const PRICE = 3000;

/** Midnight UTC, five days from now: every session of these tests lies in [day + 6 h, day + 18 h]. */
function futureDay(): (hours: number) => Date {
  const day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  return (hours) => new Date(day.getTime() + hours * HOUR);
}
const at = futureDay();

/** A helper whose paid offer takes charges, with a free option and the whole window open. */
async function paidHelper(db: Executor): Promise<{ helper: UserRow; offer: TestOffer }> {
  const helper = await createHelper(db, { displayName: 'Claire Dubois' });
  await givePayoutAccount(db, helper, true);
  const offer = await createOffer(db, helper, {
    title: 'Traverser un deuil',
    options: [
      { durationMinutes: 30, priceCents: 0 },
      { durationMinutes: 60, priceCents: PRICE },
    ],
  });
  await createSlot(db, helper, { startAt: at(6), endAt: at(18), offerId: offer.id });
  return { helper, offer };
}

const checkoutBody = (offer: TestOffer, start: Date, minutes = 60) => ({
  offer_id: offer.id,
  start_at: start.toISOString(),
  end_at: new Date(start.getTime() + minutes * MIN).toISOString(),
  success_url: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://appui.test/payment/cancel',
});

type CheckoutAnswer = { booking_id: string; session_id: string };

describe('unpaid payment holds', () => {
  let t: TestApp;
  let helper: UserRow;
  let offer: TestOffer;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ helper, offer } = await paidHelper(t.app.ctx.db));
  });
  afterAll(() => t.close());

  const checkout = (user: UserRow, payload: object) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/payments/checkout-session', payload });
  const bookingRow = async (id: string) => (await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** Makes a hold lapse now, as its 30 minutes passing would, and runs the sweeps. */
  async function lapse(bookingId: string) {
    await t.app.ctx.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MIN) })
      .where(eq(bookings.id, bookingId));
    await sweepBookings(t.app.ctx.db);
    await sweepPayments(t.app.ctx);
  }

  it('allows one running hold per helper: another time is refused in French, the same time resumed', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const first = await checkout(seeker, checkoutBody(offer, at(6)));
    expect(first.statusCode).toBe(200);
    const second = await checkout(seeker, checkoutBody(offer, at(8)));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      detail: bookingMessages.unpaidHoldWithHelper,
      code: ErrorCode.BOOKING_UNPAID_HOLD_WITH_HELPER,
    });
    // The same time again is the same checkout, not a second hold.
    const again = await checkout(seeker, checkoutBody(offer, at(6)));
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutAnswer>().session_id).toBe(first.json<CheckoutAnswer>().session_id);
    // A free session is no hold: it is booked at once beside the running checkout.
    const free = await t.injectAs(seeker, {
      method: 'POST',
      url: '/api/v1/bookings/',
      payload: { offer_id: offer.id, start_at: at(9).toISOString(), end_at: at(9.5).toISOString() },
    });
    expect(free.statusCode).toBe(201);
    // Once paid, the hold is a session: the seeker may start another checkout with this helper.
    await simulatorOf(t).payCheckoutSession(first.json<CheckoutAnswer>().session_id);
    expect((await checkout(seeker, checkoutBody(offer, at(8)))).statusCode).toBe(200);
  });

  it(`allows ${MAX_UNPAID_HOLDS_TOTAL} running holds in all, across helpers`, async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const others = await Promise.all(Array.from({ length: MAX_UNPAID_HOLDS_TOTAL + 1 }, () => paidHelper(db)));
    const answers = [];
    for (const other of others.slice(0, MAX_UNPAID_HOLDS_TOTAL)) {
      const answer = await checkout(seeker, checkoutBody(other.offer, at(10)));
      expect(answer.statusCode).toBe(200);
      answers.push(answer.json<CheckoutAnswer>());
    }
    const extra = others[MAX_UNPAID_HOLDS_TOTAL]!;
    const refused = await checkout(seeker, checkoutBody(extra.offer, at(10)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: bookingMessages.unpaidHoldsLimit(MAX_UNPAID_HOLDS_TOTAL),
      code: ErrorCode.BOOKING_UNPAID_HOLDS_LIMIT,
    });
    expect(await db.select().from(bookings).where(eq(bookings.helperId, extra.helper.id))).toHaveLength(0);
    // A hold that lapsed no longer counts, even before any sweep.
    await db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MIN) })
      .where(eq(bookings.id, answers[0]!.booking_id));
    expect((await checkout(seeker, checkoutBody(extra.offer, at(10)))).statusCode).toBe(200);
  });

  it(`refuses new holds with a helper for ${LAPSED_HOLDS_COOLDOWN_HOURS} h after ${LAPSED_HOLDS_BEFORE_COOLDOWN} lapsed checkouts with them`, async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const { offer: otherOffer } = await paidHelper(db);
    const lapsedIds: string[] = [];
    for (let n = 0; n < LAPSED_HOLDS_BEFORE_COOLDOWN; n++) {
      const answer = await checkout(seeker, checkoutBody(offer, at(12)));
      expect(answer.statusCode, `checkout ${n + 1}`).toBe(200);
      lapsedIds.push(answer.json<CheckoutAnswer>().booking_id);
      await lapse(answer.json<CheckoutAnswer>().booking_id);
    }
    const refused = await checkout(seeker, checkoutBody(offer, at(12)));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.BOOKING_LAPSED_HOLDS_COOLDOWN);
    expect(refused.json().detail).toMatch(
      /^Plusieurs paiements commencés avec cette personne n’ont pas été finalisés\./,
    );
    expect(refused.json().detail).toContain('(heure de Paris)');
    // Only with that helper; others, and someone else with that helper, are not concerned.
    expect((await checkout(seeker, checkoutBody(otherOffer, at(12)))).statusCode).toBe(200);
    expect((await checkout(await createSeeker(db), checkoutBody(offer, at(12)))).statusCode).toBe(200);

    // Once the cooldown has run out (the lapses moved back in time), holds are allowed again.
    const past = new Date(Date.now() - (LAPSED_HOLDS_WINDOW_HOURS + LAPSED_HOLDS_COOLDOWN_HOURS) * HOUR - MIN);
    for (const id of lapsedIds) await db.update(bookings).set({ cancelledAt: past }).where(eq(bookings.id, id));
    expect((await checkout(seeker, checkoutBody(offer, at(13)))).statusCode).toBe(200);
  });

  it('does not count holds the helper released, nor checkouts the provider could not open', async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const { helper: ownHelper, offer: ownOffer } = await paidHelper(db);
    for (let n = 0; n < LAPSED_HOLDS_BEFORE_COOLDOWN; n++) {
      const answer = await checkout(seeker, checkoutBody(ownOffer, at(7)));
      expect(answer.statusCode).toBe(200);
      const released = await t.injectAs(ownHelper, {
        method: 'POST',
        url: `/api/v1/bookings/${answer.json<CheckoutAnswer>().booking_id}/cancel`,
        payload: { cancellation_reason: 'Je ne suis plus disponible' },
      });
      expect(released.statusCode).toBe(200);
    }
    // Lapsed holds without a checkout (the provider failed before opening one) are not the seeker's doing.
    for (let n = 0; n < LAPSED_HOLDS_BEFORE_COOLDOWN; n++) {
      await createBooking(db, {
        offer: ownOffer,
        seeker,
        option: ownOffer.options[1],
        startAt: at(8 + n),
        status: 'cancelled',
        cancelledAt: new Date(),
        holdExpiresAt: new Date(Date.now() + 20 * MIN),
      });
    }
    expect((await checkout(seeker, checkoutBody(ownOffer, at(7)))).statusCode).toBe(200);
  });

  describe('the helper releases a hold', () => {
    it('frees the time, expires the checkout, tells the seeker; other roles cannot', async () => {
      const db = t.app.ctx.db;
      const seeker = await createSeeker(db, { displayName: 'Paul Martin' });
      const stranger = await createSeeker(db);
      const admin = await createAdmin(db);
      const opened = await checkout(seeker, checkoutBody(offer, at(15)));
      expect(opened.statusCode).toBe(200);
      const { booking_id: bookingId, session_id: sessionId } = opened.json<CheckoutAnswer>();
      const release = (user: UserRow | null) =>
        t.injectAs(user, {
          method: 'POST',
          url: `/api/v1/bookings/${bookingId}/cancel`,
          payload: { cancellation_reason: 'Un imprévu' },
        });

      expect((await release(null)).statusCode).toBe(401);
      expect((await release(stranger)).statusCode).toBe(404);
      expect((await release(admin)).statusCode).toBe(403);
      // The seeker's own checkout lapses on its own (or is paid): nothing to cancel.
      const own = await release(seeker);
      expect(own.statusCode).toBe(409);
      expect(own.json().code).toBe(ErrorCode.BOOKING_NOT_CANCELLABLE);

      const before = (await t.readOutbox()).length;
      const released = await release(helper);
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({
        booking: { status: 'cancelled', cancelled_by: helper.id, is_last_minute: false, refund_status: 'none' },
        notification_sent_to: 'Paul Martin',
        refund: { status: 'none', amount_cents: 0 },
        message: cancellation.holdReleasedInformed('Paul Martin'),
      });
      await backgroundSettled(t.app.ctx);
      // The checkout is expired at the provider, which told the webhook handler: it cannot be paid.
      const [local] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      expect(local?.status).toBe('expired');
      const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
      expect(payment?.status).toBe('expired');
      expect(await simulatorOf(t).payCheckoutSession(sessionId)).toEqual({ refused: 'expired' });
      expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled', cancelledBy: helper.id });

      const mails = (await t.readOutbox()).slice(before).map(parseMail);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toContain(seeker.email);
      expect(mails[0]!.subject).toBe('Horaire libéré : « Traverser un deuil »');
      expect(mails[0]!.text.replace(/\s+/g, ' ')).toContain('aucun montant ne vous a été débité');

      // The time is free again, for anyone.
      expect((await checkout(stranger, checkoutBody(offer, at(15)))).statusCode).toBe(200);
      // Released is not lapsed: the DTO says who cancelled, and that it was not a session.
      const read = await t.injectAs(seeker, { method: 'GET', url: `/api/v1/bookings/${bookingId}` });
      expect(read.json()).toMatchObject({ status: 'cancelled', cancelled_by: helper.id });
    });

    it('refuses a hold that has already lapsed: its time is free already', async () => {
      const seeker = await createSeeker(t.app.ctx.db);
      const opened = (await checkout(seeker, checkoutBody(offer, at(16)))).json<CheckoutAnswer>();
      await t.app.ctx.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() - MIN) })
        .where(and(eq(bookings.id, opened.booking_id)));
      const response = await t.injectAs(helper, {
        method: 'POST',
        url: `/api/v1/bookings/${opened.booking_id}/cancel`,
        payload: { cancellation_reason: 'Un imprévu' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(ErrorCode.BOOKING_NOT_CANCELLABLE);
    });
  });

  it('tells an unfinished checkout from a cancellation: cancelled by nobody', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const opened = (await checkout(seeker, checkoutBody(offer, at(17)))).json<CheckoutAnswer>();
    await lapse(opened.booking_id);
    for (const viewer of [seeker, helper]) {
      const list = await t.injectAs(viewer, { method: 'GET', url: '/api/v1/bookings/?limit=100' });
      const listed = list.json<Array<{ id: string; status: string; cancelled_by: string | null }>>();
      expect(listed.find((b) => b.id === opened.booking_id)).toMatchObject({ status: 'cancelled', cancelled_by: null });
    }
  });
});

describe('unpaid-hold caps across two app instances', () => {
  let two: TwoInstances;

  beforeAll(async () => {
    two = await startTwoInstances();
  });
  afterAll(() => two.close());

  it(`two parallel checkouts of one seeker on two processes cannot both pass the cap of ${MAX_UNPAID_HOLDS_TOTAL}`, async () => {
    const db = two.database.db;
    const seeker = await createSeeker(db);
    const helpers = await Promise.all(Array.from({ length: MAX_UNPAID_HOLDS_TOTAL + 1 }, () => paidHelper(db)));
    const token = await createTokenIssuer(two.first.ctx.config.jwtSecret).issue(seeker);
    const checkout = (app: App, offer: TestOffer) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/checkout-session',
        headers: { authorization: `Bearer ${token}` },
        payload: checkoutBody(offer, at(10)),
      });
    for (const { offer } of helpers.slice(0, MAX_UNPAID_HOLDS_TOTAL - 1))
      expect((await checkout(two.first, offer)).statusCode).toBe(200);

    const [third, fourth] = helpers.slice(MAX_UNPAID_HOLDS_TOTAL - 1);
    // On PostgreSQL the two requests are made to meet: the two calendars are locked from outside
    // until both requests wait on a lock, so both then run their checks at once. On PGlite (one
    // connection, one process) they run one after the other whatever the code does.
    const gate = await lockCalendarsFromOutside(two, [third!.helper.id, fourth!.helper.id]);
    const pending = [checkout(two.first, third!.offer), checkout(two.second, fourth!.offer)];
    await gate.releaseOnceWaiting(2);
    const answers = await Promise.all(pending);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe(ErrorCode.BOOKING_UNPAID_HOLDS_LIMIT);
    const holds = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, seeker.id), eq(bookings.status, 'pending_payment')));
    expect(holds).toHaveLength(MAX_UNPAID_HOLDS_TOTAL);
  });
});

/**
 * PostgreSQL: holds the calendar locks of `helperIds` (the key of db/locks.ts) on a connection of its
 * own; `releaseOnceWaiting(n)` lets go once n other sessions wait on an advisory lock. PGlite: nothing.
 */
async function lockCalendarsFromOutside(two: TwoInstances, helperIds: string[]) {
  if (two.database.kind !== 'postgres') return { releaseOnceWaiting: async (_n: number) => undefined };
  const pool = (two.database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  for (const id of helperIds)
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`calendar:${id}`]);
  return {
    async releaseOnceWaiting(n: number) {
      try {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
             WHERE locktype = 'advisory' AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          if ((rows[0]?.n ?? 0) >= n) break;
          if (Date.now() > deadline) throw new Error(`fewer than ${n} requests waited on a lock`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock_all()');
        client.release();
      }
    },
  };
}
