import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToParis } from '#shared/rules/paris-time.ts';
import { bookings, reviews } from '#server/db/schema/bookings.ts';
import { localCheckoutSessions, payments } from '#server/db/schema/payments.ts';
import { slots } from '#server/db/schema/slots.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { seedAvailabilityAndBookings } from './bookings.ts';
import { seedOffers } from './offers.ts';
import { seedUsers, type DemoUsers } from './users.ts';

let t: TestApp;
let users: DemoUsers;

beforeAll(async () => {
  t = await buildTestApp();
  users = await t.app.ctx.db.transaction(async (db) => {
    const seed = { ctx: t.app.ctx, db };
    const seeded = await seedUsers(seed, 'demo-hash');
    await seedOffers(seed, seeded);
    await seedAvailabilityAndBookings(seed, seeded);
    return seeded;
  });
});
afterAll(() => t.close());

describe('seedAvailabilityAndBookings', () => {
  it('gives every demo helper future weekday slots in Paris mornings or evenings', async () => {
    const rows = await t.app.ctx.db.select().from(slots).where(gt(slots.startAt, new Date()));
    for (const helper of users.helpers) expect(rows.some((row) => row.helperId === helper.id)).toBe(true);
    const starts = new Set(rows.map((row) => utcToParis(row.startAt).time));
    expect(starts).toEqual(new Set(['09:00', '18:00']));
  });

  it('creates completed sessions with mostly good French reviews, and one upcoming scheduled session', async () => {
    const db = t.app.ctx.db;
    const done = await db.select().from(bookings).where(eq(bookings.status, 'completed'));
    expect(done.length).toBeGreaterThanOrEqual(users.helpers.length);
    expect(done.every((b) => b.endAt < new Date())).toBe(true);
    const written = await db.select().from(reviews);
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((r) => r.rating >= 4).length / written.length).toBeGreaterThan(0.7);
    const upcoming = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'scheduled'), eq(bookings.userId, users.seekers[0]!.id)));
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]!.startAt > new Date()).toBe(true);
  });

  it('leaves the upcoming session bookable data consistent: its time is gone from the fragments', async () => {
    const [upcoming] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.status, 'scheduled'));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/time-slots/helper/${upcoming!.helperId}/fragments?offer_id=${upcoming!.offerId}`,
    });
    const fragments = res.json<{ start_at: string; end_at: string }[]>();
    expect(fragments.length).toBeGreaterThan(0);
    const overlaps = fragments.some(
      (f) => new Date(f.start_at) < upcoming!.endAt && new Date(f.end_at) > upcoming!.startAt,
    );
    expect(overlaps).toBe(false);
  });

  it('gives every completed paid session its confirmed simulator payment, so ledgers and revenue show them', async () => {
    const db = t.app.ctx.db;
    const paidDone = (await db.select().from(bookings).where(eq(bookings.status, 'completed'))).filter(
      (b) => b.priceCents > 0,
    );
    expect(paidDone.length).toBeGreaterThan(0);
    const rows = await db.select().from(payments);
    const sessions = await db.select().from(localCheckoutSessions);
    for (const booking of paidDone) {
      const payment = rows.find((row) => row.bookingId === booking.id);
      expect(payment).toMatchObject({
        provider: 'local',
        status: 'succeeded',
        amountCents: booking.priceCents,
        applicationFeeCents: booking.commissionCents,
        currency: booking.currency,
        refundedCents: 0,
      });
      expect(payment!.paidAt!.getTime()).toBeLessThan(booking.startAt.getTime());
      // The simulator knows the same payment (a refund through it would find it).
      expect(sessions.find((session) => session.id === payment!.checkoutSessionId)).toMatchObject({
        bookingId: booking.id,
        status: 'complete',
        paymentIntentId: payment!.paymentIntentId,
        amountCents: booking.priceCents,
      });
    }
    // Free sessions have no payment.
    expect(rows).toHaveLength(paidDone.length);

    // A seeded helper's ledger shows them.
    const helper = users.helpers.find((h) => paidDone.some((b) => b.helperId === h.id))!;
    const ledger = await t.injectAs(helper, { method: 'GET', url: '/api/v1/payments/ledger' });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().items.length).toBe(paidDone.filter((b) => b.helperId === helper.id).length);
  });
});
