import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '#server/app-types.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { slots } from '#server/db/schema/slots.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { busCaughtUp, unannounced } from '#tests/bus.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';
import { EXPIRED_HOLD, PAYMENT_HOLD_STATUS } from '#shared/rules/booking-status.ts';

// Issue 11 section 3: free windows are cached per process, and every write that can change them
// drops the helper's answers everywhere at its commit (the triggers of migration 0014 and the bus).
// Each test primes the cache, makes a write the cache alone would hide, and checks that the next
// answers show it within a poll (well before the cache's own expiry), whoever wrote it.

const HOUR = 3_600_000;
type Window = { start_at: string; end_at: string };

/** A day at least three days ahead, midnight UTC; `at(h)` is that day at h o'clock. */
function futureDay(days: number): (hours: number) => Date {
  const day = new Date(Date.now() + days * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  return (hours) => new Date(day.getTime() + hours * HOUR);
}

function windowsOf(app: App, helper: UserRow, offer: TestOffer, at: (hours: number) => Date) {
  return async (): Promise<Window[]> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/time-slots/helper/${helper.id}/fragments`,
      query: { offer_id: offer.id, from: at(0).toISOString(), to: at(24).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Window[]>();
  };
}

const span = (at: (hours: number) => Date, from: number, to: number): Window => ({
  start_at: at(from).toISOString(),
  end_at: at(to).toISOString(),
});

describe('cached free windows (one instance)', () => {
  let t: TestApp;
  let helper: UserRow;
  let seeker: UserRow;
  let offer: TestOffer;
  let days = 3;
  /** A fresh day of the helper's calendar per test, with one slot 10:00-14:00 for the offer. */
  async function freshDay() {
    const at = futureDay(days++);
    await createSlot(t.app.ctx.db, helper, { startAt: at(10), endAt: at(14), offerId: offer.id });
    // Earlier writes' notifications must not drop the answers a test primes next.
    await busCaughtUp(t.app.ctx.database);
    return { at, windows: windowsOf(t.app, helper, offer, at) };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    helper = await createHelper(t.app.ctx.db);
    seeker = await createSeeker(t.app.ctx.db);
    await givePayoutAccount(t.app.ctx.db, helper, true);
    offer = await createOffer(t.app.ctx.db, helper, {
      options: [
        { durationMinutes: 30, priceCents: 0 },
        { durationMinutes: 60, priceCents: 3000 },
      ],
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('answers from the cache (200 and 304 alike) until a write of the helper is announced', async () => {
    const { at, windows } = await freshDay();
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
    const slot = (await t.app.ctx.db.select().from(slots).where(eq(slots.helperId, helper.id)))[0]!;
    await unannounced(t.app.ctx.db, (tx) => tx.update(slots).set({ isAvailable: false }).where(eq(slots.id, slot.id)));
    expect(await windows()).toEqual([span(at, 10, 14)]);
    const url = `/api/v1/time-slots/helper/${helper.id}/fragments?offer_id=${offer.id}&from=${at(0).toISOString()}&to=${at(24).toISOString()}`;
    const tagged = await t.app.inject({ method: 'GET', url });
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': tagged.headers.etag as string } }))
        .statusCode,
    ).toBe(304);

    // Another helper's write leaves this answer alone; this helper's own write drops it.
    const other = await createHelper(t.app.ctx.db);
    await createSlot(t.app.ctx.db, other, { startAt: at(10), endAt: at(11) });
    await busCaughtUp(t.app.ctx.database);
    expect(await windows()).toEqual([span(at, 10, 14)]);
    await t.app.ctx.db.update(slots).set({ isAvailable: true }).where(eq(slots.id, slot.id));
    await createSlot(t.app.ctx.db, helper, { startAt: at(16), endAt: at(17), offerId: offer.id });
    await expect.poll(windows).toEqual([span(at, 10, 14), span(at, 16, 17)]);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': tagged.headers.etag as string } }))
        .statusCode,
    ).toBe(200);
  });

  it('drops the answer asked for with the ids in upper case too (the triggers name them in lower case)', async () => {
    const { at } = await freshDay();
    const upper = async (): Promise<Window[]> => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/time-slots/helper/${helper.id.toUpperCase()}/fragments`,
        query: { offer_id: offer.id.toUpperCase(), from: at(0).toISOString(), to: at(24).toISOString() },
      });
      expect(res.statusCode).toBe(200);
      return res.json<Window[]>();
    };
    expect(await upper()).toEqual([span(at, 10, 14)]);
    await createSlot(t.app.ctx.db, helper, { startAt: at(16), endAt: at(17), offerId: offer.id });
    await busCaughtUp(t.app.ctx.database);
    expect(await upper()).toEqual([span(at, 10, 14), span(at, 16, 17)]);
  });

  it('drops answers when the helper creates, disables and deletes a slot through the API', async () => {
    const { at, windows } = await freshDay();
    expect(await windows()).toEqual([span(at, 10, 14)]);
    const date = at(0).toISOString().slice(0, 10);
    const created = await t.injectAs(helper, {
      method: 'POST',
      url: '/api/v1/appui-calendar/slots',
      // 17:00 in Paris is 15:00 or 16:00 UTC: either way a window after 14:00 UTC.
      payload: { date, time: '17:00', duration: 60, offer_id: offer.id },
    });
    expect(created.statusCode).toBe(201);
    const slotId = created.json<{ slot_id: string }>().slot_id;
    await expect.poll(async () => (await windows()).length).toBe(2);
    const toggled = await t.injectAs(helper, {
      method: 'PATCH',
      url: `/api/v1/time-slots/${slotId}/toggle-availability`,
    });
    expect(toggled.statusCode).toBe(200);
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
    await t.injectAs(helper, { method: 'PATCH', url: `/api/v1/time-slots/${slotId}/toggle-availability` });
    await expect.poll(async () => (await windows()).length).toBe(2);
    const deleted = await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/appui-calendar/slots/${slotId}` });
    expect(deleted.statusCode).toBe(200);
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
  });

  it('drops answers when a session is booked, and when it is cancelled', async () => {
    const { at, windows } = await freshDay();
    expect(await windows()).toEqual([span(at, 10, 14)]);
    const booked = await t.injectAs(seeker, {
      method: 'POST',
      url: '/api/v1/bookings/',
      payload: { offer_id: offer.id, start_at: at(11).toISOString(), end_at: at(11.5).toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    await expect.poll(windows).toEqual([span(at, 10, 11), span(at, 11.5, 14)]);
    const cancelled = await t.injectAs(seeker, {
      method: 'POST',
      url: `/api/v1/bookings/${booked.json<{ id: string }>().id}/cancel`,
      payload: { cancellation_reason: 'Empêchement' },
    });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
  });

  it('drops answers when a payment hold is taken, and when it is released', async () => {
    const { at, windows } = await freshDay();
    expect(await windows()).toEqual([span(at, 10, 14)]);
    const checkout = await openCheckout(t, seeker, offer.id, at(12));
    expect(checkout.statusCode, checkout.body).toBe(200);
    await expect.poll(windows).toEqual([span(at, 10, 12), span(at, 13, 14)]);
    // What the sweep writes for a lapsed hold (bookings.repository.ts cancelExpiredHolds).
    const released = await t.app.ctx.db
      .update(bookings)
      .set({ ...EXPIRED_HOLD, cancelledAt: new Date() })
      .where(and(eq(bookings.helperId, helper.id), eq(bookings.status, PAYMENT_HOLD_STATUS)))
      .returning();
    expect(released).toHaveLength(1);
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
  });

  it('shows a lapsed payment hold’s time again with no write: the answer expires when the hold does', async () => {
    const { at, windows } = await freshDay();
    // The clock stands one second past a 5-minute boundary, and the hold lapses a minute later:
    // before the cut moves, so only the hold's expiry can end the cached answer.
    const start = Math.ceil(Date.now() / (5 * 60_000)) * 5 * 60_000 + 1_000;
    const expiry = new Date(start + 60_000);
    await createBooking(t.app.ctx.db, {
      offer,
      seeker,
      startAt: at(10),
      endAt: at(11),
      status: 'pending_payment',
      priceCents: 3000,
      holdExpiresAt: expiry,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    // Primed once the insert's announcement has dropped older answers.
    await expect.poll(windows).toEqual([span(at, 11, 14)]);
    // Only the clock moves: nothing is written, nothing is announced.
    vi.setSystemTime(expiry.getTime());
    expect(await windows()).toEqual([span(at, 11, 14)]);
    vi.setSystemTime(expiry.getTime() + 1);
    expect(await windows()).toEqual([span(at, 10, 14)]);
  });

  it('drops answers when the helper is suspended', async () => {
    const { at, windows } = await freshDay();
    expect(await windows()).toEqual([span(at, 10, 14)]);
    await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, helper.id));
    await expect.poll(windows).toEqual([]);
    await t.app.ctx.db.update(users).set({ suspendedAt: null }).where(eq(users.id, helper.id));
    await expect.poll(windows).toEqual([span(at, 10, 14)]);
  });
});

describe('cached free windows across two instances', () => {
  let two: TwoInstances;
  let helper: UserRow;
  let offer: TestOffer;

  beforeAll(async () => {
    two = await startTwoInstances();
    helper = await createHelper(two.database.db);
    offer = await createOffer(two.database.db, helper);
  });
  afterAll(() => two.close());

  it('drops the answers of the other instance when a booking goes through one of them', async () => {
    const at = futureDay(5);
    await createSlot(two.database.db, helper, { startAt: at(10), endAt: at(14), offerId: offer.id });
    const onFirst = windowsOf(two.first, helper, offer, at);
    const onSecond = windowsOf(two.second, helper, offer, at);
    await expect.poll(onFirst).toEqual([span(at, 10, 14)]);
    await expect.poll(onSecond).toEqual([span(at, 10, 14)]);
    const seeker = await createSeeker(two.database.db);
    const { createTokenIssuer } = await import('#server/plugins/auth.ts');
    const token = await createTokenIssuer(two.first.ctx.config.jwtSecret).issue(seeker);
    const booked = await two.first.inject({
      method: 'POST',
      url: '/api/v1/bookings/',
      headers: { authorization: `Bearer ${token}` },
      payload: { offer_id: offer.id, start_at: at(12).toISOString(), end_at: at(13).toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    await expect.poll(onSecond).toEqual([span(at, 10, 12), span(at, 13, 14)]);
    await expect.poll(onFirst).toEqual([span(at, 10, 12), span(at, 13, 14)]);
    // The helper's erasure, written outside both, drops both instances' answers.
    await two.database.db.update(users).set({ erasedAt: new Date() }).where(eq(users.id, helper.id));
    await expect.poll(onFirst).toEqual([]);
    await expect.poll(onSecond).toEqual([]);
  });
});
