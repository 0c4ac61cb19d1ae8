import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import { eq } from 'drizzle-orm';
import { bookings, reviews } from '#server/db/schema/bookings.ts';
import { offers } from '#server/db/schema/offers.ts';
import { users } from '#server/db/schema/users.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const validBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Retrouver confiance après une rupture',
  description: 'Un échange sincère pour traverser la séparation pas à pas.',
  category: 'relations',
  duration_minutes: 45,
  price_cents: 0,
  currency: 'eur',
  meeting_contact_info: 'https://us02web.zoom.us/j/123456789',
  pricing_options: [{ duration_minutes: 45, price_cents: 0 }],
  ...overrides,
});

async function insertBooking(
  offer: TestOffer,
  seeker: UserRow,
  fields: {
    status: 'pending_payment' | 'scheduled' | 'paid' | 'completed' | 'cancelled';
    startInHours: number;
    holdExpiresInMinutes?: number;
  },
) {
  const start = Date.now() + fields.startInHours * HOUR;
  const [row] = await t.app.ctx.db
    .insert(bookings)
    .values({
      offerId: offer.id,
      pricingOptionId: offer.options[0]!.id,
      helperId: offer.helperId,
      userId: seeker.id,
      status: fields.status,
      startAt: new Date(start),
      endAt: new Date(start + HOUR),
      priceCents: offer.options[0]!.priceCents,
      holdExpiresAt:
        fields.holdExpiresInMinutes === undefined ? null : new Date(Date.now() + fields.holdExpiresInMinutes * 60_000),
    })
    .returning();
  return row!;
}

function errorOf(res: LightMyRequestResponse) {
  return res.json<{ detail: string; code: string }>();
}

/** The messages of a 422 answer for one body field. */
function fieldMessages(res: LightMyRequestResponse, field: string): string[] {
  const body = res.json<{ detail: { loc: (string | number)[]; msg: string }[] }>();
  return body.detail.filter((item) => item.loc[0] === 'body' && item.loc[1] === field).map((item) => item.msg);
}

