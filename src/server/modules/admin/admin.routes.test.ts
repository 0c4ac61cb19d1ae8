import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_RECENT } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { admin as adminMessages } from '#shared/messages/admin.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import type { AdminAuditEntry, AdminOffer, AdminOverview, AdminStats } from '#shared/schemas/admin.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { adminAudit, reports, supportMessages } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const DAY = 86_400_000;
const MISSING_ID = '6f1c1f6e-8d5b-4c36-9a43-3b1b7a4f0a11';

let t: TestApp;
let admin: UserRow;
let claire: UserRow; // helper without a payout account
let mehdi: UserRow; // helper with a ready payout account
let seeker: UserRow;
/** The offers of the fixture, oldest first: four live (one hidden) and one deleted. */
const o: Record<'ecoute' | 'cv' | 'hidden' | 'deuil' | 'deleted', TestOffer> = {} as never;

const at = (minutesAgo: number) => new Date(Date.now() - 3 * DAY - minutesAgo * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  admin = await createAdmin(db, { displayName: 'Alice Admin' });
  claire = await createHelper(db, { displayName: 'Claire Dubois', username: 'claire.dubois' });
  mehdi = await createHelper(db, { displayName: 'Mehdi Benali', username: 'mehdi.benali' });
  await givePayoutAccount(db, mehdi, true);
  seeker = await createSeeker(db);
  o.ecoute = await createOffer(db, claire, {
    title: 'Écoute bienveillante',
    description: 'Un temps pour déposer ce qui pèse.',
    createdAt: at(50),
    options: [
      { durationMinutes: 60, priceCents: 0 },
      { durationMinutes: 30, priceCents: 0 },
    ],
  });
  o.cv = await createOffer(db, mehdi, {
    title: 'Relecture de CV',
    description: 'Conseils concrets pour votre candidature.',
    category: 'carriere',
    createdAt: at(40),
    options: [{ durationMinutes: 45, priceCents: 3000 }],
  });
  o.hidden = await createOffer(db, claire, {
    title: 'Préparer un entretien',
    description: 'Simulation et retours.',
    visible: false,
    createdAt: at(30),
  });
  o.deuil = await createOffer(db, mehdi, {
    title: 'Traverser un deuil',
    description: 'Parler de la perte, à son rythme. Écoute sans jugement.',
    createdAt: at(20),
  });
  o.deleted = await createOffer(db, claire, {
    title: 'Ancienne offre supprimée',
    createdAt: at(10),
    deletedAt: new Date(),
    visible: false,
  });
});
afterAll(() => t.close());

const as = (user: UserRow | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

const errorOf = (res: LightMyRequestResponse) => res.json<{ code: string; detail: string }>();

/** The messages of a 422 answer for one body field. */
function fieldMessages(res: LightMyRequestResponse, field: string): string[] {
  const body = res.json<{ detail: { loc: (string | number)[]; msg: string }[] }>();
  return body.detail.filter((item) => item.loc[0] === 'body' && item.loc[1] === field).map((item) => item.msg);
}

async function auditRows(targetId: string) {
  return t.app.ctx.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, 'offer'), eq(adminAudit.targetId, targetId)))
    .orderBy(adminAudit.createdAt);
}

async function offerRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(offers).where(eq(offers.id, id));
  return row;
}

async function listAdmin(qs = '') {
  const res = await as(admin, 'GET', `/admin/offers${qs ? `?${qs}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: AdminOffer[]; total: number; skip: number; limit: number }>();
}

async function publicSearch(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/search?query=${encodeURIComponent(query)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: { id: string }[] }>().items.map((item) => item.id);
}

