import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToParis } from '#shared/rules/paris-time.ts';
import { bookings, reviews } from '#server/db/schema/bookings.ts';
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
});