describe('GET /offers/ and /offers/for-user', () => {
  let helper: UserRow;
  let visible: TestOffer;
  let hidden: TestOffer;
  let deleted: TestOffer;
  let ofSeeker: TestOffer;

  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db);
    const formerHelper = await createSeeker(t.app.ctx.db);
    visible = await createOffer(t.app.ctx.db, helper, { title: 'Offre visible de liste' });
    hidden = await createOffer(t.app.ctx.db, helper, { title: 'Offre masquée de liste', visible: false });
    deleted = await createOffer(t.app.ctx.db, helper, { title: 'Offre supprimée de liste', deletedAt: new Date() });
    ofSeeker = await createOffer(t.app.ctx.db, formerHelper, { title: 'Offre d’un ancien aidant' });
  });

  it('lists visible offers of helpers, newest first, without contact information', async () => {
    const newer = await createOffer(t.app.ctx.db, helper, { title: 'Offre plus récente' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; meeting_contact_info?: string; created_at: string }[]>();
    const ids = list.map((offer) => offer.id);
    expect(ids).toContain(visible.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(visible.id));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(deleted.id);
    expect(ids).not.toContain(ofSeeker.id);
    expect(list.every((offer) => offer.meeting_contact_info === undefined)).toBe(true);
    const dates = list.map((offer) => offer.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages with skip and limit, and answers without the trailing slash too', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' })).json<{ id: string }[]>();
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/offers?skip=1&limit=1' });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ id: string }[]>().map((o) => o.id)).toEqual([all[1]!.id]);
  });

  it('refuses a limit above 100', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=101' });
    expect(res.statusCode).toBe(422);
  });

  it('for-user needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/offers/for-user' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe(ErrorCode.NOT_AUTHENTICATED);
  });

  it('for-user shows a helper their own hidden offers, and nobody else', async () => {
    const own = await t.injectAs(helper, { method: 'GET', url: '/api/v1/offers/for-user?limit=100' });
    expect(own.statusCode).toBe(200);
    const ownIds = own.json<{ id: string }[]>().map((o) => o.id);
    expect(ownIds).toContain(hidden.id);
    expect(ownIds).toContain(visible.id);
    expect(ownIds).not.toContain(deleted.id);

    for (const other of [
      await createHelper(t.app.ctx.db),
      await createSeeker(t.app.ctx.db),
      await createAdmin(t.app.ctx.db),
    ]) {
      const res = await t.injectAs(other, { method: 'GET', url: '/api/v1/offers/for-user?limit=100' });
      expect(res.statusCode).toBe(200);
      const ids = res.json<{ id: string }[]>().map((o) => o.id);
      expect(ids).toContain(visible.id);
      expect(ids).not.toContain(hidden.id);
    }
  });

  it('does not list an offer created while its helper is switching to seeker mode', async () => {
    const db = t.app.ctx.db;
    const switching = await createHelper(db);
    let created: Promise<TestOffer> | undefined;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'helpee' }).where(eq(users.id, switching.id));
      // Another connection creates an offer before the switch commits (on PGlite: right after it).
      created = createOffer(db, switching, { title: 'Offre créée pendant le changement de rôle' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    const offer = await created!;
    const [row] = await db.select({ listed: offers.listed }).from(offers).where(eq(offers.id, offer.id));
    expect(row).toEqual({ listed: false });
  });

  it('takes the offers of a helper out of lists and searches while they switch to seeker mode', async () => {
    const changing = await createHelper(t.app.ctx.db, { displayName: 'Aidant en pause' });
    const shown = await createOffer(t.app.ctx.db, changing, { title: 'Atelier quenouille filage' });
    const kept = await createOffer(t.app.ctx.db, changing, { title: 'Atelier quenouille brouillon', visible: false });
    const listed = async () => {
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' });
      const found = await t.app.inject({ method: 'GET', url: '/api/v1/offers/search?query=quenouille' });
      return {
        list: list
          .json<{ id: string }[]>()
          .map((offer) => offer.id)
          .filter((id) => id === shown.id || id === kept.id),
        search: found.json<{ items: { id: string }[] }>().items.map((offer) => offer.id),
      };
    };
    const toggleRole = async (user: UserRow, expected: string) => {
      const res = await t.injectAs(user, { method: 'POST', url: '/api/v1/users/toggle-role' });
      expect(res.json<{ role: string }>().role).toBe(expected);
    };
    expect(await listed()).toEqual({ list: [shown.id], search: [shown.id] });
    // The search cache learns of the switch through the database's notifications (on a PostgreSQL
    // server they arrive a moment after the commit): wait for them, within expect.poll's timeout.
    await toggleRole(changing, 'helpee');
    await expect.poll(listed).toEqual({ list: [], search: [] });
    await toggleRole(changing, 'helper');
    // Back as a helper: the visible offer returns, the hidden one stays hidden.
    await expect.poll(listed).toEqual({ list: [shown.id], search: [shown.id] });
  });
});

