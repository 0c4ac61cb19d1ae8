import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CREATE_RATE_LIMIT_PER_HOUR, MAX_UPCOMING_BOOKINGS_PER_HELPER } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { booking as bookingMessages, cancellation as cancellationMessages } from '#shared/messages/bookings.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { checkBookingRequest, holdTime } from '#server/modules/bookings/bookings.service.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;
const MIN = 60_000;

let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let otherSeeker: UserRow;
let stranger: UserRow;
let admin: UserRow;
let offer: TestOffer;
/** Midnight UTC, five days from now: every test books inside [day + 6 h, day + 18 h]. */
let day: Date;
const at = (hours: number) => new Date(day.getTime() + hours * HOUR);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  otherSeeker = await createSeeker(db);
  stranger = await createSeeker(db);
  admin = await createAdmin(db);
  offer = await createOffer(db, helper, {
    title: 'Sortir du burn-out',
    options: [
      { durationMinutes: 30, priceCents: 0 },
      { durationMinutes: 60, priceCents: 0 },
      { durationMinutes: 90, priceCents: 4000 },
    ],
  });
  day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  await createSlot(db, helper, { startAt: at(6), endAt: at(18), offerId: offer.id });
});
afterAll(() => t.close());

const book = (user: UserRow | null, payload: object) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/bookings/', payload });
const body = (start: Date, minutes: number, extra: object = {}) => ({
  offer_id: offer.id,
  start_at: start.toISOString(),
  end_at: new Date(start.getTime() + minutes * MIN).toISOString(),
  ...extra,
});
const holdingAt = async (helperId: string, start: Date) =>
  (
    await t.app.ctx.db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.helperId, helperId),
          eq(bookings.startAt, start),
          inArray(bookings.status, ['pending_payment', 'scheduled', 'paid']),
        ),
      )
  )[0]!.n;

