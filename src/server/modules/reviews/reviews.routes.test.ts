import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { reviews as reviewMessages } from '#shared/messages/bookings.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { BookingRow } from '#server/db/schema/bookings.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const DAY = 86_400_000;

let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let stranger: UserRow;
let admin: UserRow;
let offer: TestOffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db);
  seeker = await createSeeker(db, { displayName: 'Paul Martin', username: 'paul.martin' });
  stranger = await createSeeker(db);
  admin = await createAdmin(db);
  offer = await createOffer(db, helper);
});
afterAll(() => t.close());

let dayOffset = 10;
const completed = (user: UserRow = seeker): Promise<BookingRow> =>
  createBooking(t.app.ctx.db, {
    offer,
    seeker: user,
    startAt: new Date(Date.now() - dayOffset++ * DAY),
    status: 'completed',
  });
const post = (user: UserRow | null, payload: object) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/reviews', payload });

describe('POST /reviews', () => {
  it('lets the seeker of a completed booking review it once, with a trimmed comment', async () => {
    const booking = await completed();
    const res = await post(seeker, { booking_id: booking.id, rating: 5, comment: '  Très à l’écoute, merci !  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rating: 5,
      comment: 'Très à l’écoute, merci !',
      helper_id: helper.id,
      booking_id: booking.id,
      author: { id: seeker.id, display_name: 'Paul Martin', username: 'paul.martin', avatar_url: null },
    });
    const again = await post(seeker, { booking_id: booking.id, rating: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: ErrorCode.REVIEW_ALREADY_EXISTS, detail: reviewMessages.alreadyExists });
  });

  it('accepts an empty comment', async () => {
    const booking = await completed();
    const res = await post(seeker, { booking_id: booking.id, rating: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toBe('');
  });

  it('refuses the helper, the admin and a booking that is not completed', async () => {
    const booking = await completed();
    for (const user of [helper, admin]) {
      const res = await post(user, { booking_id: booking.id, rating: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.REVIEW_NOT_ALLOWED, detail: reviewMessages.notAllowed });
    }
    for (const status of ['scheduled', 'paid', 'cancelled'] as const) {
      const b = await createBooking(t.app.ctx.db, {
        offer,
        seeker,
        startAt: new Date(Date.now() + dayOffset++ * DAY),
        status,
      });
      expect((await post(seeker, { booking_id: b.id, rating: 5 })).statusCode).toBe(403);
    }
    expect((await post(null, { booking_id: booking.id, rating: 5 })).statusCode).toBe(401);
    const missing = await post(seeker, { booking_id: '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11', rating: 5 });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a stranger's booking id with the same 404 as an unknown one, so bookings do not leak", async () => {
    const booking = await completed();
    const res = await post(stranger, { booking_id: booking.id, rating: 5 });
    const missing = await post(stranger, { booking_id: '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11', rating: 5 });
    expect(missing.statusCode).toBe(404);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
  });

  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a decimal rating', { rating: 4.5 }],
    ['no rating', {}],
    ['a comment over 2000 characters', { rating: 5, comment: 'a'.repeat(2001) }],
  ])('answers 422 for %s', async (_name, fields) => {
    const booking = await completed();
    const res = await post(seeker, { booking_id: booking.id, ...fields });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET /reviews/ and /reviews/summary', () => {
  let listed: UserRow;

  beforeAll(async () => {
    const db = t.app.ctx.db;
    listed = await createHelper(db);
    const o = await createOffer(db, listed);
    for (const [i, rating] of [5, 4, 4].entries()) {
      const b = await createBooking(db, {
        offer: o,
        seeker,
        startAt: new Date(Date.now() - (30 + i) * DAY),
        status: 'completed',
      });
      await createReview(db, b, { rating, comment: `Avis ${i}`, createdAt: new Date(Date.now() - (10 - i) * DAY) });
    }
  });

  it('lists the reviews of a helper, newest first, with their author, paginated', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/?helper_id=${listed.id}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ comment: string; helper_id: string; author: { id: string } }[]>();
    expect(list.map((r) => r.comment)).toEqual(['Avis 2', 'Avis 1', 'Avis 0']);
    expect(list.every((r) => r.helper_id === listed.id && r.author.id === seeker.id)).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/?helper_id=${listed.id}&skip=1&limit=1` });
    expect(page.json<{ comment: string }[]>().map((r) => r.comment)).toEqual(['Avis 1']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews/?limit=101' })).statusCode).toBe(422);
  });

  it('summarises the average and the count', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/summary?helper_id=${listed.id}` });
    expect(res.json()).toEqual({ average: 4.33, count: 3 });
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/summary?helper_id=${stranger.id}` });
    expect(none.json()).toEqual({ average: null, count: 0 });
  });
});

describe('DELETE /reviews/{id}', () => {
  it('lets the author or an admin delete, nobody else', async () => {
    const first = await createReview(t.app.ctx.db, await completed());
    const second = await createReview(t.app.ctx.db, await completed());
    const del = (user: UserRow | null, id: string) =>
      t.injectAs(user, { method: 'DELETE', url: `/api/v1/reviews/${id}` });
    expect((await del(null, first.id)).statusCode).toBe(401);
    for (const user of [helper, stranger]) {
      const res = await del(user, first.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.FORBIDDEN, detail: apiErrors.forbidden });
    }
    const byAuthor = await del(seeker, first.id);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toEqual({ message: reviewMessages.deleted });
    expect((await del(admin, second.id)).statusCode).toBe(200);
    const gone = await del(seeker, first.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.REVIEW_NOT_FOUND);
  });
});