describe('GET /offers/{id}', () => {
  let helper: UserRow;
  let offer: TestOffer;

  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db, { firstName: 'Claire', lastName: 'Dubois', displayName: 'Claire D.' });
    offer = await createOffer(t.app.ctx.db, helper, {
      title: 'Sortir de l’épuisement',
      category: 'sante-mentale',
      options: [
        { durationMinutes: 30, priceCents: 2000 },
        { durationMinutes: 60, priceCents: 3500 },
      ],
    });
  });

  it('answers the public offer: helper summary, options, first option copied to the top, no contact', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: offer.id,
      helper_id: helper.id,
      helper: {
        id: helper.id,
        display_name: 'Claire D.',
        username: helper.username,
        avatar_url: null,
        full_name: 'Claire Dubois',
      },
      title: 'Sortir de l’épuisement',
      category: 'sante-mentale',
      duration_minutes: 30,
      price_cents: 2000,
      currency: 'eur',
      visible: true,
      pricing_options: [
        { id: offer.options[0]!.id, duration_minutes: 30, price_cents: 2000 },
        { id: offer.options[1]!.id, duration_minutes: 60, price_cents: 3500 },
      ],
      rating: { average: null, count: 0 },
    });
    expect(body).not.toHaveProperty('meeting_contact_info');
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('carries the real average and count of the helper reviews', async () => {
    const ratedHelper = await createHelper(t.app.ctx.db);
    const rated = await createOffer(t.app.ctx.db, ratedHelper);
    for (const [i, rating] of [5, 4, 4].entries()) {
      const seeker = await createSeeker(t.app.ctx.db);
      const booking = await insertBooking(rated, seeker, { status: 'completed', startInHours: -48 - i * 2 });
      await t.app.ctx.db
        .insert(reviews)
        .values({ bookingId: booking.id, helperId: ratedHelper.id, authorId: seeker.id, rating });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/${rated.id}` });
    expect(res.json().rating).toEqual({ average: 4.3, count: 3 });
  });

  it('answers 404 for an unknown offer and 422 for a malformed id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/offers/6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: ErrorCode.OFFER_NOT_FOUND, detail: offerMessages.notFound });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/offers/not-a-uuid' })).statusCode).toBe(422);
  });

  it('shows a hidden offer only to its helper and admins', async () => {
    const hidden = await createOffer(t.app.ctx.db, helper, { visible: false });
    const url = `/api/v1/offers/${hidden.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(await createSeeker(t.app.ctx.db), { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(await createHelper(t.app.ctx.db), { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(helper, { method: 'GET', url })).statusCode).toBe(200);
    const asAdmin = await t.injectAs(await createAdmin(t.app.ctx.db), { method: 'GET', url });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().visible).toBe(false);
  });

  it('shows a deleted offer only to its helper', async () => {
    const gone = await createOffer(t.app.ctx.db, helper, { deletedAt: new Date() });
    const url = `/api/v1/offers/${gone.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(await createAdmin(t.app.ctx.db), { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(helper, { method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('GET /offers/{id}/private', () => {
  let helper: UserRow;
  let offer: TestOffer;
  const url = () => `/api/v1/offers/${offer.id}/private`;

  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db);
    offer = await createOffer(t.app.ctx.db, helper, {
      meetingContactInfo: 'https://meet.google.com/abc-defg-hij',
      visible: false,
    });
  });

  it('answers 401 when logged out', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(401);
  });

  it('gives the contact information to the helper and admins', async () => {
    for (const user of [helper, await createAdmin(t.app.ctx.db)]) {
      const res = await t.injectAs(user, { method: 'GET', url: url() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: offer.id,
        meeting_contact_info: 'https://meet.google.com/abc-defg-hij',
        pricing_options: [{ duration_minutes: 60 }],
      });
    }
  });

  it('refuses other helpers and seekers without a confirmed booking with 403 on a visible offer', async () => {
    const shown = await createOffer(t.app.ctx.db, helper);
    const seeker = await createSeeker(t.app.ctx.db);
    await insertBooking(shown, seeker, { status: 'cancelled', startInHours: 24 });
    const pending = await createSeeker(t.app.ctx.db);
    await insertBooking(shown, pending, { status: 'pending_payment', startInHours: 30, holdExpiresInMinutes: 30 });
    for (const user of [await createHelper(t.app.ctx.db), await createSeeker(t.app.ctx.db), seeker, pending]) {
      const res = await t.injectAs(user, { method: 'GET', url: `/api/v1/offers/${shown.id}/private` });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: ErrorCode.CONTACT_INFO_FORBIDDEN, detail: offerMessages.contactForbidden });
    }
  });

  it('answers 404 to them on a hidden offer, whose existence is none of their business', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    await insertBooking(offer, seeker, { status: 'cancelled', startInHours: 26 });
    for (const user of [await createHelper(t.app.ctx.db), await createSeeker(t.app.ctx.db), seeker]) {
      const res = await t.injectAs(user, { method: 'GET', url: url() });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: ErrorCode.OFFER_NOT_FOUND, detail: offerMessages.notFound });
    }
  });

  it('gives it to a seeker holding a scheduled or a paid booking', async () => {
    for (const [i, status] of (['scheduled', 'paid'] as const).entries()) {
      const seeker = await createSeeker(t.app.ctx.db);
      await insertBooking(offer, seeker, { status, startInHours: 50 + i * 3 });
      const res = await t.injectAs(seeker, { method: 'GET', url: url() });
      expect(res.statusCode).toBe(200);
      expect(res.json().meeting_contact_info).toBe('https://meet.google.com/abc-defg-hij');
    }
  });

  it('answers 404 for an unknown offer', async () => {
    const res = await t.injectAs(helper, {
      method: 'GET',
      url: '/api/v1/offers/6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11/private',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /offers/', () => {
  let helper: UserRow;
  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db);
  });

  const post = (user: UserRow | null, body: unknown) =>
    t.injectAs(user, { method: 'POST', url: '/api/v1/offers/', payload: body as object });

  it('creates a free offer for a helper and answers it with its contact information', async () => {
    const res = await post(
      helper,
      validBody({
        pricing_options: [
          { duration_minutes: 45, price_cents: 0 },
          { duration_minutes: 90, price_cents: 0 },
        ],
        duration_minutes: 120,
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      helper_id: helper.id,
      title: 'Retrouver confiance après une rupture',
      category: 'relations',
      duration_minutes: 45,
      price_cents: 0,
      visible: true,
      meeting_contact_info: 'https://us02web.zoom.us/j/123456789',
      pricing_options: [
        { duration_minutes: 45, price_cents: 0 },
        { duration_minutes: 90, price_cents: 0 },
      ],
    });
    const stored = await t.app.inject({ method: 'GET', url: `/api/v1/offers/${body.id}` });
    expect(stored.statusCode).toBe(200);
  });

  it('answers 401 to visitors and 403 to seekers and admins, before validating the body', async () => {
    expect((await post(null, validBody())).statusCode).toBe(401);
    for (const user of [await createSeeker(t.app.ctx.db), await createAdmin(t.app.ctx.db)]) {
      const res = await post(user, {});
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: ErrorCode.HELPER_ROLE_REQUIRED, detail: offerMessages.helperRequired });
    }
  });

  it.each([
    ['title', { title: '   ' }, offerMessages.titleRequired],
    ['title', { title: undefined }, offerMessages.titleRequired],
    ['description', { description: '' }, offerMessages.descriptionRequired],
    ['category', { category: 'astrologie' }, offerMessages.categoryRequired],
    ['meeting_contact_info', { meeting_contact_info: '  ' }, offerMessages.contactRequired],
    ['meeting_contact_info', { meeting_contact_info: undefined }, offerMessages.contactRequired],
    ['meeting_contact_info', { meeting_contact_info: '0612345678' }, offerMessages.contactInvalidPhone],
    ['meeting_contact_info', { meeting_contact_info: '+0612345678' }, offerMessages.contactInvalidPhone],
    [
      'meeting_contact_info',
      { meeting_contact_info: 'https://zoom.us.evil.com/j/1' },
      offerMessages.contactInvalidLink,
    ],
    ['meeting_contact_info', { meeting_contact_info: 'https://evilzoom.us/j/1' }, offerMessages.contactInvalidLink],
    [
      'meeting_contact_info',
      { meeting_contact_info: 'https://zoom.us@evil.com/j/1' },
      offerMessages.contactInvalidLink,
    ],
    ['meeting_contact_info', { meeting_contact_info: 'http://zoom.us/j/1' }, offerMessages.contactInvalidLink],
    ['meeting_contact_info', { meeting_contact_info: 'javascript:alert(1)' }, offerMessages.contactInvalidLink],
    ['meeting_contact_info', { meeting_contact_info: 'appelez-moi le soir' }, offerMessages.contactInvalidFormat],
    ['pricing_options', { pricing_options: [] }, offerMessages.pricingOptionRequired],
    ['pricing_options', { pricing_options: undefined }, offerMessages.pricingOptionRequired],
    [
      'pricing_options',
      {
        pricing_options: [
          { duration_minutes: 60, price_cents: 0 },
          { duration_minutes: 60, price_cents: 0 },
        ],
      },
      offerMessages.pricingDurationDuplicate,
    ],
    ['price_cents', { price_cents: 1050 }, offerMessages.priceWholeEuros],
    ['price_cents', { price_cents: -100 }, offerMessages.priceMinimum],
  ])('refuses a bad %s with its French message (%j)', async (field, overrides, message) => {
    const res = await post(helper, validBody(overrides));
    expect(res.statusCode).toBe(422);
    expect(fieldMessages(res, field)).toContain(message);
  });

  it('refuses a bad option price or duration with its French message', async () => {
    const res = await post(helper, validBody({ pricing_options: [{ duration_minutes: 50, price_cents: 1999 }] }));
    expect(res.statusCode).toBe(422);
    const items = res.json<{ detail: { loc: (string | number)[]; msg: string }[] }>().detail;
    expect(items).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'pricing_options', 0, 'duration_minutes'],
        msg: offerMessages.durationInvalid,
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'pricing_options', 0, 'price_cents'],
        msg: offerMessages.priceWholeEuros,
      }),
    );
  });

  it('refuses a paid option without a payout account whose details are submitted', async () => {
    const paid = validBody({ pricing_options: [{ duration_minutes: 60, price_cents: 4000 }] });
    const res = await post(helper, paid);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: ErrorCode.PAYOUT_ACCOUNT_REQUIRED,
      detail: offerMessages.payoutAccountRequired,
    });

    const incomplete = await createHelper(t.app.ctx.db);
    await givePayoutAccount(t.app.ctx.db, incomplete, false);
    expect((await post(incomplete, paid)).statusCode).toBe(400);

    const ready = await createHelper(t.app.ctx.db);
    await givePayoutAccount(t.app.ctx.db, ready, true);
    const ok = await post(ready, paid);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ price_cents: 4000, duration_minutes: 60 });
  });

  it('creates a hidden offer when asked', async () => {
    const res = await post(helper, validBody({ visible: false }));
    expect(res.statusCode).toBe(201);
    expect(res.json().visible).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${res.json().id}` })).statusCode).toBe(404);
  });
});