describe('POST /bookings/', () => {
  it('needs a login', async () => {
    expect((await book(null, body(at(6), 60))).statusCode).toBe(401);
  });

  it('books a free option as scheduled, with the price of the option and both parties embedded', async () => {
    const res = await book(seeker, body(at(6), 60));
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      offer_id: offer.id,
      pricing_option_id: offer.options[1]!.id,
      helper_id: helper.id,
      user_id: seeker.id,
      status: 'scheduled',
      start_at: at(6).toISOString(),
      end_at: at(7).toISOString(),
      duration_minutes: 60,
      price_cents: 0,
      commission_cents: 0,
      currency: 'eur',
      offer: { id: offer.id, title: 'Sortir du burn-out', category: 'sante-mentale', currency: 'eur', deleted: false },
      helper: { id: helper.id, display_name: 'Claire Dubois' },
      user: { id: seeker.id, display_name: 'Paul Martin' },
    });
    expect(b.helper.email).toBeUndefined();
    expect(b.user.email).toBeUndefined();
  });

  it('mails both parties in French with the Paris time and an .ics invitation', async () => {
    const res = await book(seeker, body(at(8), 30));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const decoded = (await t.readOutbox()).map(decodeMail).filter((mail) => mail.includes(`UID:booking-${id}@appui`));
    const toSeeker = decoded.find((m) => m.includes(`To: ${seeker.email}`));
    const toHelper = decoded.find((m) => m.includes(`To: ${helper.email}`));
    expect(toSeeker).toBeDefined();
    expect(toHelper).toBeDefined();
    for (const mail of [toSeeker!, toHelper!]) {
      expect(mail).toContain(frenchLongParis(at(8)));
      expect(mail).toContain('heure de Paris');
      expect(mail).toMatch(/Content-Type: text\/calendar/);
      expect(mail).toContain(`UID:booking-${id}@appui`);
      expect(mail).toContain(`DTSTART:${at(8).toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    }
  });

  it('picks the option given by id when its duration matches, and refuses a mismatch or a foreign option', async () => {
    const ok = await book(seeker, body(at(9), 30, { pricing_option_id: offer.options[0]!.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().pricing_option_id).toBe(offer.options[0]!.id);
    const mismatch = await book(seeker, body(at(10), 30, { pricing_option_id: offer.options[1]!.id }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      code: ErrorCode.BOOKING_INVALID_DURATION,
      detail: bookingMessages.invalidDuration,
    });
    const other = await createOffer(t.app.ctx.db, helper);
    const foreign = await book(seeker, body(at(10), 60, { pricing_option_id: other.options[0]!.id }));
    expect(foreign.json().code).toBe(ErrorCode.BOOKING_INVALID_DURATION);
    const noOption = await book(seeker, body(at(10), 45));
    expect(noOption.json().code).toBe(ErrorCode.BOOKING_INVALID_DURATION);
  });

  it('refuses a paid option: it goes through the checkout', async () => {
    const res = await book(seeker, body(at(12), 90));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.BOOKING_PAYMENT_REQUIRED, detail: bookingMessages.paymentRequired });
    expect(await holdingAt(helper.id, at(12))).toBe(0);
  });

  it("refuses the helper's own offer", async () => {
    const res = await book(helper, body(at(13), 60));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.BOOKING_OWN_OFFER, detail: bookingMessages.ownOffer });
  });

  it('answers 404 for a hidden, deleted or unknown offer', async () => {
    const hidden = await createOffer(t.app.ctx.db, helper, { visible: false });
    const deleted = await createOffer(t.app.ctx.db, helper, { deletedAt: new Date() });
    for (const id of [hidden.id, deleted.id, '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11']) {
      const res = await book(seeker, body(at(13), 60, { offer_id: id }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ErrorCode.OFFER_NOT_FOUND, detail: offerMessages.notFound });
    }
  });

  it('refuses a start in the past', async () => {
    const past = new Date(Date.now() - 2 * HOUR);
    past.setUTCMinutes(0, 0, 0);
    const res = await book(seeker, body(past, 60));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.BOOKING_IN_PAST, detail: bookingMessages.inPast });
  });

  it('refuses a time outside the free windows or off the 15-minute grid', async () => {
    for (const [start, minutes] of [
      [at(17.5), 60],
      [at(20), 60],
      [new Date(at(14).getTime() + 5 * MIN), 30],
    ] as const) {
      const res = await book(seeker, body(start, minutes));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: ErrorCode.BOOKING_OUTSIDE_AVAILABILITY,
        detail: bookingMessages.outsideAvailability,
      });
    }
  });

  it('validates the body (422)', async () => {
    expect(
      (await book(seeker, { offer_id: offer.id, start_at: 'demain', end_at: at(7).toISOString() })).statusCode,
    ).toBe(422);
    expect((await book(seeker, { start_at: at(6).toISOString(), end_at: at(7).toISOString() })).statusCode).toBe(422);
  });

  it('does not let the 30 and 60 minute options overlap', async () => {
    expect((await book(seeker, body(at(14), 60))).statusCode).toBe(201);
    const inside = await book(otherSeeker, body(at(14.5), 30));
    expect(inside.statusCode).toBe(409);
    expect(inside.json()).toEqual({ code: ErrorCode.BOOKING_TIME_TAKEN, detail: bookingMessages.timeTaken });
    const straddling = await book(otherSeeker, body(at(13.75), 30));
    expect(straddling.statusCode).toBe(409);
    expect((await book(otherSeeker, body(at(15), 30))).statusCode).toBe(201);
  });

  it('cancels a lapsed payment hold of the helper before booking, but respects a live one', async () => {
    const db = t.app.ctx.db;
    const lapsed = await createBooking(db, {
      offer,
      seeker: otherSeeker,
      startAt: at(16),
      endAt: at(17),
      status: 'pending_payment',
      priceCents: 4000,
      holdExpiresAt: new Date(Date.now() - MIN),
    });
    const res = await book(seeker, body(at(16), 60));
    expect(res.statusCode).toBe(201);
    const [after] = await db.select().from(bookings).where(eq(bookings.id, lapsed.id));
    expect(after!.status).toBe('cancelled');

    await createBooking(db, {
      offer,
      seeker: otherSeeker,
      startAt: at(17),
      endAt: at(17.5),
      status: 'pending_payment',
      priceCents: 4000,
      holdExpiresAt: new Date(Date.now() + 20 * MIN),
    });
    expect((await book(seeker, body(at(17), 30))).statusCode).toBe(409);
  });
});

describe('50 concurrent bookings of the same time', () => {
  it('answers exactly one 201 and 49 409s, leaving one holding row', async () => {
    const db = t.app.ctx.db;
    const raceHelper = await createHelper(db);
    const raceOffer = await createOffer(db, raceHelper, {
      options: [
        { durationMinutes: 30, priceCents: 0 },
        { durationMinutes: 60, priceCents: 0 },
      ],
    });
    await createSlot(db, raceHelper, { startAt: at(6), endAt: at(12) });
    const seekers = await Promise.all(Array.from({ length: 50 }, () => createSeeker(db)));
    const responses = await Promise.all(
      seekers.map((s, i) =>
        // Half ask for 10:00-11:00, half for 10:30-11:00: every pair overlaps.
        book(s, { ...body(i % 2 ? at(10.5) : at(10), i % 2 ? 30 : 60), offer_id: raceOffer.id }),
      ),
    );
    // One object so that a failure shows every status seen (a 500 or a 503 says more than a count).
    const tally: Record<number, number> = {};
    for (const r of responses) tally[r.statusCode] = (tally[r.statusCode] ?? 0) + 1;
    expect(tally).toEqual({ 201: 1, 409: 49 });
    expect(
      responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === ErrorCode.BOOKING_TIME_TAKEN),
    ).toBe(true);
    const [held] = await db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(eq(bookings.helperId, raceHelper.id), inArray(bookings.status, ['pending_payment', 'scheduled', 'paid'])),
      );
    expect(held!.n).toBe(1);
  });
});

describe('GET /bookings/ and GET /bookings/{id}', () => {
  let listHelper: UserRow;
  let listSeeker: UserRow;
  let bookingId: string;

  beforeAll(async () => {
    const db = t.app.ctx.db;
    listHelper = await createHelper(db);
    listSeeker = await createSeeker(db);
    const o = await createOffer(db, listHelper);
    const theirOffer = await createOffer(db, helper);
    // listHelper also books as a seeker elsewhere: both sides must show.
    await createBooking(db, { offer: theirOffer, seeker: listHelper, startAt: at(30), status: 'scheduled' });
    bookingId = (await createBooking(db, { offer: o, seeker: listSeeker, startAt: at(40), status: 'scheduled' })).id;
    await createBooking(db, { offer: o, seeker: listSeeker, startAt: at(-200), status: 'completed' });
    await createBooking(db, { offer: o, seeker: stranger, startAt: at(50), status: 'cancelled' });
    await createBooking(db, { offer: o, seeker: otherSeeker, startAt: at(-150), status: 'completed' });
    // Inserted out of date order, so that insertion order cannot pass for date order.
    await createBooking(db, { offer: o, seeker: otherSeeker, startAt: at(35), status: 'scheduled' });
  });

  it('lists my bookings as seeker and as helper, upcoming soonest first then past latest first, with skip and limit', async () => {
    const res = await t.injectAs(listHelper, { method: 'GET', url: '/api/v1/bookings/' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; start_at: string; user_id: string; helper_id: string }[]>();
    expect(list.map((b) => b.start_at)).toEqual(
      [at(30), at(35), at(40), at(50), at(-150), at(-200)].map((d) => d.toISOString()),
    );
    expect(list.some((b) => b.user_id === listHelper.id)).toBe(true);
    const page = await t.injectAs(listHelper, { method: 'GET', url: '/api/v1/bookings/?skip=1&limit=4' });
    expect(page.json<{ id: string }[]>().map((b) => b.id)).toEqual(list.slice(1, 5).map((b) => b.id));
    const mine = await t.injectAs(listSeeker, { method: 'GET', url: '/api/v1/bookings/' });
    expect(mine.json()).toHaveLength(2);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/v1/bookings/' })).statusCode).toBe(401);
  });

  const found = () => ({ id: bookingId });
  const hidden = () => ({ code: ErrorCode.BOOKING_NOT_FOUND, detail: bookingMessages.notFound });
  it.each<[string, () => UserRow | null, number, () => object]>([
    ['a visitor', () => null, 401, () => ({ code: ErrorCode.NOT_AUTHENTICATED })],
    ['the seeker', () => listSeeker, 200, found],
    ['the helper', () => listHelper, 200, found],
    ['an admin', () => admin, 200, found],
    ['another user (404, as if it did not exist)', () => stranger, 404, hidden],
  ])('GET /bookings/{id} as %s answers %i', async (_who, user, status, expected) => {
    const res = await t.injectAs(user(), { method: 'GET', url: `/api/v1/bookings/${bookingId}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject(expected());
  });

  it('answers an unknown booking with 404', async () => {
    const missing = await t.injectAs(listSeeker, {
      method: 'GET',
      url: '/api/v1/bookings/6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(ErrorCode.BOOKING_NOT_FOUND);
  });
});

describe('PUT /bookings/{id}', () => {
  it('lets only an admin mark a started session completed', async () => {
    const db = t.app.ctx.db;
    const o = await createOffer(db, helper);
    const started = await createBooking(db, {
      offer: o,
      seeker,
      startAt: new Date(Date.now() - 10 * MIN),
      status: 'paid',
      priceCents: 3000,
    });
    const future = await createBooking(db, { offer: o, seeker, startAt: at(60), status: 'scheduled' });
    const put = (user: UserRow, id: string, payload: object = { status: 'completed' }) =>
      t.injectAs(user, { method: 'PUT', url: `/api/v1/bookings/${id}`, payload });
    for (const user of [seeker, helper]) expect((await put(user, started.id)).statusCode).toBe(403);
    const hidden = await put(stranger, started.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ code: ErrorCode.BOOKING_NOT_FOUND, detail: bookingMessages.notFound });
    const tooEarly = await put(admin, future.id);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().code).toBe(ErrorCode.BOOKING_STATUS_CHANGE_NOT_ALLOWED);
    expect((await put(admin, started.id, { status: 'completed', price_cents: 0 })).statusCode).toBe(422);
    expect((await put(admin, started.id, { status: 'cancelled' })).statusCode).toBe(422);
    const ok = await put(admin, started.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'completed', price_cents: 3000 });
  });
});

