import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_ADDRESS_PER_HOUR, REPORTS_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { suspensionMail, trust } from '#shared/messages/trust.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers } from '#server/db/schema/offers.ts';
import { payments } from '#server/db/schema/payments.ts';
import { adminAudit, chatMessages, chatSessions, reports } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { users } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

const HOUR = 3_600_000;
const PRICE = 4500;

let t: TestApp;
let admin: UserRow;
let helper: UserRow;
let seeker: UserRow;
let stranger: UserRow;
let offer: TestOffer;
let ipCounter = 0;
/** A fresh client address per test, so the per-address budget of one test never reaches another. */
let ip = '10.0.0.1';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  admin = await createAdmin(db, { displayName: 'Admin Appui' });
  helper = await createHelper(db, { displayName: 'Claire Dubois' });
  seeker = await createSeeker(db, { displayName: 'Paul Martin' });
  stranger = await createSeeker(db, { displayName: 'Zoé Petit' });
  offer = await createOffer(db, helper, { title: 'Sortir du burn-out', description: 'Un accompagnement doux.' });
});
afterAll(() => t.close());

function nextIp(): void {
  ipCounter += 1;
  ip = `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const report = (user: UserRow | null, payload: object, from = ip) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/reports', payload, remoteAddress: from });
const list = (user: UserRow | null, query = '') =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/admin/reports${query}` });
const getOne = (user: UserRow | null, id: string) =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/admin/reports/${id}` });
const decide = (user: UserRow | null, id: string, decision: string, note?: string) =>
  t.injectAs(user, {
    method: 'POST',
    url: `/api/v1/admin/reports/${id}/decision`,
    payload: note === undefined ? { decision } : { decision, note },
  });
const reportRow = async (id: string) => (await t.app.ctx.db.select().from(reports).where(eq(reports.id, id)))[0]!;
const auditOf = (reportId: string) =>
  t.app.ctx.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, 'report'), eq(adminAudit.targetId, reportId)));

/** Files a report that must succeed; answers its id. */
async function filed(user: UserRow, payload: object): Promise<string> {
  const response = await report(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('POST /reports', () => {
  it('needs a login', async () => {
    nextIp();
    const response = await report(null, { target_type: 'offer', target_id: offer.id, reason: 'other' });
    expect(response.statusCode).toBe(401);
  });

  it('files a report with a snapshot, thanks the reporter and never says who else reported', async () => {
    nextIp();
    const target = await createOffer(t.app.ctx.db, helper, {
      title: 'Titre d’origine',
      description: 'Texte d’origine',
    });
    const first = await report(stranger, {
      target_type: 'offer',
      target_id: target.id,
      reason: 'scam_or_offplatform_payment',
      detail: 'Demande un virement direct',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), message: trust.reportThanks });
    // A second reporter of the same target gets exactly the same kind of answer.
    const second = await report(seeker, { target_type: 'offer', target_id: target.id, reason: 'other' });
    expect(second.statusCode).toBe(201);
    expect(Object.keys(second.json()).sort()).toEqual(['id', 'message']);

    const row = await reportRow(first.json().id);
    expect(row).toMatchObject({
      reporterId: stranger.id,
      targetType: 'offer',
      targetId: target.id,
      reason: 'scam_or_offplatform_payment',
      detail: 'Demande un virement direct',
      status: 'pending',
    });
    expect(row.snapshot).toMatchObject({
      title: 'Titre d’origine',
      description: 'Texte d’origine',
      author_id: helper.id,
      author_name: 'Claire Dubois',
    });

    // The snapshot survives an edit of the offer.
    await t.app.ctx.db.update(offers).set({ title: 'Titre modifié' }).where(eq(offers.id, target.id));
    const seen = await getOne(admin, first.json().id);
    expect(seen.json().snapshot.title).toBe('Titre d’origine');
    expect(seen.json().context).toMatchObject({ exists: true, author_id: helper.id, offer_id: target.id });
  });

  it('refuses a second open report of the same target (409) and oneself or one’s own content (400)', async () => {
    nextIp();
    const target = await createOffer(t.app.ctx.db, helper);
    await filed(seeker, { target_type: 'offer', target_id: target.id, reason: 'other' });
    const again = await report(seeker, { target_type: 'offer', target_id: target.id, reason: 'shocking_content' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: trust.reportDuplicate, code: ErrorCode.REPORT_DUPLICATE });

    const self = await report(seeker, { target_type: 'user', target_id: seeker.id, reason: 'other' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: trust.reportSelf, code: ErrorCode.REPORT_SELF });
    const ownOffer = await report(helper, { target_type: 'offer', target_id: target.id, reason: 'other' });
    expect(ownOffer.json().code).toBe(ErrorCode.REPORT_SELF);
  });

  it('answers 404 for what the reporter cannot see: unknown ids, hidden offers, others’ messages and chats', async () => {
    nextIp();
    const db = t.app.ctx.db;
    const hidden = await createOffer(db, helper, { visible: false });
    const conversation = await createConversation(db, { offer, seeker });
    const message = await postMessage(db, { conversation, sender: helper, content: 'Bonjour Paul' });
    const [chat] = await db
      .insert(chatSessions)
      .values({ sessionTokenHash: 'x'.repeat(64), userId: seeker.id, subject: 'Question' })
      .returning();
    const notFoundAnswer = { detail: trust.reportTargetNotFound, code: ErrorCode.REPORT_TARGET_NOT_FOUND };
    const cases: [UserRow, string, string][] = [
      [seeker, 'offer', randomUUID()],
      [seeker, 'user', randomUUID()],
      [seeker, 'review', randomUUID()],
      [seeker, 'offer', hidden.id],
      [stranger, 'message', message.id],
      [stranger, 'chat_session', chat!.id],
    ];
    for (const [user, type, id] of cases) {
      const response = await report(user, { target_type: type, target_id: id, reason: 'other' });
      expect(response.statusCode, `${type} ${id}`).toBe(404);
      expect(response.json()).toEqual(notFoundAnswer);
    }
    // The party of the conversation and the chat's owner may report them.
    await filed(seeker, { target_type: 'message', target_id: message.id, reason: 'inappropriate_behaviour' });
    await db
      .insert(chatMessages)
      .values({ sessionId: chat!.id, sender: 'admin', senderName: 'Équipe Appui', content: 'Réponse' });
    const chatReport = await filed(seeker, { target_type: 'chat_session', target_id: chat!.id, reason: 'other' });
    expect((await reportRow(chatReport)).snapshot).toMatchObject({
      subject: 'Question',
      owner_id: seeker.id,
      messages: [expect.objectContaining({ sender: 'admin', text: 'Réponse' })],
    });
  });

  it('validates the body (422)', async () => {
    nextIp();
    const response = await report(seeker, { target_type: 'booking', target_id: 'x', reason: 'because' });
    expect(response.statusCode).toBe(422);
  });

  it(`limits each account to ${REPORTS_PER_HOUR} reports an hour (429)`, async () => {
    nextIp();
    const eager = await createSeeker(t.app.ctx.db);
    const payload = { target_type: 'offer', target_id: offer.id, reason: 'other' };
    const answers: number[] = [];
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) answers.push((await report(eager, payload)).statusCode);
    expect(answers[0]).toBe(201);
    expect(answers.slice(1).every((code) => code === 409)).toBe(true);
    const over = await report(eager, payload);
    expect(over.statusCode).toBe(429);
    // Another account from another address is not affected.
    nextIp();
    expect(
      (await report(stranger, { ...payload, target_id: (await createOffer(t.app.ctx.db, helper)).id })).statusCode,
    ).toBe(201);
  });

  it(`limits each address to ${REPORTS_PER_ADDRESS_PER_HOUR} reports an hour, all accounts together`, async () => {
    nextIp();
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(REPORTS_PER_ADDRESS_PER_HOUR / REPORTS_PER_HOUR) + 1 }, () =>
        createSeeker(t.app.ctx.db),
      ),
    );
    const payload = { target_type: 'user', target_id: helper.id, reason: 'other' };
    let sent = 0;
    for (const account of accounts) {
      for (let i = 0; i < REPORTS_PER_HOUR - 1 && sent < REPORTS_PER_ADDRESS_PER_HOUR; i += 1, sent += 1) {
        expect((await report(account, payload)).statusCode).not.toBe(429);
      }
    }
    const over = await report(accounts.at(-1)!, payload);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(ErrorCode.RATE_LIMITED);
  });
});

describe('admin queue', () => {
  it('is for admins only: 401 for a visitor, 403 for anyone else', async () => {
    const id = randomUUID();
    for (const [user, code] of [
      [null, 401],
      [seeker, 403],
      [helper, 403],
    ] as const) {
      expect((await list(user)).statusCode).toBe(code);
      expect((await getOne(user, id)).statusCode).toBe(code);
      expect((await decide(user, id, 'dismiss')).statusCode).toBe(code);
    }
    expect((await getOne(admin, id)).statusCode).toBe(404);
    expect((await decide(admin, id, 'dismiss')).json().code).toBe(ErrorCode.REPORT_NOT_FOUND);
  });

  it('lists pending reports first, newest first, filters by status and target type, and counts them like the dashboard', async () => {
    nextIp();
    const first = await filed(stranger, { target_type: 'user', target_id: seeker.id, reason: 'impersonation' });
    const decided = await filed(stranger, {
      target_type: 'offer',
      target_id: (await createOffer(t.app.ctx.db, helper)).id,
      reason: 'other',
    });
    expect((await decide(admin, decided, 'dismiss')).statusCode).toBe(200);
    const latest = await filed(helper, { target_type: 'user', target_id: stranger.id, reason: 'other' });

    const all = (await list(admin, '?limit=100')).json<{ items: { id: string; status: string }[]; total: number }>();
    const statuses = all.items.map((item) => item.status);
    expect(statuses.indexOf('dismissed')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    const ids = all.items.map((item) => item.id);
    expect(ids.indexOf(latest)).toBeLessThan(ids.indexOf(first));

    const users = (await list(admin, '?status=pending&target_type=user&limit=100')).json<{
      items: { id: string; status: string; target_type: string }[];
      total: number;
    }>();
    expect(users.items.every((item) => item.status === 'pending' && item.target_type === 'user')).toBe(true);
    expect(users.items.map((item) => item.id)).toEqual(expect.arrayContaining([first, latest]));
    expect(users.total).toBe(users.items.length);

    const pending = (await list(admin, '?status=pending&limit=1')).json().total;
    const stats = await t.injectAs(admin, { method: 'GET', url: '/api/v1/admin/stats' });
    expect(stats.json().pending_reports).toBe(pending);
  });

  it('refuses a decision that does not apply to the target (400) and a second decision (409)', async () => {
    nextIp();
    const id = await filed(stranger, { target_type: 'user', target_id: helper.id, reason: 'other' });
    for (const decision of ['hide_offer', 'remove_review', 'remove_message']) {
      const response = await decide(admin, id, decision);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: trust.reportDecisionNotApplicable,
        code: ErrorCode.REPORT_DECISION_NOT_APPLICABLE,
      });
    }
    const dismissed = await decide(admin, id, 'dismiss', 'Rien à signaler');
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', decision: 'dismiss', admin_note: 'Rien à signaler' });
    const again = await decide(admin, id, 'suspend_account');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.REPORT_ALREADY_DECIDED);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['report.dismiss']);
    // The helper was not suspended by the refused decision.
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, helper.id));
    expect(row!.suspendedAt).toBeNull();
  });

  it('hide_offer takes the offer out of lists and search, and closes the other reports of it', async () => {
    nextIp();
    const target = await createOffer(t.app.ctx.db, helper, { title: 'Méditation guidée zzqx' });
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' }))
        .json<{ id: string }[]>()
        .map((o) => o.id);
    const found = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers/search?q=zzqx' }))
        .json<{ items: { id: string }[] }>()
        .items.map((o) => o.id);
    expect(await listed()).toContain(target.id);
    expect(await found()).toContain(target.id);
    const id = await filed(seeker, { target_type: 'offer', target_id: target.id, reason: 'shocking_content' });
    const other = await filed(stranger, { target_type: 'offer', target_id: target.id, reason: 'other' });

    const response = await decide(admin, id, 'hide_offer');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'reviewed', decision: 'hide_offer', context: { visible: false } });
    expect(await listed()).not.toContain(target.id);
    expect(await found()).not.toContain(target.id);
    expect((await t.injectAs(seeker, { method: 'GET', url: `/api/v1/offers/${target.id}` })).statusCode).toBe(404);
    expect(await reportRow(other)).toMatchObject({ status: 'reviewed', decision: 'hide_offer', decidedBy: admin.id });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ adminId: admin.id, action: 'report.hide_offer' });
    expect(audit!.after).toMatchObject({ target_id: target.id, also_closed: [other], hidden: true });
  });

  it('remove_review takes the review off the profile and out of the ratings', async () => {
    nextIp();
    const db = t.app.ctx.db;
    const rated = await createHelper(db);
    const ratedOffer = await createOffer(db, rated);
    const booking = await createBooking(db, {
      offer: ratedOffer,
      seeker,
      startAt: new Date(Date.now() - 72 * HOUR),
      status: 'completed',
    });
    const review = await createReview(db, booking, { rating: 1, comment: 'Texte injurieux' });
    const summary = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/reviews/summary?helper_id=${rated.id}` })).json<unknown>();
    expect(await summary()).toEqual({ average: 1, count: 1 });

    const id = await filed(rated, { target_type: 'review', target_id: review.id, reason: 'inappropriate_behaviour' });
    expect((await decide(admin, id, 'remove_review')).json()).toMatchObject({
      status: 'reviewed',
      context: { exists: false },
    });
    expect(await summary()).toEqual({ average: null, count: 0 });
    const reviews = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/?helper_id=${rated.id}` });
    expect(reviews.json()).toEqual([]);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/offers/${ratedOffer.id}` });
    expect(shown.json().rating).toEqual({ average: null, count: 0 });
    expect((await reportRow(id)).snapshot).toMatchObject({ text: 'Texte injurieux', rating: 1, author_id: seeker.id });
  });

  it('remove_message shows the message to both parties as removed, without its crisis flag', async () => {
    nextIp();
    const db = t.app.ctx.db;
    const otherOffer = await createOffer(db, helper);
    const conversation = await createConversation(db, { offer: otherOffer, seeker: stranger });
    const message = await postMessage(db, {
      conversation,
      sender: helper,
      content: 'Payez-moi en liquide, sinon je vais me tuer',
    });
    const id = await filed(stranger, {
      target_type: 'message',
      target_id: message.id,
      reason: 'scam_or_offplatform_payment',
    });
    const searched = async (party: UserRow) => {
      const response = await t.injectAs(party, {
        method: 'GET',
        url: `/api/v1/messages/conversations?search=${encodeURIComponent('en liquide')}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: string }[]>().map((item) => item.id);
    };
    expect(await searched(stranger)).toContain(conversation.id);
    expect((await decide(admin, id, 'remove_message')).statusCode).toBe(200);
    // Its words no longer lead to the conversation either: the search would reveal what was removed.
    for (const party of [helper, stranger]) expect(await searched(party)).not.toContain(conversation.id);
    for (const party of [helper, stranger]) {
      const response = await t.injectAs(party, {
        method: 'GET',
        url: `/api/v1/messages/conversations/${conversation.id}/messages`,
      });
      const body = response.json();
      const items: { id: string; content: string; removed: boolean; crisis: boolean }[] = Array.isArray(body)
        ? body
        : body.items;
      // Nothing of it is shown any more: no words, and no crisis banner beside an empty bubble.
      expect(items.find((item) => item.id === message.id)).toMatchObject({ content: '', removed: true, crisis: false });
    }
    expect((await reportRow(id)).snapshot).toMatchObject({
      text: 'Payez-moi en liquide, sinon je vais me tuer',
      author_id: helper.id,
    });
  });
});

describe('suspend_account', () => {
  let provider: LocalProvider;
  beforeAll(() => {
    provider = t.app.ctx.payments as LocalProvider;
  });

  it('suspends the author: login 403, tokens revoked, profile and offers gone, bookings cancelled and refunded, mailed', async () => {
    nextIp();
    const db = t.app.ctx.db;
    const bad = await createHelper(db, { displayName: 'Marc Lenoir' });
    await givePayoutAccount(db, bad, true);
    const badOffer = await createOffer(db, bad, {
      title: 'Coaching express',
      options: [{ durationMinutes: 60, priceCents: PRICE }],
    });
    const day = new Date(Date.now() + 5 * 24 * HOUR);
    day.setUTCHours(0, 0, 0, 0);
    await createSlot(db, bad, {
      startAt: new Date(day.getTime() + 6 * HOUR),
      endAt: new Date(day.getTime() + 18 * HOUR),
      offerId: badOffer.id,
    });
    const checkout = await openCheckout(t, seeker, badOffer.id, new Date(day.getTime() + 8 * HOUR));
    expect(checkout.statusCode).toBe(200);
    const { booking_id: paidId, session_id: sessionId } = checkout.json<{ booking_id: string; session_id: string }>();
    expect(await provider.payCheckoutSession(sessionId)).toHaveProperty('redirectTo');
    await backgroundSettled(t.app.ctx);
    const freeOffer = await createOffer(db, bad, { title: 'Écoute gratuite' });
    const free = await createBooking(db, {
      offer: freeOffer,
      seeker: stranger,
      startAt: new Date(day.getTime() + 12 * HOUR),
    });
    const past = await createBooking(db, {
      offer: freeOffer,
      seeker: stranger,
      startAt: new Date(Date.now() - 3 * 24 * HOUR),
      status: 'completed',
    });
    await createReview(db, past, { rating: 4, comment: 'Avant les menaces' });
    const conversation = await createConversation(db, { offer: badOffer, seeker });
    const message = await postMessage(db, { conversation, sender: bad, content: 'Message menaçant' });

    const id = await filed(seeker, {
      target_type: 'message',
      target_id: message.id,
      reason: 'endangerment',
      detail: 'Détail confidentiel du signalement',
    });
    const other = await filed(seeker, { target_type: 'offer', target_id: badOffer.id, reason: 'other' });
    const searched = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers/search?q=coaching' }))
        .json<{ items: { helper_id: string }[] }>()
        .items.some((o) => o.helper_id === bad.id);
    expect(await searched()).toBe(true);
    const before = (await t.readOutbox()).length;
    const response = await decide(admin, id, 'suspend_account', 'Menaces');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'reviewed',
      decision: 'suspend_account',
      context: { author_suspended: true },
    });
    await backgroundSettled(t.app.ctx);

    // Login refused with the right password only; the old token no longer works.
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: bad.email, password } });
    const refused = await login(DEFAULT_TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: trust.accountSuspended, code: ErrorCode.ACCOUNT_SUSPENDED });
    expect((await login('mauvais-mot-de-passe')).statusCode).toBe(401);
    expect((await t.injectAs(bad, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);

    // Not found any more: profile, offers, search.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${bad.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/${badOffer.id}` })).statusCode).toBe(404);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/offers/?limit=100' })).json<
      { helper_id: string }[]
    >();
    expect(listed.some((o) => o.helper_id === bad.id)).toBe(false);
    expect(await searched()).toBe(false);
    // An offer an admin shows again takes no booking while its helper is suspended.
    await db.update(offers).set({ visible: true }).where(eq(offers.id, badOffer.id));
    const retry = await t.injectAs(seeker, {
      method: 'POST',
      url: '/api/v1/bookings/',
      payload: {
        offer_id: badOffer.id,
        start_at: new Date(Date.now() + 9 * 86_400_000).toISOString(),
        end_at: new Date(Date.now() + 9 * 86_400_000 + 3_600_000).toISOString(),
      },
    });
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toMatchObject({ code: ErrorCode.OFFER_NOT_FOUND });
    await db.update(offers).set({ visible: false }).where(eq(offers.id, badOffer.id));
    // Nor free time nor reviews of theirs are listed any more (review R6).
    const fragments = await t.app.inject({ method: 'GET', url: `/api/v1/time-slots/helper/${bad.id}/fragments` });
    expect(fragments.statusCode).toBe(200);
    expect(fragments.json()).toEqual([]);
    const reviewsOfBad = await t.app.inject({ method: 'GET', url: `/api/v1/reviews/?helper_id=${bad.id}` });
    expect(reviewsOfBad.json()).toEqual([]);

    // Upcoming bookings cancelled under the helper-cancellation rule, the paid one refunded in full.
    const paid = (await db.select().from(bookings).where(eq(bookings.id, paidId)))[0]!;
    expect(paid).toMatchObject({
      status: 'cancelled',
      cancelledBy: bad.id,
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    expect((await db.select().from(payments).where(eq(payments.bookingId, paidId)))[0]!.refundedCents).toBe(PRICE);
    expect((await db.select().from(bookings).where(eq(bookings.id, free.id)))[0]!.status).toBe('cancelled');

    // Told by mail, without the report; the seekers told of their cancelled sessions.
    const mails = (await t.readOutbox()).slice(before).map(parseMail);
    const toBad = mails.filter((mail) => mail.to === bad.email);
    expect(toBad.map((mail) => mail.subject)).toEqual([suspensionMail.subject]);
    expect(toBad[0]!.text).toContain('Marc Lenoir');
    expect(toBad[0]!.text).not.toContain('Détail confidentiel');
    expect(toBad[0]!.text).not.toContain('Paul Martin');
    expect(
      mails
        .filter((mail) => mail.subject.startsWith('Séance annulée'))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([seeker.email, stranger.email].sort());

    // Audited; only the reports of the same target are closed with it.
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: 'report.suspend_account' });
    expect(audit!.after).toMatchObject({ user_id: bad.id, suspended: true, offers_hidden: 2 });
    expect((await reportRow(other)).status).toBe('pending');
    // A second suspension through the other report sends no second mail.
    const size = (await t.readOutbox()).length;
    expect((await decide(admin, other, 'suspend_account')).statusCode).toBe(200);
    expect((await t.readOutbox()).length).toBe(size);
  });

  it('does not suspend an admin, nor through a live chat report', async () => {
    nextIp();
    const db = t.app.ctx.db;
    const [chat] = await db
      .insert(chatSessions)
      .values({ sessionTokenHash: 'y'.repeat(64), userId: stranger.id, subject: 'Aide', assignedAdminId: admin.id })
      .returning();
    const id = await filed(stranger, {
      target_type: 'chat_session',
      target_id: chat!.id,
      reason: 'inappropriate_behaviour',
    });
    expect((await decide(admin, id, 'suspend_account')).json().code).toBe(ErrorCode.REPORT_DECISION_NOT_APPLICABLE);
    const otherAdmin = await createAdmin(db);
    const aboutAdmin = await filed(stranger, { target_type: 'user', target_id: otherAdmin.id, reason: 'other' });
    expect((await decide(admin, aboutAdmin, 'suspend_account')).statusCode).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.id, otherAdmin.id));
    expect(row!.suspendedAt).toBeNull();
  });
});
