import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { messages } from '#server/db/schema/messaging.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { cancelUpcomingBookingsOf } from '#server/modules/bookings/bookings.service.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { parseMail } from '#tests/mail.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;
const PRICE = 4500;
const REASON = 'Compte suspendu par la modération';

let t: TestApp;
let provider: LocalProvider;
/** Midnight UTC five days ahead: sessions then are more than 24 h away. */
let day: Date;
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);

beforeAll(async () => {
  t = await buildTestApp();
  provider = t.app.ctx.payments as LocalProvider;
  day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
});
afterAll(() => t.close());

const bookingRow = async (id: string) => (await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (bookingId: string) =>
  (await t.app.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
const mailsSince = async (before: number) => (await t.readOutbox()).slice(before).map(parseMail);
const outboxSize = async () => (await t.readOutbox()).length;

/** A helper ready to be paid, with a paid 60-minute option and availability all of `day`. */
async function paidHelper(name: string): Promise<{ helper: UserRow; offer: TestOffer }> {
  const db = t.app.ctx.db;
  const helper = await createHelper(db, { displayName: name });
  await givePayoutAccount(db, helper, true);
  const offer = await createOffer(db, helper, {
    title: `Séances de ${name}`,
    options: [{ durationMinutes: 60, priceCents: PRICE }],
  });
  await createSlot(db, helper, { startAt: at(0), endAt: at(24), offerId: offer.id });
  return { helper, offer };
}

async function bookAndPay(seeker: UserRow, offer: TestOffer, start: Date): Promise<string> {
  const response = await openCheckout(t, seeker, offer.id, start);
  expect(response.statusCode).toBe(200);
  const { booking_id: bookingId, session_id: sessionId } = response.json<{ booking_id: string; session_id: string }>();
  expect(await provider.payCheckoutSession(sessionId)).toHaveProperty('redirectTo');
  await backgroundSettled(t.app.ctx);
  expect((await bookingRow(bookingId)).status).toBe('paid');
  return bookingId;
}

describe('cancelUpcomingBookingsOf (suspension and erasure)', () => {
  it("ends a helper's upcoming bookings: paid refunded in full, free cancelled, holds released, the rest untouched", async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await paidHelper('Claire Dubois');
    const other = await paidHelper('Marc Petit');
    const paul = await createSeeker(db, { displayName: 'Paul Martin' });
    const zoe = await createSeeker(db, { displayName: 'Zoé Petit' });

    const paidId = await bookAndPay(paul, offer, at(8));
    const free = await createBooking(db, { offer, seeker: zoe, startAt: at(10), priceCents: 0 });
    const hold = await openCheckout(t, zoe, offer.id, at(12));
    expect(hold.statusCode).toBe(200);
    const { booking_id: holdId, session_id: holdSession } = hold.json<{ booking_id: string; session_id: string }>();
    const past = await createBooking(db, { offer, seeker: zoe, startAt: new Date(Date.now() - 48 * HOUR) });
    const othersId = await bookAndPay(paul, other.offer, at(14));

    const before = await outboxSize();
    const ended = await cancelUpcomingBookingsOf(t.app.ctx, helper.id, REASON);
    expect(ended.cancelled.sort()).toEqual([paidId, free.id].sort());
    expect(ended.released).toEqual([holdId]);
    await backgroundSettled(t.app.ctx);

    expect(await bookingRow(paidId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: helper.id,
      cancellationReason: REASON,
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    expect((await paymentRow(paidId)).refundedCents).toBe(PRICE);
    expect(await bookingRow(free.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: helper.id,
      refundStatus: 'none',
    });
    expect(await bookingRow(holdId)).toMatchObject({ status: 'cancelled', cancelledBy: helper.id, refundCents: 0 });
    expect((await bookingRow(past.id)).status).toBe('scheduled');
    expect((await bookingRow(othersId)).status).toBe('paid');

    // Like a party's cancellation: the notice in each conversation, the other party mailed.
    const notices = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, helper.id), eq(messages.kind, 'cancellation')));
    expect(notices).toHaveLength(2);
    expect(notices.every((notice) => notice.content.endsWith(REASON))).toBe(true);
    const mails = await mailsSince(before);
    const cancellations = mails.filter((mail) => mail.subject.startsWith('Séance annulée'));
    expect(cancellations.map((mail) => mail.to).sort()).toEqual([paul.email, zoe.email].sort());
    const toPaul = cancellations.find((mail) => mail.to === paul.email)!;
    expect(toPaul.text).toContain('Claire Dubois a annulé');
    expect(toPaul.text).toContain('Un remboursement intégral de 45,00');
    expect(cancellations.some((mail) => mail.to === helper.email)).toBe(false);

    // Idempotent: nothing is left to end, nobody is mailed twice.
    const size = await outboxSize();
    expect(await cancelUpcomingBookingsOf(t.app.ctx, helper.id, REASON)).toEqual({ cancelled: [], released: [] });
    expect(await outboxSize()).toBe(size);

    // The released hold paid late is refunded, never revived.
    expect(await provider.payCheckoutSession(holdSession)).toBeDefined();
    await backgroundSettled(t.app.ctx);
    expect(await bookingRow(holdId)).toMatchObject({ status: 'cancelled', refundCents: PRICE });
  });

  it("refunds a leaving seeker's paid session in full even at the last minute (the helper-cancellation rule)", async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await paidHelper('Inès Moreau');
    const soon = new Date(Date.now() + 3 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    await createSlot(db, helper, { startAt: soon, endAt: new Date(soon.getTime() + 2 * HOUR), offerId: offer.id });
    const seeker = await createSeeker(db, { displayName: 'Léa Roux' });
    const bookingId = await bookAndPay(seeker, offer, soon);

    const before = await outboxSize();
    expect(await cancelUpcomingBookingsOf(t.app.ctx, seeker.id, REASON)).toEqual({
      cancelled: [bookingId],
      released: [],
    });
    await backgroundSettled(t.app.ctx);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: seeker.id,
      isLastMinute: true,
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    expect((await paymentRow(bookingId)).refundedCents).toBe(PRICE);
    const cancellations = (await mailsSince(before)).filter((mail) => mail.subject.startsWith('Séance annulée'));
    expect(cancellations.map((mail) => mail.to)).toEqual([helper.email]);
  });
});
