import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_ATTEMPTS_PER_HOUR, LOGIN_FAILURES_ACCOUNT_ALERT } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { dataRights, trust } from '#shared/messages/trust.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { avatarFilePath, saveAvatar } from '#server/adapters/storage/uploads.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers } from '#server/db/schema/offers.ts';
import { payments } from '#server/db/schema/payments.ts';
import { slots } from '#server/db/schema/slots.ts';
import { chatMessages, chatSessions, supportMessages } from '#server/db/schema/support.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

const HOUR = 3_600_000;
const PRICE = 4500;
const api = (p: string) => `/api/v1${p}`;

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

const erase = (user: UserRow, password = DEFAULT_TEST_PASSWORD) =>
  t.injectAs(user, { method: 'DELETE', url: api('/users/me'), payload: { password } });
const bookingRow = async (id: string) => (await t.app.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsSince = async (before: number) => (await t.readOutbox()).slice(before).map(parseMail);

/** A helper ready to be paid, with a paid 60-minute option and availability from `from` for a day. */
async function paidHelper(name: string, fields: Parameters<typeof createHelper>[1] = {}, from = at(0)) {
  const db = t.app.ctx.db;
  const helper = await createHelper(db, { displayName: name, ...fields });
  await givePayoutAccount(db, helper, true);
  const offer = await createOffer(db, helper, {
    title: `Séances de ${name}`,
    options: [{ durationMinutes: 60, priceCents: PRICE }],
  });
  await createSlot(db, helper, { startAt: from, endAt: new Date(from.getTime() + 24 * HOUR), offerId: offer.id });
  return { helper, offer };
}

async function bookAndPay(seeker: UserRow, offer: TestOffer, start: Date): Promise<string> {
  const response = await openCheckout(t, seeker, offer.id, start);
  expect(response.statusCode).toBe(200);
  const { booking_id: bookingId, session_id: sessionId } = response.json<{ booking_id: string; session_id: string }>();
  await provider.payCheckoutSession(sessionId);
  await backgroundSettled(t.app.ctx);
  expect((await bookingRow(bookingId)).status).toBe('paid');
  return bookingId;
}

/** A completed, paid session of the past: a ledger line for the helper. */
async function pastPaidSession(offer: TestOffer, seeker: UserRow) {
  const db = t.app.ctx.db;
  const booking = await createBooking(db, {
    offer,
    seeker,
    option: offer.options[0],
    startAt: new Date(Date.now() - 72 * HOUR),
    status: 'completed',
  });
  const payment = await createPayment(db, booking);
  return { booking, payment };
}

/** Users whose e-mail, username or display name is still one of the erased person's. */
async function usersMatching(person: UserRow) {
  return t.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${person.email.toLowerCase()}`,
        sql`lower(${users.username}) = ${person.username!.toLowerCase()}`,
        eq(users.displayName, person.displayName!),
      ),
    );
}

describe('DELETE /users/me', () => {
  it('answers 401 to a visitor and 422 without a password', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: api('/users/me'), payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    const user = await createSeeker(t.app.ctx.db);
    const res = await t.injectAs(user, { method: 'DELETE', url: api('/users/me'), payload: {} });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a wrong password with 403, erasing nothing, and counts it with the failed logins', async () => {
    const user = await createSeeker(t.app.ctx.db, { displayName: 'Marie Curie' });
    const wrong = await erase(user, 'pas-le-bon-mot-de-passe');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: ErrorCode.CURRENT_PASSWORD_WRONG, detail: trust.erasurePasswordWrong });
    expect((await t.injectAs(user, { method: 'GET', url: api('/users/me') })).json()).toMatchObject({
      email: user.email,
      display_name: 'Marie Curie',
    });

    // The erasure's guesses count with the login form's: once many addresses have failed on the
    // account, a session that already failed is refused, like such an address.
    for (let i = 0; i < LOGIN_FAILURES_ACCOUNT_ALERT; i++) {
      const login = await t.app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { email: user.email, password: 'encore-faux' },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(login.statusCode).toBe(401);
    }
    const blocked = await erase(user);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await t.injectAs(user, { method: 'GET', url: api('/users/me') })).statusCode).toBe(200);
  });

  it(`allows ${ERASURE_ATTEMPTS_PER_HOUR} attempts an hour per account, then 429`, async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < ERASURE_ATTEMPTS_PER_HOUR; i++) expect((await erase(user, `faux-${i}`)).statusCode).toBe(403);
    expect((await erase(user)).statusCode).toBe(429);
    expect((await t.injectAs(user, { method: 'GET', url: api('/users/me') })).statusCode).toBe(200);
  });

  it("erases a helper: bookings refunded in full, offers, slots and avatar gone, nothing found by the old identity, history kept as 'Compte supprimé'", async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await paidHelper('Hélène Garnier', { username: 'helene.garnier', bio: 'Sophrologue' });
    const avatarUrl = await saveAvatar(
      t.config.dataDir,
      helper.id,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .webp()
        .toBuffer(),
    );
    await db.update(users).set({ avatarUrl }).where(eq(users.id, helper.id));
    const person = { ...helper, avatarUrl };
    const avatarFile = avatarFilePath(t.config.dataDir, avatarUrl)!;
    expect(existsSync(avatarFile)).toBe(true);

    const paul = await createSeeker(db, { displayName: 'Paul Martin' });
    const zoe = await createSeeker(db, { displayName: 'Zoé Petit' });
    const admin = await createAdmin(db);
    const upcoming = await bookAndPay(paul, offer, at(8));
    const past = await pastPaidSession(offer, zoe);
    const conversation = await createConversation(db, { offer, seeker: paul });
    await postMessage(db, { conversation, sender: paul, content: 'Bonjour, merci de me recevoir' });
    await postMessage(db, { conversation, sender: helper, content: 'Bonjour Paul, je vous écoute' });
    await db.insert(supportMessages).values({
      userId: helper.id,
      userName: 'Hélène Garnier',
      userEmail: helper.email,
      subject: 'Question',
      message: 'Comment fixer mes tarifs ?',
    });
    const [session] = await db
      .insert(chatSessions)
      .values({ userId: helper.id, subject: 'Aide', sessionTokenHash: 'y'.repeat(64) })
      .returning();
    await db.insert(chatMessages).values({
      sessionId: session!.id,
      sender: 'user',
      senderId: helper.id,
      senderName: 'Hélène Garnier',
      content: 'Bonjour',
    });
    const ledgerBefore = await t.injectAs(admin, {
      method: 'GET',
      url: api(`/payments/ledger?helper_id=${helper.id}`),
    });
    const pastLineBefore = ledgerBefore
      .json<{ items: { booking_id: string }[] }>()
      .items.find((i) => i.booking_id === past.booking.id)!;
    const mailsBefore = (await t.readOutbox()).length;

    const res = await erase(person);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await backgroundSettled(t.app.ctx);

    // Tokens revoked, login and reset refused like an unknown account, no profile, nothing to find.
    expect((await t.injectAs(helper, { method: 'GET', url: api('/users/me') })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: api('/auth/login'),
      payload: { email: helper.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: ErrorCode.INVALID_CREDENTIALS });
    expect((await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: api(`/offers/${offer.id}`) })).statusCode).toBe(404);
    const search = await t.app.inject({
      method: 'GET',
      url: api(`/offers/search?query=${encodeURIComponent('Hélène Garnier')}`),
    });
    expect(search.json<{ total: number }>().total).toBe(0);
    expect(await usersMatching(helper)).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, helper.id));
    expect(row).toMatchObject({
      displayName: trust.deletedAccount,
      username: null,
      firstName: null,
      lastName: null,
      bio: null,
      avatarUrl: null,
      tags: [],
      tokenVersion: helper.tokenVersion + 2,
    });
    expect(row!.email).toMatch(/@compte-supprime\.invalid$/);
    expect(row!.erasedAt).not.toBeNull();
    const support = await db.select().from(supportMessages).where(eq(supportMessages.userId, helper.id));
    expect(support.map((m) => [m.userName, m.userEmail, m.message])).toEqual([
      [trust.deletedAccount, row!.email, 'Comment fixer mes tarifs ?'],
    ]);
    const chat = await db.select().from(chatMessages).where(eq(chatMessages.senderId, helper.id));
    expect(chat.map((m) => m.senderName)).toEqual([trust.deletedAccount]);

    // Offers soft-deleted, slots removed, avatar file deleted.
    const offerRows = await db.select().from(offers).where(eq(offers.helperId, helper.id));
    expect(offerRows.every((o) => o.deletedAt !== null && !o.listed)).toBe(true);
    expect(await db.select().from(slots).where(eq(slots.helperId, helper.id))).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);
    expect(existsSync(path.dirname(avatarFile))).toBe(true);

    // The upcoming paid session cancelled by the helper's side: refunded in full, Paul told.
    expect(await bookingRow(upcoming)).toMatchObject({
      status: 'cancelled',
      cancelledBy: helper.id,
      cancellationReason: dataRights.erasureCancellationReason,
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    const mails = await mailsSince(mailsBefore);
    expect(mails.filter((m) => m.subject.startsWith('Séance annulée')).map((m) => m.to)).toEqual([paul.email]);
    const confirmation = mails.find((m) => m.subject === dataRights.erasureMailSubject);
    expect(confirmation?.to).toBe(helper.email);
    expect(confirmation?.text).toContain('Hélène Garnier');

    // Accounting: the past session and its payment kept as they were.
    expect(await bookingRow(past.booking.id)).toMatchObject({ status: 'completed', priceCents: PRICE });
    const [payment] = await db.select().from(payments).where(eq(payments.id, past.payment.id));
    expect(payment).toMatchObject({
      amountCents: PRICE,
      applicationFeeCents: past.payment.applicationFeeCents,
      refundedCents: 0,
    });
    const ledgerAfter = await t.injectAs(admin, { method: 'GET', url: api(`/payments/ledger?helper_id=${helper.id}`) });
    expect(
      ledgerAfter.json<{ items: { booking_id: string }[] }>().items.find((i) => i.booking_id === past.booking.id),
    ).toEqual(pastLineBefore);

    // Paul's history: her message stays, signed 'Compte supprimé'.
    const thread = await t.injectAs(paul, {
      method: 'GET',
      url: api(`/messages/conversations/${conversation.id}/messages`),
    });
    expect(thread.statusCode).toBe(200);
    const own =
      thread.json<{ sender: { display_name: string | null; email: string | null } | null; content: string }[]>();
    const hers = own.find((m) => m.content === 'Bonjour Paul, je vous écoute')!;
    expect(hers.sender).toMatchObject({ display_name: trust.deletedAccount, email: null });
    expect(thread.body).not.toContain('Hélène');

    // A second erasure with a revoked token changes nothing; the address signs up again.
    expect((await erase(person)).statusCode).toBe(401);
    const signup = await t.app.inject({
      method: 'POST',
      url: api('/auth/signup'),
      payload: { email: helper.email, password: 'un-nouveau-depart', username: 'helene.garnier' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({ email: helper.email });
  });

  it("erases a seeker: the seeker's refund rule applies, reviews and messages show 'Compte supprimé', the helper's accounting unchanged", async () => {
    const db = t.app.ctx.db;
    const soon = new Date(Date.now() + 3 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    const { helper, offer } = await paidHelper('Inès Moreau');
    await createSlot(db, helper, { startAt: soon, endAt: new Date(soon.getTime() + 2 * HOUR), offerId: offer.id });
    const seeker = await createSeeker(db, { displayName: 'Léa Roux', username: 'lea.roux' });
    const early = await bookAndPay(seeker, offer, at(10));
    const lastMinute = await bookAndPay(seeker, offer, soon);
    const past = await pastPaidSession(offer, seeker);
    await createReview(db, past.booking, { rating: 5, comment: 'Une aide précieuse' });
    const conversation = await createConversation(db, { offer, seeker });
    await postMessage(db, { conversation, sender: seeker, content: 'Merci pour la séance' });
    const pastLine = async () =>
      (await t.injectAs(helper, { method: 'GET', url: api('/payments/ledger') }))
        .json<{ items: { booking_id: string; seeker_display_name: string | null }[] }>()
        .items.find((i) => i.booking_id === past.booking.id)!;
    const before = await pastLine();
    const forgotBefore = (await t.readOutbox()).length;

    expect((await erase(seeker)).statusCode).toBe(204);
    await backgroundSettled(t.app.ctx);

    // More than 24 h ahead: refunded in full; at the last minute: the helper keeps it (seeker's rule).
    expect(await bookingRow(early)).toMatchObject({
      status: 'cancelled',
      refundStatus: 'refunded',
      refundCents: PRICE,
    });
    expect(await bookingRow(lastMinute)).toMatchObject({
      status: 'cancelled',
      cancelledBy: seeker.id,
      isLastMinute: true,
      refundCents: 0,
    });
    expect((await bookingRow(lastMinute)).refundStatus).not.toBe('refunded');

    const after = await pastLine();
    expect(after).toEqual({ ...before, seeker_display_name: trust.deletedAccount });

    const reviews = await t.app.inject({ method: 'GET', url: api(`/reviews/?helper_id=${helper.id}`) });
    const review = reviews
      .json<{ comment: string; author: { display_name: string | null; username: string | null } }[]>()
      .find((r) => r.comment === 'Une aide précieuse')!;
    expect(review.author).toMatchObject({ display_name: trust.deletedAccount, username: null });
    const thread = await t.injectAs(helper, {
      method: 'GET',
      url: api(`/messages/conversations/${conversation.id}/messages`),
    });
    const message = thread
      .json<{ content: string; sender: { display_name: string | null } | null }[]>()
      .find((m) => m.content === 'Merci pour la séance')!;
    expect(message.sender?.display_name).toBe(trust.deletedAccount);
    expect(await usersMatching(seeker)).toEqual([]);

    // A reset link asked for the old address goes nowhere.
    const mailsBefore = (await t.readOutbox()).length;
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email: seeker.email } });
    const later = await mailsSince(mailsBefore);
    expect(later).toEqual([]);
    expect(forgotBefore).toBeLessThan(mailsBefore);
  });
});
