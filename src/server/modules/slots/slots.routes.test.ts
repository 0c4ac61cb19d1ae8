import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAGMENTS_MAX_DAYS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { slots as slotMessages } from '#shared/messages/availability.ts';
import { addDaysToWallDate, frenchDate, parisToday, parisToUtc } from '#shared/rules/paris-time.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers } from '#server/db/schema/offers.ts';
import { slots } from '#server/db/schema/slots.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

/** The next last Sunday of `month` (3 = March, 10 = October) at least two days away: a DST change day. */
function nextDstDay(month: 3 | 10): string {
  const limit = addDaysToWallDate(parisToday(new Date()), 2);
  for (let year = new Date().getUTCFullYear(); ; year++) {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    const date = last.toISOString().slice(0, 10);
    if (date >= limit) return date;
  }
}

const inDays = (days: number) => addDaysToWallDate(parisToday(new Date()), days);

let t: TestApp;
let helper: UserRow;
let otherHelper: UserRow;
let seeker: UserRow;
let admin: UserRow;
let offer: TestOffer;
let otherOffer: TestOffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db);
  otherHelper = await createHelper(db);
  seeker = await createSeeker(db);
  admin = await createAdmin(db);
  offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 0 }] });
  otherOffer = await createOffer(db, otherHelper);
});
afterAll(() => t.close());

const slotCount = async (helperId: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(slots).where(eq(slots.helperId, helperId)))[0]!.n;

describe('permissions on helper slot routes', () => {
  const anyId = '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11';
  const routes = [
    { method: 'POST', url: '/api/v1/appui-calendar/slots', payload: { date: inDays(3), time: '10:00', duration: 60 } },
    { method: 'GET', url: '/api/v1/appui-calendar/my-slots' },
    { method: 'DELETE', url: `/api/v1/appui-calendar/slots/${anyId}` },
    { method: 'GET', url: '/api/v1/time-slots/' },
    {
      method: 'POST',
      url: '/api/v1/time-slots/bulk',
      payload: { time_slots: [{ date: inDays(3), start_time: '10:00', end_time: '11:00' }] },
    },
    { method: 'DELETE', url: `/api/v1/time-slots/${anyId}` },
    { method: 'PATCH', url: `/api/v1/time-slots/${anyId}/toggle-availability` },
  ] as const;

  it.each(routes)('$method $url needs a login', async (route) => {
    const res = await t.injectAs(null, route);
    expect(res.statusCode).toBe(401);
  });

  it.each(routes)('$method $url refuses seekers and admins with HELPER_ROLE_REQUIRED', async (route) => {
    for (const user of [seeker, admin]) {
      const res = await t.injectAs(user, route);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.HELPER_ROLE_REQUIRED, detail: slotMessages.helperRequired });
    }
  });
});