describe('who may call the admin API', () => {
  const calls = (): [string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] => [
    ['stats', 'GET', '/admin/stats'],
    ['overview', 'GET', '/admin/overview'],
    ['offers', 'GET', '/admin/offers'],
    ['edit', 'PUT', `/admin/offers/${o.cv.id}`, { title: 'Titre pirate' }],
    ['toggle', 'POST', `/admin/offers/${o.cv.id}/toggle`],
    ['delete', 'DELETE', `/admin/offers/${o.cv.id}`],
  ];

  it('answers 401 to a visitor on every endpoint', async () => {
    for (const [name, method, url, payload] of calls()) {
      const res = await as(null, method, url, payload);
      expect(res.statusCode, name).toBe(401);
      expect(errorOf(res), name).toEqual({ code: ErrorCode.NOT_AUTHENTICATED, detail: apiErrors.notAuthenticated });
    }
  });

  it('answers 403 ADMIN_REQUIRED "Accès refusé" to a seeker and a helper, even the offer’s own helper, and changes nothing', async () => {
    for (const user of [seeker, claire, mehdi]) {
      for (const [name, method, url, payload] of calls()) {
        const res = await as(user, method, url, payload);
        expect(res.statusCode, `${name} as ${user.role}`).toBe(403);
        expect(errorOf(res)).toEqual({ code: ErrorCode.ADMIN_REQUIRED, detail: adminMessages.accessDenied });
      }
      // Refused before validation: a bad body tells a non-admin nothing about its shape.
      const bad = await as(user, 'PUT', `/admin/offers/${o.cv.id}`, { duration_minutes: 0 });
      expect(bad.statusCode).toBe(403);
    }
    const row = await offerRow(o.cv.id);
    expect(row).toMatchObject({ title: 'Relecture de CV', visible: true, deletedAt: null });
    expect(await auditRows(o.cv.id)).toEqual([]);
  });
});