describe('POST /bookings/{id}/cancel', () => {
  const cancel = (
    user: UserRow | null,
    id: string,
    payload: object = { cancellation_reason: '  Empêchement de dernière minute  ' },
  ) => t.injectAs(user, { method: 'POST', url: `/api/v1/bookings/${id}/cancel`, payload });

  it('needs a trimmed reason', async () => {
    const b = await createBooking(t.app.ctx.db, { offer, seeker, startAt: at(80), status: 'scheduled' });
    for (const payload of [{}, { cancellation_reason: '   ' }]) {
      const res = await cancel(seeker, b.id, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'cancellation_reason'],
        msg: cancellationMessages.reasonRequired,
      });
    }
  });

  it('lets the seeker cancel a free booking, informs the helper and frees the time for a new booking', async () => {
    const created = await book(seeker, body(at(11), 60));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const res = await cancel(seeker, id);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      notification_sent_to: 'Claire Dubois',
      refund: { status: 'none', amount_cents: 0 },
      message: cancellationMessages.successInformed('Claire Dubois'),
      booking: {
        id,
        status: 'cancelled',
        cancelled_by: seeker.id,
        cancellation_reason: 'Empêchement de dernière minute',
        is_last_minute: false,
        refund_status: 'none',
        refund_cents: 0,
      },
    });
    expect(answer.booking.cancelled_at).toEqual(expect.any(String));
    const mail = (await t.readOutbox())
      .map(decodeMail)
      .find((m) => m.includes(`To: ${helper.email}`) && m.includes('Empêchement de dernière minute'));
    expect(mail).toBeDefined();
    expect(mail).toContain('METHOD:CANCEL');

    const again = await cancel(seeker, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: ErrorCode.BOOKING_NOT_CANCELLABLE,
      detail: cancellationMessages.notCancellable,
    });

    const rebook = await book(otherSeeker, body(at(11), 60));
    expect(rebook.statusCode).toBe(201);
  });

  it('refunds a paid booking in full when the helper cancels, even at the last minute', async () => {
    const b = await createBooking(t.app.ctx.db, {
      offer,
      seeker,
      startAt: new Date(Date.now() + 2 * HOUR),
      status: 'paid',
      priceCents: 4000,
    });
    const res = await cancel(helper, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      notification_sent_to: 'Paul Martin',
      refund: { status: 'pending', amount_cents: 4000 },
      booking: { is_last_minute: true, refund_status: 'pending', refund_cents: 4000, cancelled_by: helper.id },
    });
  });

  it('refunds a seeker cancelling more than 24 h ahead, not one cancelling at the last minute', async () => {
    const early = await createBooking(t.app.ctx.db, {
      offer,
      seeker,
      startAt: at(100),
      status: 'paid',
      priceCents: 4000,
    });
    expect((await cancel(seeker, early.id)).json().refund).toEqual({ status: 'pending', amount_cents: 4000 });
    const late = await createBooking(t.app.ctx.db, {
      offer,
      seeker,
      startAt: new Date(Date.now() + 3 * HOUR),
      status: 'paid',
      priceCents: 4000,
    });
    const res = await cancel(seeker, late.id);
    expect(res.json()).toMatchObject({
      refund: { status: 'none', amount_cents: 0 },
      booking: { is_last_minute: true, refund_status: 'none' },
    });
  });

  it('answers strangers and unknown bookings 404, admins 403, and refuses bookings that are over, started or pending', async () => {
    const db = t.app.ctx.db;
    const b = await createBooking(db, { offer, seeker, startAt: at(110), status: 'scheduled' });
    expect((await cancel(null, b.id)).statusCode).toBe(401);
    const refused = await cancel(stranger, b.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: ErrorCode.BOOKING_NOT_FOUND, detail: bookingMessages.notFound });
    const asAdmin = await cancel(admin, b.id);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ code: ErrorCode.FORBIDDEN, detail: apiErrors.forbidden });
    const [unchanged] = await db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(unchanged!.status).toBe('scheduled');
    expect((await cancel(seeker, '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11')).statusCode).toBe(404);
    const done = await createBooking(db, { offer, seeker, startAt: at(-300), status: 'completed' });
    const started = await createBooking(db, {
      offer,
      seeker,
      startAt: new Date(Date.now() - 10 * MIN),
      status: 'scheduled',
    });
    const pending = await createBooking(db, {
      offer,
      seeker,
      startAt: at(120),
      status: 'pending_payment',
      holdExpiresAt: new Date(Date.now() + 10 * MIN),
    });
    for (const id of [done.id, started.id, pending.id]) {
      const res = await cancel(seeker, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ErrorCode.BOOKING_NOT_CANCELLABLE);
    }
  });
});