describe('POST /appui-calendar/slots', () => {
  const post = (user: UserRow, payload: object) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/appui-calendar/slots', payload });

  it('creates a slot from a Paris date, time and duration, and lists it in the calendar shape', async () => {
    const date = inDays(5);
    const res = await post(helper, {
      date,
      time: '14:30',
      duration: 90,
      meeting_link: 'https://meet.google.com/x',
      notes: 'Salle calme',
      offer_id: offer.id,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: slotMessages.created });
    const list = await t.injectAs(helper, {
      method: 'GET',
      url: `/api/v1/appui-calendar/my-slots?offer_id=${offer.id}`,
    });
    expect(list.statusCode).toBe(200);
    const slot = list.json<{ id: string }[]>().find((s) => s.id === body.slot_id);
    expect(slot).toEqual({
      id: body.slot_id,
      aidant_id: helper.id,
      date,
      time: '14:30',
      duration: 90,
      status: 'available',
      meeting_link: 'https://meet.google.com/x',
      notes: 'Salle calme',
      offer_id: offer.id,
      start_at: parisToUtc(date, '14:30').toISOString(),
      end_at: new Date(parisToUtc(date, '14:30').getTime() + 90 * 60_000).toISOString(),
    });
  });

  it('refuses the same slot twice with SLOT_DUPLICATE', async () => {
    const payload = { date: inDays(6), time: '09:00', duration: 60 };
    expect((await post(helper, payload)).statusCode).toBe(201);
    const again = await post(helper, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: ErrorCode.SLOT_DUPLICATE, detail: slotMessages.duplicate });
  });

  it('applies the slot rules with the spec messages', async () => {
    const past = await post(helper, { date: inDays(-1), time: '09:00', duration: 60 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ code: ErrorCode.SLOT_IN_PAST, detail: slotMessages.inPast(frenchDate(inDays(-1))) });
    const missing = await post(helper, { date: inDays(3), time: '', duration: 60 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(slotMessages.fillAllFields);
    const malformed = await post(helper, { date: '2030-02-30', time: '09:00', duration: 60 });
    expect(malformed.statusCode).toBe(422);
  });

  it("refuses another helper's offer and an unknown offer", async () => {
    const foreign = await post(helper, { date: inDays(3), time: '09:00', duration: 60, offer_id: otherOffer.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(ErrorCode.NOT_OFFER_OWNER);
    const unknown = await post(helper, {
      date: inDays(3),
      time: '09:00',
      duration: 60,
      offer_id: '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ErrorCode.OFFER_NOT_FOUND);
    // Someone else's hidden offer is as unknown as a missing one: its existence does not leak.
    const hiddenOffer = await createOffer(t.app.ctx.db, otherHelper, { visible: false });
    const hidden = await post(helper, { date: inDays(3), time: '09:00', duration: 60, offer_id: hiddenOffer.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe(ErrorCode.OFFER_NOT_FOUND);
  });

  it('takes the earlier instant for the ambiguous autumn time 02:30', async () => {
    const date = nextDstDay(10);
    const res = await post(helper, { date, time: '02:30', duration: 60 });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(slots).where(eq(slots.id, res.json().slot_id));
    // 02:30 summer time is 00:30 UTC.
    expect(row!.startAt.toISOString()).toBe(`${date}T00:30:00.000Z`);
  });
});

describe('POST /time-slots/bulk', () => {
  const bulk = (user: UserRow, payload: object) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/time-slots/bulk', payload });

  it('creates every row, ignoring empty ones, and answers the legacy shape', async () => {
    const date = inDays(8);
    const res = await bulk(helper, {
      offer_id: offer.id,
      time_slots: [
        { date, start_time: '09:00', end_time: '10:00' },
        { date: '', start_time: '', end_time: '' },
        { date, start_time: '18:00', end_time: '19:30', is_available: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, created: 2, message: slotMessages.added(2) });
    expect(
      res
        .json<{ time_slots: { start_time: string; end_time: string }[] }>()
        .time_slots.map((s) => [s.start_time, s.end_time]),
    ).toEqual([
      ['09:00', '10:00'],
      ['18:00', '19:30'],
    ]);
  });

  it('creates nothing when one row is invalid, naming its date', async () => {
    const before = await slotCount(helper.id);
    const date = inDays(9);
    const res = await bulk(helper, {
      offer_id: offer.id,
      time_slots: [
        { date, start_time: '09:00', end_time: '10:00' },
        { date, start_time: '12:00', end_time: '11:00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ErrorCode.SLOT_END_BEFORE_START,
      detail: slotMessages.endBeforeStart(frenchDate(date)),
    });
    expect(await slotCount(helper.id)).toBe(before);
  });

  it('creates nothing when one row duplicates an existing slot', async () => {
    const date = inDays(10);
    expect(
      (await bulk(helper, { offer_id: offer.id, time_slots: [{ date, start_time: '09:00', end_time: '10:00' }] }))
        .statusCode,
    ).toBe(201);
    const before = await slotCount(helper.id);
    const res = await bulk(helper, {
      offer_id: offer.id,
      time_slots: [
        { date, start_time: '11:00', end_time: '12:00' },
        { date, start_time: '09:00', end_time: '10:00' },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.SLOT_DUPLICATE, detail: slotMessages.duplicate });
    expect(await slotCount(helper.id)).toBe(before);
  });

  it('answers nothingToAdd for empty rows and fillAllFields for a partial row', async () => {
    const empty = await bulk(helper, { offer_id: offer.id, time_slots: [{ date: '', start_time: '', end_time: '' }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(slotMessages.nothingToAdd);
    const partial = await bulk(helper, {
      offer_id: offer.id,
      time_slots: [{ date: inDays(4), start_time: '10:00', end_time: '' }],
    });
    expect(partial.json().detail).toBe(slotMessages.fillAllFields);
  });

  it('refuses a time already elapsed today', async () => {
    const res = await bulk(helper, { time_slots: [{ date: inDays(0), start_time: '00:00', end_time: '23:59' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.SLOT_IN_PAST, detail: slotMessages.timeElapsedToday('00:00') });
  });

  it('stores the right UTC instants across the spring change (01:00-04:00 lasts 2 h)', async () => {
    const date = nextDstDay(3);
    const res = await bulk(helper, { time_slots: [{ date, start_time: '01:00', end_time: '04:00' }] });
    expect(res.statusCode).toBe(201);
    const [slot] = res.json().time_slots;
    expect([slot.start_at, slot.end_at]).toEqual([`${date}T00:00:00.000Z`, `${date}T02:00:00.000Z`]);
    expect([slot.start_time, slot.end_time]).toEqual(['01:00', '04:00']);
  });

  it('stores the right UTC instants across the autumn change (01:00-04:00 lasts 4 h)', async () => {
    const date = nextDstDay(10);
    // A helper of its own: `helper` already has a 02:30 slot that day, which this one would overlap.
    const autumnHelper = await createHelper(t.app.ctx.db);
    const res = await bulk(autumnHelper, { time_slots: [{ date, start_time: '01:00', end_time: '04:00' }] });
    expect(res.statusCode).toBe(201);
    const [slot] = res.json().time_slots;
    expect([slot.start_at, slot.end_at]).toEqual([
      `${addDaysToWallDate(date, -1)}T23:00:00.000Z`,
      `${date}T03:00:00.000Z`,
    ]);
    expect([slot.date, slot.start_time, slot.end_time]).toEqual([date, '01:00', '04:00']);
    const calendar = await t.injectAs(autumnHelper, { method: 'GET', url: '/api/v1/appui-calendar/my-slots' });
    expect(calendar.json<{ id: string }[]>().find((s) => s.id === slot.id)).toMatchObject({
      date,
      time: '01:00',
      duration: 240,
    });
  });
});

describe('overlapping slots of one helper (docs/decisions/0005-overlapping-slots.md)', () => {
  let owner: UserRow;
  let firstOffer: TestOffer;
  let secondOffer: TestOffer;
  const duplicate = { code: ErrorCode.SLOT_DUPLICATE, detail: slotMessages.duplicate };
  const single = (payload: object, user = owner) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/appui-calendar/slots', payload });
  const bulk = (payload: object, user = owner) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/time-slots/bulk', payload });

  beforeAll(async () => {
    owner = await createHelper(t.app.ctx.db);
    firstOffer = await createOffer(t.app.ctx.db, owner);
    secondOffer = await createOffer(t.app.ctx.db, owner);
    // 10:00-12:00 Paris, on the first offer.
    expect((await single({ date: inDays(4), time: '10:00', duration: 120, offer_id: firstOffer.id })).statusCode).toBe(
      201,
    );
  });

  it.each([
    ['starts inside it', '11:30', 60, undefined],
    ['ends inside it', '09:30', 60, undefined],
    ['holds it', '09:00', 240, undefined],
    ['sits inside it', '10:30', 30, undefined],
    ['is on another of the offers', '11:00', 60, 'second'],
    ['is for every offer', '11:00', 60, null],
  ] as const)('refuses a slot that %s with the duplicate message', async (_label, time, duration, on) => {
    const before = await slotCount(owner.id);
    const offerId = on === 'second' ? secondOffer.id : on === null ? null : firstOffer.id;
    const res = await single({ date: inDays(4), time, duration, offer_id: offerId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(duplicate);
    expect(await slotCount(owner.id)).toBe(before);
  });

  it('accepts the slots just before and just after it, and the same time for another helper', async () => {
    expect((await single({ date: inDays(4), time: '09:00', duration: 60, offer_id: firstOffer.id })).statusCode).toBe(
      201,
    );
    expect((await single({ date: inDays(4), time: '12:00', duration: 30, offer_id: secondOffer.id })).statusCode).toBe(
      201,
    );
    const stranger = await createHelper(t.app.ctx.db);
    expect((await single({ date: inDays(4), time: '10:00', duration: 120 }, stranger)).statusCode).toBe(201);
  });

  it('refuses a slot over a disabled one: enabling it again would overlap', async () => {
    const start = parisToUtc(inDays(8), '15:00');
    await createSlot(t.app.ctx.db, owner, {
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      isAvailable: false,
    });
    const res = await single({ date: inDays(8), time: '15:30', duration: 60 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(duplicate);
  });

  it('creates nothing when a bulk row overlaps a stored slot', async () => {
    const before = await slotCount(owner.id);
    const res = await bulk({
      offer_id: secondOffer.id,
      time_slots: [
        { date: inDays(5), start_time: '08:00', end_time: '09:00' },
        { date: inDays(4), start_time: '11:45', end_time: '13:00' },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(duplicate);
    expect(await slotCount(owner.id)).toBe(before);
  });

  it('creates nothing when two bulk rows overlap each other, and everything when they only touch', async () => {
    const before = await slotCount(owner.id);
    const overlapping = await bulk({
      offer_id: firstOffer.id,
      time_slots: [
        { date: inDays(6), start_time: '08:00', end_time: '10:00' },
        { date: inDays(6), start_time: '14:00', end_time: '15:00' },
        { date: inDays(6), start_time: '09:00', end_time: '11:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual(duplicate);
    expect(await slotCount(owner.id)).toBe(before);
    const touching = await bulk({
      offer_id: firstOffer.id,
      time_slots: [
        { date: inDays(6), start_time: '08:00', end_time: '09:00' },
        { date: inDays(6), start_time: '09:00', end_time: '10:00' },
      ],
    });
    expect(touching.statusCode).toBe(201);
    expect(await slotCount(owner.id)).toBe(before + 2);
  });

  it('lets only one of two concurrent overlapping requests in', async () => {
    const racer = await createHelper(t.app.ctx.db);
    const results = await Promise.all([
      bulk({ time_slots: [{ date: inDays(7), start_time: '10:00', end_time: '11:00' }] }, racer),
      bulk({ time_slots: [{ date: inDays(7), start_time: '10:30', end_time: '11:30' }] }, racer),
      single({ date: inDays(7), time: '10:15', duration: 30 }, racer),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await slotCount(racer.id)).toBe(1);
  });
});

describe('GET /time-slots/, DELETE and toggle', () => {
  let own: string;
  let foreign: string;

  beforeAll(async () => {
    const start = new Date(Date.now() + 20 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    own = (await createSlot(t.app.ctx.db, helper, { startAt: start, endAt: new Date(start.getTime() + 3_600_000) })).id;
    foreign = (
      await createSlot(t.app.ctx.db, otherHelper, { startAt: start, endAt: new Date(start.getTime() + 3_600_000) })
    ).id;
    await createSlot(t.app.ctx.db, helper, {
      startAt: new Date(Date.now() - 5 * 3_600_000),
      endAt: new Date(Date.now() - 4 * 3_600_000),
    });
  });

  it('lists only my slots, future ones unless include_past', async () => {
    const res = await t.injectAs(helper, { method: 'GET', url: '/api/v1/time-slots/' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; helper_id: string; end_at: string }[]>();
    expect(list.map((s) => s.id)).toContain(own);
    expect(list.map((s) => s.id)).not.toContain(foreign);
    expect(list.every((s) => s.helper_id === helper.id && new Date(s.end_at) > new Date())).toBe(true);
    const withPast = await t.injectAs(helper, { method: 'GET', url: '/api/v1/time-slots/?include_past=true' });
    expect(withPast.json().length).toBe(list.length + 1);
  });

  it('toggles availability of my slot, and answers 404 for a slot of another helper', async () => {
    const res = await t.injectAs(helper, { method: 'PATCH', url: `/api/v1/time-slots/${own}/toggle-availability` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: own, is_available: false });
    const calendar = await t.injectAs(helper, { method: 'GET', url: '/api/v1/appui-calendar/my-slots' });
    expect(calendar.json<{ id: string; status: string }[]>().find((s) => s.id === own)?.status).toBe('unavailable');
    const back = await t.injectAs(helper, { method: 'PATCH', url: `/api/v1/time-slots/${own}/toggle-availability` });
    expect(back.json().is_available).toBe(true);
    const other = await t.injectAs(helper, {
      method: 'PATCH',
      url: `/api/v1/time-slots/${foreign}/toggle-availability`,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: ErrorCode.SLOT_NOT_FOUND, detail: slotMessages.notFound });
  });

  it('refuses a helper switched to seeker mode on their own slot, and keeps it', async () => {
    const switched = await createHelper(t.app.ctx.db);
    const start = new Date(Date.now() + 22 * 86_400_000);
    const slot = await createSlot(t.app.ctx.db, switched, {
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
    });
    await t.app.ctx.db.update(users).set({ role: 'helpee' }).where(eq(users.id, switched.id));
    for (const route of [
      { method: 'DELETE', url: `/api/v1/time-slots/${slot.id}` },
      { method: 'PATCH', url: `/api/v1/time-slots/${slot.id}/toggle-availability` },
    ] as const) {
      const res = await t.injectAs(switched, route);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.HELPER_ROLE_REQUIRED);
    }
    expect(await slotCount(switched.id)).toBe(1);
  });

  it("deletes my slot by either path, never another helper's", async () => {
    const start = new Date(Date.now() + 21 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    const second = await createSlot(t.app.ctx.db, helper, {
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
    });
    expect(
      (await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/appui-calendar/slots/${foreign}` })).statusCode,
    ).toBe(404);
    expect((await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/time-slots/${foreign}` })).statusCode).toBe(404);
    const first = await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/appui-calendar/slots/${own}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: slotMessages.deleted });
    expect((await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/time-slots/${second.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.injectAs(helper, { method: 'DELETE', url: `/api/v1/time-slots/${own}` })).statusCode).toBe(404);
    const remaining = await t.app.ctx.db
      .select({ n: count() })
      .from(slots)
      .where(and(eq(slots.id, foreign)));
    expect(remaining[0]!.n).toBe(1);
  });
});

describe('GET /time-slots/helper/{helper_id}/fragments', () => {
  let fragHelper: UserRow;
  let fragOffer: TestOffer;
  let day: Date;
  const at = (hours: number) => new Date(day.getTime() + hours * 3_600_000);
  const fragments = (offerId?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/time-slots/helper/${fragHelper.id}/fragments${offerId ? `?offer_id=${offerId}` : ''}`,
    });

  beforeAll(async () => {
    const db = t.app.ctx.db;
    fragHelper = await createHelper(db);
    fragOffer = await createOffer(db, fragHelper);
    const other = await createOffer(db, fragHelper);
    day = new Date(Date.now() + 4 * 86_400_000);
    day.setUTCHours(0, 0, 0, 0);
    await createSlot(db, fragHelper, { startAt: at(14), endAt: at(16), offerId: null });
    await createSlot(db, fragHelper, { startAt: at(8), endAt: at(12), offerId: fragOffer.id });
    await createSlot(db, fragHelper, { startAt: at(18), endAt: at(19), offerId: other.id });
    await createSlot(db, fragHelper, { startAt: at(20), endAt: at(21), offerId: fragOffer.id, isAvailable: false });
    await createSlot(db, fragHelper, {
      startAt: new Date(Date.now() - 86_400_000),
      endAt: new Date(Date.now() - 86_400_000 + 3_600_000),
    });
    const seekerA = await createSeeker(db);
    await createBooking(db, { offer: fragOffer, seeker: seekerA, startAt: at(9), endAt: at(10), status: 'scheduled' });
    await createBooking(db, { offer: other, seeker: seekerA, startAt: at(15), endAt: at(15.5), status: 'paid' });
    await createBooking(db, { offer: fragOffer, seeker: seekerA, startAt: at(10), endAt: at(11), status: 'cancelled' });
  });

  it('is public and gives the free windows of the offer minus booked time, sorted, future only', async () => {
    const res = await fragments(fragOffer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { start_at: at(8).toISOString(), end_at: at(9).toISOString() },
      { start_at: at(10).toISOString(), end_at: at(12).toISOString() },
      { start_at: at(14).toISOString(), end_at: at(15).toISOString() },
      { start_at: at(15.5).toISOString(), end_at: at(16).toISOString() },
    ]);
  });

  it('covers every offer without offer_id', async () => {
    const res = await fragments();
    expect(res.json<{ start_at: string }[]>().map((f) => f.start_at)).toContain(at(18).toISOString());
  });

  it('answers 404 for an offer the caller may not see, as GET /offers/{id} does', async () => {
    const db = t.app.ctx.db;
    const hidden = await createOffer(db, fragHelper, { visible: false });
    await createSlot(db, fragHelper, { startAt: at(22), endAt: at(23), offerId: hidden.id });
    const url = `/api/v1/time-slots/helper/${fragHelper.id}/fragments?offer_id=${hidden.id}`;
    for (const [viewer, status] of [
      [null, 404],
      [seeker, 404],
      [otherHelper, 404],
      [fragHelper, 200],
      [admin, 200],
    ] as const) {
      const res = await t.injectAs(viewer, { method: 'GET', url });
      expect(res.statusCode, viewer?.email ?? 'visitor').toBe(status);
      if (status === 404) expect(res.json().code).toBe(ErrorCode.OFFER_NOT_FOUND);
      else expect(res.json()).toContainEqual({ start_at: at(22).toISOString(), end_at: at(23).toISOString() });
    }
    // The owner's answer, now cached, is still refused to a visitor.
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('stops showing the windows of an offer as soon as it is hidden, by its helper or by any write to it', async () => {
    const db = t.app.ctx.db;
    const offer = await createOffer(db, fragHelper);
    const url = `/api/v1/time-slots/helper/${fragHelper.id}/fragments?offer_id=${offer.id}`;
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(200);
    const hidden = await t.injectAs(fragHelper, {
      method: 'PUT',
      url: `/api/v1/offers/${offer.id}`,
      payload: { visible: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await t.injectAs(null, { method: 'GET', url })).statusCode).toBe(404);

    // A write this process did not make (another process, an admin's SQL) reaches it through the bus.
    const other = await createOffer(db, fragHelper);
    const otherUrl = `/api/v1/time-slots/helper/${fragHelper.id}/fragments?offer_id=${other.id}`;
    expect((await t.injectAs(null, { method: 'GET', url: otherUrl })).statusCode).toBe(200);
    await db.update(offers).set({ visible: false }).where(eq(offers.id, other.id));
    await expect.poll(async () => (await t.injectAs(null, { method: 'GET', url: otherUrl })).statusCode).toBe(404);
  });

  it("leaves hidden and deleted offers' slots out of the windows across offers, at once when one is hidden", async () => {
    const db = t.app.ctx.db;
    const hidden = await createOffer(db, fragHelper, { visible: false });
    const deleted = await createOffer(db, fragHelper, { deletedAt: new Date() });
    const shown = await createOffer(db, fragHelper);
    await createSlot(db, fragHelper, { startAt: at(30), endAt: at(31), offerId: hidden.id });
    await createSlot(db, fragHelper, { startAt: at(32), endAt: at(33), offerId: deleted.id });
    await createSlot(db, fragHelper, { startAt: at(34), endAt: at(35), offerId: shown.id });
    const starts = async () => (await fragments()).json<{ start_at: string }[]>().map((f) => f.start_at);
    expect(await starts()).toContain(at(34).toISOString());
    expect(await starts()).not.toContain(at(30).toISOString());
    expect(await starts()).not.toContain(at(32).toISOString());

    // The answer across offers is cached; hiding the shown offer drops it (search.changed on the bus).
    await db.update(offers).set({ visible: false }).where(eq(offers.id, shown.id));
    await expect.poll(starts).not.toContain(at(34).toISOString());
  });

  it('answers 404 to someone blocked by the helper or who blocked them, with or without offer_id', async () => {
    const db = t.app.ctx.db;
    const blocker = await createSeeker(db);
    const blocked = await t.injectAs(blocker, { method: 'POST', url: `/api/v1/users/${fragHelper.id}/block` });
    expect(blocked.statusCode).toBeLessThan(300);
    const url = `/api/v1/time-slots/helper/${fragHelper.id}/fragments`;
    const acrossOffers = await t.injectAs(blocker, { method: 'GET', url });
    expect(acrossOffers.statusCode).toBe(404);
    expect(acrossOffers.json().code).toBe(ErrorCode.USER_NOT_FOUND);
    const ofOffer = await t.injectAs(blocker, { method: 'GET', url: `${url}?offer_id=${fragOffer.id}` });
    expect(ofOffer.statusCode).toBe(404);
    expect(ofOffer.json().code).toBe(ErrorCode.OFFER_NOT_FOUND);
    // The helper and admins still read them; a visitor too.
    for (const viewer of [fragHelper, admin, null]) {
      expect((await t.injectAs(viewer, { method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it("answers 404 for another helper's offer and for an unknown one", async () => {
    for (const offerId of [otherOffer.id, '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11']) {
      const res = await fragments(offerId);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.OFFER_NOT_FOUND);
    }
  });

  it('answers 422 for a malformed helper id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/time-slots/helper/nope/fragments' })).statusCode).toBe(
      422,
    );
  });

  const ranged = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/time-slots/helper/${fragHelper.id}/fragments`,
      query: { offer_id: fragOffer.id, ...query },
      headers,
    });

  it('gives the windows overlapping [from, to), cut at from, not cut at to', async () => {
    const res = await ranged({ from: at(10.5).toISOString(), to: at(14.5).toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { start_at: at(10.5).toISOString(), end_at: at(12).toISOString() },
      // The 14:00-16:00 slot overlaps the range: whole (minus its booking), so a session may start before `to`.
      { start_at: at(14).toISOString(), end_at: at(15).toISOString() },
      { start_at: at(15.5).toISOString(), end_at: at(16).toISOString() },
    ]);
    const before = await ranged({ from: at(0).toISOString(), to: at(8).toISOString() });
    expect(before.json()).toEqual([]);
  });

  it('merges a window that runs past `to` with the slot that continues it (22:00-24:00 then 00:00-02:00)', async () => {
    const db = t.app.ctx.db;
    const nightHelper = await createHelper(db);
    const nightOffer = await createOffer(db, nightHelper);
    const midnight = new Date(day.getTime() + 2 * 86_400_000);
    const hour = (hours: number) => new Date(midnight.getTime() + hours * 3_600_000);
    await createSlot(db, nightHelper, { startAt: hour(-2), endAt: hour(0), offerId: nightOffer.id });
    await createSlot(db, nightHelper, { startAt: hour(0), endAt: hour(2), offerId: nightOffer.id });
    const url = `/api/v1/time-slots/helper/${nightHelper.id}/fragments`;
    const upToMidnight = await t.app.inject({
      method: 'GET',
      url,
      query: { offer_id: nightOffer.id, from: hour(-24).toISOString(), to: midnight.toISOString() },
    });
    expect(upToMidnight.json()).toEqual([{ start_at: hour(-2).toISOString(), end_at: hour(2).toISOString() }]);
    // The next range starts at that midnight: the same window, cut at its `from`.
    const fromMidnight = await t.app.inject({
      method: 'GET',
      url,
      query: { offer_id: nightOffer.id, from: midnight.toISOString(), to: hour(24).toISOString() },
    });
    expect(fromMidnight.json()).toEqual([{ start_at: hour(0).toISOString(), end_at: hour(2).toISOString() }]);
  });

  it('answers the next weeks by default and a later range on request', async () => {
    const far = new Date(day.getTime() + 50 * 86_400_000);
    await createSlot(t.app.ctx.db, fragHelper, {
      startAt: far,
      endAt: new Date(far.getTime() + 3_600_000),
      offerId: fragOffer.id,
    });
    const starts = (res: { json(): unknown }) => (res.json() as { start_at: string }[]).map((f) => f.start_at);
    expect(starts(await fragments(fragOffer.id))).not.toContain(far.toISOString());
    const later = await ranged({
      from: new Date(far.getTime() - 86_400_000).toISOString(),
      to: new Date(far.getTime() + 86_400_000).toISOString(),
    });
    expect(starts(later)).toEqual([far.toISOString()]);
  });

  it('refuses a reversed or too long range with a French 422, and a too long `to` alone with a 400', async () => {
    const reversed = await ranged({ from: at(12).toISOString(), to: at(8).toISOString() });
    expect(reversed.statusCode).toBe(422);
    expect(JSON.stringify(reversed.json())).toContain(slotMessages.rangeEndBeforeStart);
    const long = await ranged({ from: at(0).toISOString(), to: at(24 * (FRAGMENTS_MAX_DAYS + 1)).toISOString() });
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json())).toContain(slotMessages.rangeTooLong(FRAGMENTS_MAX_DAYS));
    const toAlone = await ranged({ to: at(24 * (FRAGMENTS_MAX_DAYS + 1)).toISOString() });
    expect(toAlone.statusCode).toBe(400);
    expect(toAlone.json()).toEqual({
      code: ErrorCode.VALIDATION_FAILED,
      detail: slotMessages.rangeTooLong(FRAGMENTS_MAX_DAYS),
    });
    const garbage = await ranged({ from: 'demain' });
    expect(garbage.statusCode).toBe(422);
  });

  it('answers with an ETag, 304 without a body for If-None-Match of it, and a new tag once a booking changes it', async () => {
    const first = await ranged({});
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await ranged({}, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect((await ranged({}, { 'if-none-match': `"other", W/${tag}` })).statusCode).toBe(304);
    expect((await ranged({}, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const booking = await createBooking(t.app.ctx.db, {
      offer: fragOffer,
      seeker: await createSeeker(t.app.ctx.db),
      startAt: at(11),
      endAt: at(12),
      status: 'scheduled',
    });
    // Cached answers drop when the write's notification comes round the bus (fragments-cache.test.ts):
    // on PostgreSQL that is a moment after the commit.
    await expect.poll(async () => (await ranged({}, { 'if-none-match': tag })).statusCode).toBe(200);
    const changed = await ranged({}, { 'if-none-match': tag });
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json()).not.toContainEqual({ start_at: at(11).toISOString(), end_at: at(12).toISOString() });
    await t.app.ctx.db.delete(bookings).where(eq(bookings.id, booking.id));
    await expect.poll(async () => (await ranged({}, { 'if-none-match': tag })).statusCode).toBe(304);
  });

  it('gives the visitor, the helper, another user and an admin the same answer and tag', async () => {
    const answers = await Promise.all(
      [null, fragHelper, seeker, admin].map((user) =>
        t.injectAs(user, {
          method: 'GET',
          url: `/api/v1/time-slots/helper/${fragHelper.id}/fragments?offer_id=${fragOffer.id}`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });
});