describe('GET /admin/stats', () => {
  it('counts every figure from the rows', async () => {
    const db = t.app.ctx.db;
    const first = await as(admin, 'GET', '/admin/stats');
    expect(first.statusCode).toBe(200);
    // The fixture: 1 admin, 2 helpers, 1 seeker; 4 live offers of which 1 hidden, 1 deleted; no booking, no report.
    expect(first.json<AdminStats>()).toEqual({
      total_users: 4,
      total_helpers: 2,
      total_helpees: 1,
      total_offers: 4,
      active_offers: 3,
      total_bookings: 0,
      pending_reports: 0,
    });

    // Known additions: 3 seekers, 1 helper, 1 admin; 2 visible offers, 1 hidden, 1 deleted; 3 bookings
    // (one cancelled); 2 pending reports, 1 dismissed.
    const seekers = [await createSeeker(db), await createSeeker(db), await createSeeker(db)];
    const helper = await createHelper(db);
    await createAdmin(db);
    const live = await createOffer(db, helper, { title: 'Stat un', createdAt: at(500) });
    await createOffer(db, helper, { title: 'Stat deux', createdAt: at(501) });
    await createOffer(db, helper, { title: 'Stat trois', visible: false, createdAt: at(502) });
    await createOffer(db, helper, { title: 'Stat quatre', deletedAt: new Date(), createdAt: at(503) });
    await createBooking(db, {
      offer: live,
      seeker: seekers[0]!,
      startAt: new Date(Date.now() - 30 * DAY),
      status: 'completed',
    });
    await createBooking(db, {
      offer: live,
      seeker: seekers[1]!,
      startAt: new Date(Date.now() - 29 * DAY),
      status: 'completed',
    });
    await createBooking(db, {
      offer: live,
      seeker: seekers[2]!,
      startAt: new Date(Date.now() - 28 * DAY),
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await db.insert(reports).values([
      { reporterId: seeker.id, targetType: 'offer', targetId: live.id, reason: 'spam' },
      { reporterId: seeker.id, targetType: 'user', targetId: helper.id, reason: 'spam' },
      { reporterId: seeker.id, targetType: 'offer', targetId: live.id, reason: 'spam', status: 'dismissed' },
    ]);

    const second = await as(admin, 'GET', '/admin/stats');
    expect(second.json<AdminStats>()).toEqual({
      total_users: 9,
      total_helpers: 3,
      total_helpees: 4,
      total_offers: 7,
      active_offers: 5,
      total_bookings: 3,
      pending_reports: 2,
    });

    // Clean up so the offer list below sees only the fixture's offers.
    await db.delete(bookings).where(eq(bookings.offerId, live.id));
    await db.delete(offers).where(eq(offers.helperId, helper.id));
  });
});

describe('GET /admin/offers', () => {
  it('lists live offers, hidden ones included and deleted ones not, newest first, with the first option and the helper', async () => {
    const page = await listAdmin();
    expect(page.items.map((item) => item.id)).toEqual([o.deuil.id, o.hidden.id, o.cv.id, o.ecoute.id]);
    expect(page).toMatchObject({ total: 4, skip: 0, limit: 50 });
    const ecoute = page.items.find((item) => item.id === o.ecoute.id);
    expect(ecoute).toEqual({
      id: o.ecoute.id,
      helper_id: claire.id,
      helper: { display_name: 'Claire Dubois', username: 'claire.dubois', full_name: null },
      title: 'Écoute bienveillante',
      description: 'Un temps pour déposer ce qui pèse.',
      price_cents: 0,
      duration_minutes: 60,
      visible: true,
      created_at: o.ecoute.createdAt.toISOString(),
    });
    expect(page.items.find((item) => item.id === o.hidden.id)?.visible).toBe(false);
    expect(page.items.find((item) => item.id === o.cv.id)).toMatchObject({ price_cents: 3000, duration_minutes: 45 });
  });

  it('pages with skip and limit; the total stays the whole count', async () => {
    const first = await listAdmin('limit=2');
    const second = await listAdmin('skip=2&limit=2');
    const beyond = await listAdmin('skip=10&limit=2');
    expect(first.items.map((item) => item.id)).toEqual([o.deuil.id, o.hidden.id]);
    expect(second.items.map((item) => item.id)).toEqual([o.cv.id, o.ecoute.id]);
    expect(beyond.items).toEqual([]);
    expect([first.total, second.total, beyond.total]).toEqual([4, 4, 4]);
    expect((await as(admin, 'GET', '/admin/offers?limit=101')).statusCode).toBe(422);
    expect((await as(admin, 'GET', '/admin/offers?skip=-1')).statusCode).toBe(422);
  });

  it('searches titles and helper names, ignoring accents and case; every word must match', async () => {
    const ids = async (search: string) =>
      (await listAdmin(`search=${encodeURIComponent(search)}`)).items.map((item) => item.id);
    expect(await ids('ECOUTE bienveillante')).toEqual([o.ecoute.id]);
    expect(await ids('préparer')).toEqual([o.hidden.id]); // hidden offers are found too
    expect(await ids('benali')).toEqual([o.deuil.id, o.cv.id]);
    expect(await ids('mehdi deuil')).toEqual([o.deuil.id]);
    expect(await ids('claire.dubois')).toEqual([o.hidden.id, o.ecoute.id]); // not the deleted one
    expect(await ids('supprimée')).toEqual([]);
    expect(await ids('astrophysique')).toEqual([]);
    // LIKE's own characters are searched for, not used as wildcards.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const counted = await listAdmin('search=benali&limit=1');
    expect(counted.items).toHaveLength(1);
    expect(counted.total).toBe(2);
  });
});

describe('PUT /admin/offers/{id}', () => {
  it('changes the title and description of the offer, and price and duration of its first option only, in place', async () => {
    const res = await as(admin, 'PUT', `/admin/offers/${o.ecoute.id}`, {
      title: '  Écoute et soutien  ',
      description: 'Nouvelle description.',
      price_cents: 0,
      duration_minutes: 90,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOffer>()).toMatchObject({
      id: o.ecoute.id,
      title: 'Écoute et soutien',
      description: 'Nouvelle description.',
      price_cents: 0,
      duration_minutes: 90,
      visible: true,
    });
    const options = await t.app.ctx.db
      .select()
      .from(pricingOptions)
      .where(eq(pricingOptions.offerId, o.ecoute.id))
      .orderBy(pricingOptions.position);
    expect(options.map((option) => [option.id, option.durationMinutes, option.priceCents])).toEqual([
      [o.ecoute.options[0]!.id, 90, 0],
      [o.ecoute.options[1]!.id, 30, 0],
    ]);
    // The new title is searchable at once (search text kept by the database's triggers).
    expect(await publicSearch('soutien')).toContain(o.ecoute.id);

    const [entry, ...more] = await auditRows(o.ecoute.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      adminId: admin.id,
      action: 'offer.update',
      before: {
        title: 'Écoute bienveillante',
        description: 'Un temps pour déposer ce qui pèse.',
        duration_minutes: 60,
      },
      after: { title: 'Écoute et soutien', description: 'Nouvelle description.', duration_minutes: 90 },
    });
  });

  it('writes nothing, not even an audit row, when nothing changes', async () => {
    const before = await auditRows(o.ecoute.id);
    const res = await as(admin, 'PUT', `/admin/offers/${o.ecoute.id}`, { title: 'Écoute et soutien' });
    expect(res.statusCode).toBe(200);
    expect(await auditRows(o.ecoute.id)).toHaveLength(before.length);
  });

  it('refuses a zero or unknown duration, a non-integer or odd price and an empty title with 422 in French', async () => {
    const put = (payload: object) => as(admin, 'PUT', `/admin/offers/${o.cv.id}`, payload);
    const zero = await put({ duration_minutes: 0 });
    expect(zero.statusCode).toBe(422);
    expect(fieldMessages(zero, 'duration_minutes')).toEqual([offerMessages.durationInvalid]);
    expect(fieldMessages(await put({ duration_minutes: 50 }), 'duration_minutes')).toEqual([
      offerMessages.durationInvalid,
    ]);
    expect(fieldMessages(await put({ price_cents: 12.5 }), 'price_cents')).toEqual([offerMessages.priceWholeEuros]);
    expect(fieldMessages(await put({ price_cents: 1050 }), 'price_cents')).toEqual([offerMessages.priceWholeEuros]);
    expect(fieldMessages(await put({ price_cents: -100 }), 'price_cents')).toEqual([offerMessages.priceMinimum]);
    expect((await put({ price_cents: '3000' })).statusCode).toBe(422);
    expect((await put({ title: '   ' })).statusCode).toBe(422);
    expect(await offerRow(o.cv.id)).toMatchObject({ title: 'Relecture de CV' });
    expect(await auditRows(o.cv.id)).toEqual([]);
  });

  it('makes an offer paid only when its helper has a payout account', async () => {
    const refused = await as(admin, 'PUT', `/admin/offers/${o.ecoute.id}`, { price_cents: 2000 });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: ErrorCode.PAYOUT_ACCOUNT_REQUIRED,
      detail: offerMessages.payoutAccountRequired,
    });
    const allowed = await as(admin, 'PUT', `/admin/offers/${o.deuil.id}`, { price_cents: 2000 });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json<AdminOffer>().price_cents).toBe(2000);
    expect((await auditRows(o.deuil.id)).at(-1)).toMatchObject({
      before: { price_cents: 0 },
      after: { price_cents: 2000 },
    });
  });

  it('refuses a duration another option of the offer already has (409)', async () => {
    const res = await as(admin, 'PUT', `/admin/offers/${o.ecoute.id}`, { duration_minutes: 30, title: 'Autre' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: ErrorCode.PRICING_DURATION_DUPLICATE,
      detail: offerMessages.pricingDurationDuplicate,
    });
    expect(await offerRow(o.ecoute.id)).toMatchObject({ title: 'Écoute et soutien' });
  });

  it('answers 404 for an unknown or deleted offer and 422 for a malformed id', async () => {
    for (const id of [MISSING_ID, o.deleted.id]) {
      const res = await as(admin, 'PUT', `/admin/offers/${id}`, { title: 'Nouveau' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: ErrorCode.OFFER_NOT_FOUND, detail: offerMessages.notFound });
    }
    expect((await as(admin, 'PUT', '/admin/offers/abc', { title: 'Nouveau' })).statusCode).toBe(422);
  });
});