describe('GET /bookings/stats', () => {
  it('gives real figures: helper revenue of the Paris month, completed sessions and rating', async () => {
    const db = t.app.ctx.db;
    const statsHelper = await createHelper(db);
    const statsSeeker = await createSeeker(db);
    const o = await createOffer(db, statsHelper, { options: [{ durationMinutes: 60, priceCents: 5000 }] });
    const recent = await createBooking(db, {
      offer: o,
      seeker: statsSeeker,
      startAt: new Date(Date.now() - 2 * HOUR),
      status: 'completed',
      priceCents: 5000,
      commissionCents: 500,
    });
    const old = await createBooking(db, {
      offer: o,
      seeker: statsSeeker,
      startAt: new Date(Date.now() - 70 * 24 * HOUR),
      status: 'completed',
      priceCents: 5000,
      commissionCents: 500,
    });
    await createBooking(db, {
      offer: o,
      seeker: statsSeeker,
      startAt: new Date(Date.now() - 5 * HOUR),
      status: 'cancelled',
      priceCents: 5000,
    });
    await createReview(db, recent, { rating: 5 });
    await createReview(db, old, { rating: 4 });
    // Revenue is read from the ledger: both sessions were paid, the old one two months ago.
    await createPayment(db, recent);
    await createPayment(db, old, { paidAt: new Date(Date.now() - 71 * 24 * HOUR) });

    const asHelper = await t.injectAs(statsHelper, { method: 'GET', url: '/api/v1/bookings/stats' });
    expect(asHelper.statusCode).toBe(200);
    expect(asHelper.json()).toEqual({
      revenue_this_month_cents: 4500,
      sessions_completed: 2,
      average_rating: 4.5,
      review_count: 2,
    });
    const asSeeker = await t.injectAs(statsSeeker, { method: 'GET', url: '/api/v1/bookings/stats' });
    expect(asSeeker.json()).toEqual({
      revenue_this_month_cents: 0,
      sessions_completed: 2,
      average_rating: null,
      review_count: 0,
    });
    expect((await t.injectAs(null, { method: 'GET', url: '/api/v1/bookings/stats' })).statusCode).toBe(401);
  });
});

