import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/bookings.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { sweepBookings } from '#server/modules/bookings/bookings.service.ts';

const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('booking sweeps', () => {
  it('complete ended sessions and expire lapsed holds exactly once, even when run twice at the same time', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db);
    const seeker = await createSeeker(db);
    const offer = await createOffer(db, helper);
    const now = Date.now();
    const make = (
      status: 'scheduled' | 'paid' | 'pending_payment' | 'cancelled',
      startInHours: number,
      holdMinutes?: number,
    ) =>
      createBooking(db, {
        offer,
        seeker,
        status,
        startAt: new Date(now + startInHours * HOUR),
        holdExpiresAt: holdMinutes === undefined ? null : new Date(now + holdMinutes * 60_000),
      });
    const endedScheduled = await make('scheduled', -3);
    const endedPaid = await make('paid', -5);
    const running = await make('scheduled', -0.5);
    const upcoming = await make('paid', 24);
    const lapsedHold = await make('pending_payment', 48, -1);
    const liveHold = await make('pending_payment', 72, 20);
    const cancelled = await make('cancelled', -10);

    const [first, second] = await Promise.all([sweepBookings(db), sweepBookings(db)]);
    expect(first.completed + second.completed).toBe(2);
    expect(first.expired + second.expired).toBe(1);

    const status = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
    expect(await status(endedScheduled.id)).toBe('completed');
    expect(await status(endedPaid.id)).toBe('completed');
    expect(await status(running.id)).toBe('scheduled');
    expect(await status(upcoming.id)).toBe('paid');
    expect(await status(lapsedHold.id)).toBe('cancelled');
    expect(await status(liveHold.id)).toBe('pending_payment');
    expect(await status(cancelled.id)).toBe('cancelled');

    expect(await sweepBookings(db)).toEqual({ expired: 0, completed: 0 });
  });
});