describe('POST /admin/offers/{id}/toggle', () => {
  it('hides an offer, which leaves search at once, and shows it again; both audited', async () => {
    expect(await publicSearch('relecture')).toEqual([o.cv.id]);
    const hidden = await as(admin, 'POST', `/admin/offers/${o.cv.id}/toggle`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<AdminOffer>()).toMatchObject({ id: o.cv.id, visible: false });
    expect(await publicSearch('relecture')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${o.cv.id}` })).statusCode).toBe(404);
    // Still in the admin list, marked hidden.
    expect((await listAdmin('search=relecture')).items).toMatchObject([{ id: o.cv.id, visible: false }]);

    const shown = await as(admin, 'POST', `/admin/offers/${o.cv.id}/toggle`);
    expect(shown.json<AdminOffer>().visible).toBe(true);
    expect(await publicSearch('relecture')).toEqual([o.cv.id]);

    expect((await auditRows(o.cv.id)).map((row) => [row.action, row.adminId, row.before, row.after])).toEqual([
      ['offer.hide', admin.id, { visible: true }, { visible: false }],
      ['offer.show', admin.id, { visible: false }, { visible: true }],
    ]);
  });

  it('answers 404 for an unknown or deleted offer', async () => {
    for (const id of [MISSING_ID, o.deleted.id]) {
      const res = await as(admin, 'POST', `/admin/offers/${id}/toggle`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe(ErrorCode.OFFER_NOT_FOUND);
    }
  });
});

describe('DELETE /admin/offers/{id}', () => {
  it('refuses while a booking is still to come (the helpers’ rule), and writes no audit row', async () => {
    const upcoming = await createBooking(t.app.ctx.db, {
      offer: o.hidden,
      seeker,
      startAt: new Date(Date.now() + 5 * DAY),
    });
    const res = await as(admin, 'DELETE', `/admin/offers/${o.hidden.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: ErrorCode.OFFER_HAS_ACTIVE_BOOKINGS,
      detail: offerMessages.hasActiveBookings,
    });
    expect((await offerRow(o.hidden.id))?.deletedAt).toBeNull();
    expect(await auditRows(o.hidden.id)).toEqual([]);
    await t.app.ctx.db.delete(bookings).where(eq(bookings.id, upcoming.id));
  });

  it('soft-deletes: the offer leaves the lists and search, its booking history stays; audited', async () => {
    const past = await createBooking(t.app.ctx.db, {
      offer: o.deuil,
      seeker,
      startAt: new Date(Date.now() - 10 * DAY),
      status: 'completed',
    });
    expect(await publicSearch('deuil')).toEqual([o.deuil.id]);
    const res = await as(admin, 'DELETE', `/admin/offers/${o.deuil.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: adminMessages.deleted });

    expect(await offerRow(o.deuil.id)).toMatchObject({ visible: false });
    expect((await offerRow(o.deuil.id))?.deletedAt).toBeInstanceOf(Date);
    const [kept] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, past.id));
    expect(kept).toMatchObject({ offerId: o.deuil.id, status: 'completed' });
    expect(await publicSearch('deuil')).toEqual([]);
    expect((await listAdmin()).items.map((item) => item.id)).not.toContain(o.deuil.id);
    expect((await auditRows(o.deuil.id)).at(-1)).toMatchObject({
      action: 'offer.delete',
      adminId: admin.id,
      before: { deleted: false, visible: true },
      after: { deleted: true, visible: false },
    });

    const again = await as(admin, 'DELETE', `/admin/offers/${o.deuil.id}`);
    expect(again.statusCode).toBe(404);
    expect((await as(admin, 'DELETE', `/admin/offers/${MISSING_ID}`)).statusCode).toBe(404);
  });
});

describe('GET /admin/overview', () => {
  it('counts waiting support messages and lists the latest admin actions, newest first, with the admin’s name', async () => {
    const db = t.app.ctx.db;
    const message = (status: 'open' | 'in_progress' | 'closed', priority: 'urgent' | 'high' | 'normal' | 'low') => ({
      userId: seeker.id,
      userName: 'Paul',
      userEmail: 'paul@exemple.fr',
      subject: 'Question',
      message: 'Bonjour',
      status,
      priority,
    });
    await db
      .insert(supportMessages)
      .values([
        message('open', 'normal'),
        message('open', 'urgent'),
        message('open', 'low'),
        message('in_progress', 'high'),
        message('in_progress', 'normal'),
        message('closed', 'urgent'),
        message('closed', 'normal'),
      ]);

    const res = await as(admin, 'GET', '/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = res.json<AdminOverview>();
    expect(overview.support).toEqual({ open: 3, in_progress: 2, high_priority: 2 });

    const expected = await db.select().from(adminAudit);
    expect(overview.recent_actions).toHaveLength(Math.min(expected.length, ADMIN_AUDIT_RECENT));
    const [latest] = overview.recent_actions;
    expect(latest).toMatchObject<Partial<AdminAuditEntry>>({
      admin_id: admin.id,
      admin_name: 'Alice Admin',
      action: 'offer.delete',
      target_type: 'offer',
      target_id: o.deuil.id,
      before: { deleted: false, visible: true },
      after: { deleted: true, visible: false },
    });
    const times = overview.recent_actions.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows at most ADMIN_AUDIT_RECENT entries', async () => {
    for (let i = 0; i < ADMIN_AUDIT_RECENT + 1; i += 1) {
      await as(admin, 'POST', `/admin/offers/${o.ecoute.id}/toggle`);
    }
    const overview = (await as(admin, 'GET', '/admin/overview')).json<AdminOverview>();
    expect(overview.recent_actions).toHaveLength(ADMIN_AUDIT_RECENT);
    expect(overview.recent_actions.every((entry) => entry.target_id === o.ecoute.id)).toBe(true);
  });
});