describe('upcoming bookings of one seeker with one helper (issue 8: 90 windows booked in a row)', () => {
  const limitReached = {
    code: ErrorCode.BOOKING_UPCOMING_LIMIT_REACHED,
    detail: bookingMessages.upcomingLimitReached(MAX_UPCOMING_BOOKINGS_PER_HELPER),
  };
  let capHelper: UserRow;
  let capOffer: TestOffer;
  const capBody = (start: Date) => ({ ...body(start, 30), offer_id: capOffer.id });

  beforeAll(async () => {
    const db = t.app.ctx.db;
    capHelper = await createHelper(db);
    capOffer = await createOffer(db, capHelper, {
      options: [
        { durationMinutes: 30, priceCents: 0 },
        { durationMinutes: 60, priceCents: 4000 },
      ],
    });
    await createSlot(db, capHelper, { startAt: at(0), endAt: at(24) });
  });

  it('counts holding upcoming bookings only, and stops the seeker at the cap but not others', async () => {
    const db = t.app.ctx.db;
    const capSeeker = await createSeeker(db);
    // Not counted: past, cancelled, completed, a lapsed hold (cancelled before the count).
    await createBooking(db, { offer: capOffer, seeker: capSeeker, startAt: at(-150), status: 'completed' });
    await createBooking(db, { offer: capOffer, seeker: capSeeker, startAt: at(0), status: 'cancelled' });
    await createBooking(db, {
      offer: capOffer,
      seeker: capSeeker,
      startAt: at(1),
      status: 'pending_payment',
      priceCents: 4000,
      holdExpiresAt: new Date(Date.now() - MIN),
    });
    // Counted: confirmed ones and a live payment hold.
    for (let i = 0; i < MAX_UPCOMING_BOOKINGS_PER_HELPER - 2; i++) {
      await createBooking(db, {
        offer: capOffer,
        seeker: capSeeker,
        startAt: at(2 + i),
        status: i % 2 ? 'paid' : 'scheduled',
      });
    }
    await createBooking(db, {
      offer: capOffer,
      seeker: capSeeker,
      startAt: at(2 + MAX_UPCOMING_BOOKINGS_PER_HELPER),
      status: 'pending_payment',
      priceCents: 4000,
      holdExpiresAt: new Date(Date.now() + 20 * MIN),
    });

    expect((await book(capSeeker, capBody(at(20)))).statusCode).toBe(201);
    const refused = await book(capSeeker, capBody(at(21)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(limitReached);
    expect(await holdingAt(capHelper.id, at(21))).toBe(0);
    // The cap is per helper pair: someone else still books this helper.
    expect((await book(otherSeeker, capBody(at(21)))).statusCode).toBe(201);
  });

  it('applies to payment holds too (the checkout takes time through the same transaction)', async () => {
    const db = t.app.ctx.db;
    const holder = await createSeeker(db);
    for (let i = 0; i < MAX_UPCOMING_BOOKINGS_PER_HELPER; i++) {
      await createBooking(db, { offer: capOffer, seeker: holder, startAt: at(-96 + i), endAt: at(-95.5 + i) });
    }
    const now = new Date();
    const request = await checkBookingRequest(
      t.app.ctx,
      holder,
      { offer_id: capOffer.id, start_at: at(22).toISOString(), end_at: at(23).toISOString() },
      now,
    );
    await expect(
      holdTime(
        t.app.ctx,
        holder,
        request,
        { status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + 30 * MIN) },
        now,
      ),
    ).rejects.toMatchObject({ status: 409, code: ErrorCode.BOOKING_UPCOMING_LIMIT_REACHED });
    expect(await holdingAt(capHelper.id, at(22))).toBe(0);
  });

  it('holds under concurrent requests of one seeker: exactly the room left is booked', async () => {
    const db = t.app.ctx.db;
    const racer = await createSeeker(db);
    const racerOffer = await createOffer(db, capHelper);
    for (let i = 0; i < MAX_UPCOMING_BOOKINGS_PER_HELPER - 2; i++) {
      await createBooking(db, { offer: racerOffer, seeker: racer, startAt: at(30 + i) });
    }
    await createSlot(db, capHelper, { startAt: at(100), endAt: at(112) });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => book(racer, { ...body(at(100 + 2 * i), 60), offer_id: racerOffer.id })),
    );
    const tally: Record<string, number> = {};
    for (const r of responses) {
      const key = r.statusCode === 201 ? '201' : `${r.statusCode} ${r.json().code}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({ 201: 2, [`409 ${ErrorCode.BOOKING_UPCOMING_LIMIT_REACHED}`]: 4 });
  });
});

describe('rate limit of booking creation', () => {
  it(`answers 429 in French after ${BOOKING_CREATE_RATE_LIMIT_PER_HOUR} attempts of one account in an hour, per account`, async () => {
    const db = t.app.ctx.db;
    const [eager, calm] = [await createSeeker(db), await createSeeker(db)];
    // Failed attempts count too: an unknown offer answers 404 after the count.
    const attempt = (user: UserRow) =>
      book(user, body(at(6), 60, { offer_id: '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11' }));
    for (let i = 0; i < BOOKING_CREATE_RATE_LIMIT_PER_HOUR; i++) expect((await attempt(eager)).statusCode).toBe(404);
    const limited = await attempt(eager);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED, detail: apiErrors.rateLimited });
    expect((await attempt(calm)).statusCode).toBe(404);
  });
});

describe('GET /payments/helper/{id}/stripe-status', () => {
  it('reads the payout account, false/false when there is none', async () => {
    const db = t.app.ctx.db;
    const none = await createHelper(db);
    const ready = await createHelper(db);
    await givePayoutAccount(db, ready, true);
    const url = (id: string) => `/api/v1/payments/helper/${id}/stripe-status`;
    expect((await t.app.inject({ method: 'GET', url: url(none.id) })).json()).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
    expect((await t.app.inject({ method: 'GET', url: url(ready.id) })).json()).toEqual({
      charges_enabled: true,
      details_submitted: true,
    });
    expect((await t.app.inject({ method: 'GET', url: url('nope') })).statusCode).toBe(422);
  });
});

/** Decodes the quoted-printable and base64 parts of a raw mail so its text can be searched. */
function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/(?:=[0-9A-F]{2})+/g, (match) => {
    const bytes = match
      .split('=')
      .filter(Boolean)
      .map((hex) => parseInt(hex, 16));
    return Buffer.from(bytes).toString('utf8');
  });
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}