describe('PUT /offers/{id}', () => {
  let helper: UserRow;
  let offer: TestOffer;
  const put = (user: UserRow | null, body: object, id = offer.id) =>
    t.injectAs(user, { method: 'PUT', url: `/api/v1/offers/${id}`, payload: body });

  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db);
    offer = await createOffer(t.app.ctx.db, helper, {
      options: [
        { durationMinutes: 30, priceCents: 0 },
        { durationMinutes: 60, priceCents: 0 },
      ],
    });
  });

  it('keeps the id of an option whose duration stays, reorders and reprices it', async () => {
    const own = await createOffer(t.app.ctx.db, helper, {
      options: [
        { durationMinutes: 30, priceCents: 0 },
        { durationMinutes: 60, priceCents: 0 },
      ],
    });
    const res = await put(
      helper,
      {
        pricing_options: [
          { duration_minutes: 60, price_cents: 0 },
          { duration_minutes: 90, price_cents: 0 },
        ],
      },
      own.id,
    );
    expect(res.statusCode).toBe(200);
    const options = res.json<{ pricing_options: { id: string; duration_minutes: number }[] }>().pricing_options;
    expect(options.map((o) => o.duration_minutes)).toEqual([60, 90]);
    expect(options[0]!.id).toBe(own.options[1]!.id); // bookings naming the 60-minute option stay valid
    expect(options.map((o) => o.id)).not.toContain(own.options[0]!.id);
  });

  it('lets the owner change fields and replaces the pricing options', async () => {
    const res = await put(helper, {
      title: 'Parler du deuil',
      meeting_contact_info: '+33 6 12 34 56 78',
      pricing_options: [
        { duration_minutes: 90, price_cents: 0 },
        { duration_minutes: 15, price_cents: 0 },
        { duration_minutes: 45, price_cents: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ pricing_options: { id: string; duration_minutes: number }[]; description: string }>();
    expect(body).toMatchObject({
      title: 'Parler du deuil',
      meeting_contact_info: '+33 6 12 34 56 78',
      duration_minutes: 90,
      price_cents: 0,
    });
    expect(body.pricing_options.map((o) => o.duration_minutes)).toEqual([90, 15, 45]);
    expect(body.pricing_options.map((o) => o.id)).not.toContain(offer.options[0]!.id);
    expect(body.description).toBe(offer.description);
  });

  it('hides an offer from the public when visible is false', async () => {
    expect((await put(helper, { visible: false })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}` })).statusCode).toBe(404);
    expect((await put(helper, { visible: true })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or deleted offer', async () => {
    expect((await put(helper, { title: 'x' }, '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11')).statusCode).toBe(404);
    const gone = await createOffer(t.app.ctx.db, helper, { deletedAt: new Date() });
    expect((await put(helper, { title: 'x' }, gone.id)).statusCode).toBe(404);
  });

  it('validates like creation', async () => {
    const res = await put(helper, { meeting_contact_info: 'https://teams.microsoft.com.evil.io/x', title: '' });
    expect(res.statusCode).toBe(422);
    expect(fieldMessages(res, 'meeting_contact_info')).toEqual([offerMessages.contactInvalidLink]);
    expect(fieldMessages(res, 'title')).toEqual([offerMessages.titleRequired]);
  });

  it('applies the payout rule to the new options and keeps the old ones on refusal', async () => {
    const res = await put(helper, { pricing_options: [{ duration_minutes: 60, price_cents: 5000 }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe(ErrorCode.PAYOUT_ACCOUNT_REQUIRED);
    const now = await t.injectAs(helper, { method: 'GET', url: `/api/v1/offers/${offer.id}/private` });
    expect(
      now.json<{ pricing_options: { price_cents: number }[] }>().pricing_options.every((o) => o.price_cents === 0),
    ).toBe(true);
  });
});

describe('DELETE /offers/{id}', () => {
  let helper: UserRow;
  beforeAll(async () => {
    helper = await createHelper(t.app.ctx.db);
  });
  const del = (user: UserRow | null, id: string) => t.injectAs(user, { method: 'DELETE', url: `/api/v1/offers/${id}` });

  it('soft-deletes the owner offer: gone from reads and lists, row kept', async () => {
    const offer = await createOffer(t.app.ctx.db, helper);
    const past = await createSeeker(t.app.ctx.db);
    await insertBooking(offer, past, { status: 'completed', startInHours: -72 });
    await insertBooking(offer, await createSeeker(t.app.ctx.db), { status: 'cancelled', startInHours: 72 });
    const res = await del(helper, offer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: offerMessages.deleted });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}` })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' })).json<{ id: string }[]>();
    expect(list.map((o) => o.id)).not.toContain(offer.id);
    expect((await del(helper, offer.id)).statusCode).toBe(404);
  });

  it.each([
    ['an upcoming scheduled booking', { status: 'scheduled', startInHours: 48 }],
    ['an upcoming paid booking', { status: 'paid', startInHours: 2 }],
    ['a payment hold still running', { status: 'pending_payment', startInHours: 5, holdExpiresInMinutes: 20 }],
  ] as const)('refuses with 409 while the offer has %s', async (_label, booking) => {
    const offer = await createOffer(t.app.ctx.db, helper);
    await insertBooking(offer, await createSeeker(t.app.ctx.db), booking);
    const res = await del(helper, offer.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: ErrorCode.OFFER_HAS_ACTIVE_BOOKINGS,
      detail: offerMessages.hasActiveBookings,
    });
    expect(errorOf(res).detail).toContain('réservations actives');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}` })).statusCode).toBe(200);
  });

  it('allows deleting once the only hold has expired', async () => {
    const offer = await createOffer(t.app.ctx.db, helper);
    await insertBooking(offer, await createSeeker(t.app.ctx.db), {
      status: 'pending_payment',
      startInHours: 9,
      holdExpiresInMinutes: -1,
    });
    expect((await del(helper, offer.id)).statusCode).toBe(200);
  });
});

describe('who may write an offer and read its private view, per role', () => {
  type Who = 'visitor' | 'owner' | 'owner in seeker mode' | 'other helper' | 'seeker' | 'admin';
  type Action = 'PUT' | 'DELETE' | 'GET private';
  type Expected = [status: number, code?: string];

  const ok: Expected = [200];
  const loginFirst: Expected = [401, ErrorCode.NOT_AUTHENTICATED];
  const helperMode: Expected = [403, ErrorCode.HELPER_ROLE_REQUIRED];
  const notOwner: Expected = [403, ErrorCode.NOT_OFFER_OWNER];
  const noContact: Expected = [403, ErrorCode.CONTACT_INFO_FORBIDDEN];
  const hidden: Expected = [404, ErrorCode.OFFER_NOT_FOUND];

  // [who, the offer is visible, PUT, DELETE, GET private]
  const rows: [Who, boolean, Expected, Expected, Expected][] = [
    ['visitor', true, loginFirst, loginFirst, loginFirst],
    ['owner', true, ok, ok, ok],
    ['owner in seeker mode', true, helperMode, helperMode, helperMode],
    ['other helper', true, notOwner, notOwner, noContact],
    ['seeker', true, helperMode, helperMode, noContact],
    ['admin', true, helperMode, helperMode, ok],
    ['visitor', false, loginFirst, loginFirst, loginFirst],
    ['owner', false, ok, ok, ok],
    ['owner in seeker mode', false, helperMode, helperMode, helperMode],
    ['other helper', false, hidden, hidden, hidden],
    ['seeker', false, helperMode, helperMode, hidden],
    ['admin', false, helperMode, helperMode, ok],
  ];
  const cases = rows.flatMap(([who, visible, put, del, priv]) =>
    (
      [
        ['PUT', put],
        ['DELETE', del],
        ['GET private', priv],
      ] as const
    ).map(([action, expected]) => [who, visible ? 'visible' : 'hidden', action, expected] as const),
  );

  async function caller(who: Who, owner: UserRow): Promise<UserRow | null> {
    const db = t.app.ctx.db;
    switch (who) {
      case 'visitor':
        return null;
      case 'owner':
        return owner;
      case 'owner in seeker mode': {
        // What POST /users/toggle-role stores; the token stays valid, the role is read on each request.
        await db.update(users).set({ role: 'helpee' }).where(eq(users.id, owner.id));
        return owner;
      }
      case 'other helper':
        return createHelper(db);
      case 'seeker':
        return createSeeker(db);
      case 'admin':
        return createAdmin(db);
    }
  }

  it.each(cases)('%s, %s offer, %s: %j', async (who, visibility, action: Action, [status, code]) => {
    const db = t.app.ctx.db;
    const owner = await createHelper(db);
    const offer = await createOffer(db, owner, { visible: visibility === 'visible', title: 'Titre d’origine' });
    const user = await caller(who, owner);
    const res =
      action === 'PUT'
        ? await t.injectAs(user, { method: 'PUT', url: `/api/v1/offers/${offer.id}`, payload: { title: 'Changé' } })
        : action === 'DELETE'
          ? await t.injectAs(user, { method: 'DELETE', url: `/api/v1/offers/${offer.id}` })
          : await t.injectAs(user, { method: 'GET', url: `/api/v1/offers/${offer.id}/private` });
    expect(res.statusCode).toBe(status);
    if (code) expect(errorOf(res).code).toBe(code);
    const [row] = await db.select().from(offers).where(eq(offers.id, offer.id));
    if (status !== 200 || action === 'GET private') {
      // A refusal changes nothing.
      expect(row).toMatchObject({ title: 'Titre d’origine', deletedAt: null });
    } else if (action === 'PUT') {
      expect(row!.title).toBe('Changé');
    } else {
      expect(row!.deletedAt).not.toBeNull();
    }
  });

  it('lets a helper back in helper mode edit the offers they kept while a seeker', async () => {
    const db = t.app.ctx.db;
    const owner = await createHelper(db);
    const offer = await createOffer(db, owner);
    await db.update(users).set({ role: 'helpee' }).where(eq(users.id, owner.id));
    expect((await t.injectAs(owner, { method: 'GET', url: `/api/v1/offers/${offer.id}` })).statusCode).toBe(200);
    await db.update(users).set({ role: 'helper' }).where(eq(users.id, owner.id));
    const res = await t.injectAs(owner, {
      method: 'PUT',
      url: `/api/v1/offers/${offer.id}`,
      payload: { title: 'Repris' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /offers/search with out-of-range numbers', () => {
  it.each(['min_price', 'max_price', 'duration'])(
    'answers 422, not 500, to a %s beyond a PostgreSQL integer',
    async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/search?${name}=99999999999` });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['querystring', name] }));
    },
  );

  it('still accepts the largest integer a price filter can hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/offers/search?max_price=2147483647' });
    expect(res.statusCode).toBe(200);
  });
});
