import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisMonthRange } from '#shared/rules/paris-time.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createPayment, refundPayment } from '#tests/factories/payments.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /bookings/stats: revenue this month from the ledger', () => {
  it('counts the net of payments confirmed this Paris month, less refunds, and nothing else', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db);
    const seeker = await createSeeker(db);
    const offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 4505 }] });
    const month = parisMonthRange(new Date());
    const inMonth = new Date(Math.min(Date.now(), month.start.getTime() + HOUR));
    let hour = 0;
    const book = (fields: Partial<Parameters<typeof createBooking>[1]> = {}) =>
      createBooking(db, {
        offer,
        seeker,
        // Distinct future hours: upcoming paid sessions hold time (exclusion constraint).
        startAt: new Date(Date.now() + (48 + 2 * hour++) * HOUR),
        status: 'paid',
        priceCents: 4505,
        ...fields,
      });

    // Paid this month, session next week: counts as soon as it is paid (net 4505 - 451).
    await createPayment(db, await book(), { paidAt: inMonth });
    // Half refunded: 2253 kept, commission 225, net 2028.
    const partly = await createPayment(
      db,
      await book({ status: 'completed', startAt: new Date(Date.now() - 3 * HOUR) }),
      {
        paidAt: inMonth,
      },
    );
    await refundPayment(db, partly, 2252);
    // Fully refunded, cancelled by the helper: nothing.
    const refunded = await createPayment(
      db,
      await book({ status: 'cancelled', refundStatus: 'refunded', refundCents: 4505 }),
      { paidAt: inMonth },
    );
    await refundPayment(db, refunded);
    // A refund owed but not confirmed yet: the money is going back, nothing.
    await createPayment(db, await book({ status: 'cancelled', refundStatus: 'pending', refundCents: 4505 }), {
      paidAt: inMonth,
    });
    // A seeker's last-minute cancellation is not refunded: the helper keeps the net.
    await createPayment(db, await book({ status: 'cancelled', isLastMinute: true }), { paidAt: inMonth });
    // Paid last month, session this month: last month's revenue.
    await createPayment(db, await book(), { paidAt: new Date(month.start.getTime() - HOUR) });
    // A checkout that failed, and a booking with no payment at all.
    await createPayment(db, await book({ status: 'cancelled' }), { status: 'failed', paidAt: null });
    await book({ status: 'completed', startAt: new Date(Date.now() - 5 * HOUR) });

    const res = await t.injectAs(helper, { method: 'GET', url: '/api/v1/bookings/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json().revenue_this_month_cents).toBe(4054 + 2028 + 4054);
  });
});
