import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORTS_PER_HOUR, HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { dataRights } from '#shared/messages/trust.ts';
import { DataExportSchema, type DataExport } from '#shared/schemas/privacy.ts';
import { reports, chatMessages, chatSessions, supportMessages, supportResponses } from '#server/db/schema/support.ts';
import { helperCharterAcceptances, passwordResets, userBlocks, type UserRow } from '#server/db/schema/users.ts';
import { messages } from '#server/db/schema/messaging.ts';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createPayment, refundPayment } from '#tests/factories/payments.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;
const api = (path: string) => `/api/v1${path}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Texts the person never read or that belong to others: none may appear anywhere in the export. */
const SECRETS = {
  maskedByOther: 'Appelle-moi au 06 12 34 56 78',
  removedByModeration: 'Un message retiré par la modération',
  strangersConversation: 'Une conversation entre deux autres personnes',
  reportAboutPerson: 'Signalement de Samuel au sujet de Claire',
  seekerBio: 'Bio privée de Samuel',
  blockOfPerson: 'bloqueur',
  otherSupport: 'Message au support de quelqu’un d’autre',
};

type World = {
  person: UserRow;
  seeker: UserRow;
  otherHelper: UserRow;
  offer: TestOffer;
  otherOffer: TestOffer;
};

/** Claire, a helper who also books, with one of each thing the product holds about her. */
async function seedWorld(): Promise<World> {
  const db = t.app.ctx.db;
  const person = await createHelper(db, {
    displayName: 'Claire Dubois',
    username: 'claire.dubois',
    firstName: 'Claire',
    lastName: 'Dubois',
    bio: 'Écoute après un deuil',
    tags: ['deuil'],
    avatarUrl: '/uploads/avatars/photo.webp',
  });
  const seeker = await createSeeker(db, { displayName: 'Samuel Martin', bio: SECRETS.seekerBio });
  const otherHelper = await createHelper(db, { displayName: 'Hugo Bernard' });
  const stranger = await createSeeker(db, { displayName: SECRETS.blockOfPerson });
  await givePayoutAccount(db, person, true);

  const offer = await createOffer(db, person, {
    title: 'Soutien après un deuil',
    meetingContactInfo: 'https://visio.exemple.fr/claire',
    options: [
      { durationMinutes: 60, priceCents: 4500 },
      { durationMinutes: 90, priceCents: 6000 },
    ],
  });
  const otherOffer = await createOffer(db, otherHelper, { title: 'Retrouver le sommeil' });
  await createSlot(db, person, {
    startAt: new Date(Date.now() + 48 * HOUR),
    endAt: new Date(Date.now() + 50 * HOUR),
    notes: 'Visio seulement',
  });

  // As helper: a paid session, refunded in part, and the seeker's review of it.
  const past = new Date(Date.now() - 72 * HOUR);
  const helped = await createBooking(db, {
    offer,
    seeker,
    option: offer.options[0],
    startAt: past,
    status: 'completed',
  });
  const payment = await createPayment(db, helped);
  await refundPayment(db, payment, 1000);
  await createReview(db, helped, { rating: 4, comment: 'Très à l’écoute' });
  // As seeker: a session with another helper, and her review of it.
  const booked = await createBooking(db, {
    offer: otherOffer,
    seeker: person,
    startAt: new Date(past.getTime() - 24 * HOUR),
    status: 'completed',
  });
  await createReview(db, booked, { rating: 5, comment: 'Merci Hugo' });

  // A conversation with what she wrote, what she read, and what she never read.
  const conversation = await createConversation(db, { offer, seeker });
  await postMessage(db, { conversation, sender: seeker, content: 'Bonjour Claire' });
  await postMessage(db, { conversation, sender: person, content: 'Bonjour Samuel, avec plaisir' });
  await postMessage(db, { conversation, sender: seeker, content: SECRETS.maskedByOther, visible: false });
  const removed = await postMessage(db, { conversation, sender: seeker, content: SECRETS.removedByModeration });
  await db.update(messages).set({ removedAt: new Date() }).where(eq(messages.id, removed.id));
  const strangers = await createConversation(db, { offer: otherOffer, seeker });
  await postMessage(db, { conversation: strangers, sender: seeker, content: SECRETS.strangersConversation });

  // Support, live chat, reports, blocks, reset links.
  const admin = await createAdmin(db, { displayName: 'Admin Secret' });
  const [ticket] = await db
    .insert(supportMessages)
    .values({
      userId: person.id,
      userName: 'Claire',
      userEmail: person.email,
      subject: 'Facture',
      message: 'Où est ma facture ?',
    })
    .returning();
  await db
    .insert(supportResponses)
    .values({ supportMessageId: ticket!.id, adminId: admin.id, responseText: 'Dans votre tableau de bord.' });
  await db.insert(supportMessages).values({
    userId: seeker.id,
    userName: 'Samuel',
    userEmail: seeker.email,
    subject: 'Autre',
    message: SECRETS.otherSupport,
  });
  const [session] = await db
    .insert(chatSessions)
    .values({ userId: person.id, subject: 'Question rapide', sessionTokenHash: 'x'.repeat(64) })
    .returning();
  await db.insert(chatMessages).values([
    {
      sessionId: session!.id,
      sender: 'user',
      senderId: person.id,
      senderName: 'Claire Dubois',
      content: 'Bonjour le support',
      // A second apart: the export lists a chat oldest first, and two lines of one millisecond tie.
      createdAt: new Date(Date.now() - 1000),
    },
    {
      sessionId: session!.id,
      sender: 'admin',
      senderId: admin.id,
      senderName: 'Équipe Appui',
      content: 'Bonjour Claire',
    },
  ]);
  await db.insert(reports).values([
    { reporterId: person.id, targetType: 'offer', targetId: otherOffer.id, reason: 'other', detail: 'Titre trompeur' },
    {
      reporterId: seeker.id,
      targetType: 'user',
      targetId: person.id,
      reason: 'other',
      detail: SECRETS.reportAboutPerson,
    },
  ]);
  await db.insert(userBlocks).values([
    { blockerId: person.id, blockedId: otherHelper.id },
    { blockerId: stranger.id, blockedId: person.id },
  ]);
  await db
    .insert(passwordResets)
    .values({ userId: person.id, tokenHash: 'a'.repeat(64), expiresAt: new Date(Date.now() + HOUR) });
  return { person, seeker, otherHelper, offer, otherOffer };
}

describe('GET /users/me/export', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/me/export') });
    expect(res.statusCode).toBe(401);
  });

  it('downloads every category of what the product holds about the person, and nothing of others', async () => {
    const world = await seedWorld();
    const { person, seeker, otherHelper, offer } = world;
    const res = await t.injectAs(person, { method: 'GET', url: api('/users/me/export') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="appui-mes-donnees-${today}.json"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = DataExportSchema.parse(res.json()) satisfies DataExport;

    expect(data.profile).toMatchObject({
      id: person.id,
      email: person.email,
      display_name: 'Claire Dubois',
      username: 'claire.dubois',
      first_name: 'Claire',
      last_name: 'Dubois',
      bio: 'Écoute après un deuil',
      tags: ['deuil'],
      role: 'helper',
      avatar_url: 'http://appui.test/uploads/avatars/photo.webp',
    });
    const [charter] = await t.app.ctx.db
      .select()
      .from(helperCharterAcceptances)
      .where(eq(helperCharterAcceptances.userId, person.id));
    expect(data.consents).toEqual([
      {
        kind: dataRights.consentTermsKind,
        accepted_at: person.createdAt.toISOString(),
        description: dataRights.consentTermsDescription,
      },
      // The helper charter, accepted before becoming a helper.
      {
        kind: dataRights.consentCharterKind,
        accepted_at: charter!.acceptedAt.toISOString(),
        description: dataRights.consentCharterDescription(HELPER_CHARTER_VERSION),
      },
    ]);
    expect(data.offers).toHaveLength(1);
    expect(data.offers[0]).toMatchObject({
      id: offer.id,
      meeting_contact_info: 'https://visio.exemple.fr/claire',
      pricing_options: [
        { duration_minutes: 60, price_cents: 4500, position: 0 },
        { duration_minutes: 90, price_cents: 6000, position: 1 },
      ],
    });
    expect(data.slots).toEqual([expect.objectContaining({ notes: 'Visio seulement' })]);
    expect(data.payout_account).toMatchObject({ provider: 'local', details_submitted: true });

    // Both sides of bookings, with the other party's name only; the commission on the helper's side only.
    expect(data.bookings.map((booking) => booking.side).sort()).toEqual(['helper', 'seeker']);
    const asHelper = data.bookings.find((booking) => booking.side === 'helper')!;
    expect(asHelper.other_party).toEqual({ id: seeker.id, display_name: 'Samuel Martin' });
    expect(asHelper.payments).toEqual([
      expect.objectContaining({
        amount_cents: 4500,
        application_fee_cents: 450,
        refunded_cents: 1000,
        refunds: [expect.objectContaining({ amount_cents: 1000, status: 'succeeded', cause: 'cancellation' })],
      }),
    ]);
    const asSeeker = data.bookings.find((booking) => booking.side === 'seeker')!;
    expect(asSeeker.other_party).toEqual({ id: otherHelper.id, display_name: 'Hugo Bernard' });

    expect(data.reviews_written).toEqual([expect.objectContaining({ rating: 5, comment: 'Merci Hugo' })]);
    expect(data.reviews_received).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: 'Très à l’écoute',
        author: { id: seeker.id, display_name: 'Samuel Martin' },
      }),
    ]);

    // Her conversation: what she read, her own words, and the other party's unread messages empty.
    expect(data.conversations).toHaveLength(1);
    const [conversation] = data.conversations;
    expect(conversation!.other_party).toEqual({ id: seeker.id, display_name: 'Samuel Martin' });
    expect(
      conversation!.messages.map((message) => [message.mine, message.content, message.masked, message.removed]),
    ).toEqual([
      [false, 'Bonjour Claire', false, false],
      [true, 'Bonjour Samuel, avec plaisir', false, false],
      [false, null, true, false],
      [false, null, false, true],
    ]);

    expect(data.support_messages).toEqual([
      expect.objectContaining({
        subject: 'Facture',
        message: 'Où est ma facture ?',
        responses: [expect.objectContaining({ response_text: 'Dans votre tableau de bord.' })],
      }),
    ]);
    expect(data.chat_sessions).toEqual([
      expect.objectContaining({
        subject: 'Question rapide',
        messages: [
          expect.objectContaining({ sender: 'user', content: 'Bonjour le support' }),
          expect.objectContaining({ sender: 'admin', sender_name: 'Équipe Appui', content: 'Bonjour Claire' }),
        ],
      }),
    ]);
    expect(data.reports_made).toEqual([expect.objectContaining({ target_type: 'offer', detail: 'Titre trompeur' })]);
    expect(data.blocks).toEqual([
      expect.objectContaining({ blocked: { id: otherHelper.id, display_name: 'Hugo Bernard' } }),
    ]);
    expect(data.password_reset_requests).toHaveLength(1);

    // Nothing of other people beyond what they shared with her, nothing secret of hers either.
    const text = res.body;
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain(seeker.email);
    expect(text).not.toContain(seeker.username!);
    expect(text).not.toContain('Admin Secret');
    expect(text).not.toContain(person.passwordHash);
    expect(text).not.toMatch(/token_version|password_hash|session_token|checkout_session|cs_test_|pi_test_|token_hash/);
  });

  it(`allows ${DATA_EXPORTS_PER_HOUR} exports an hour per account, then 429`, async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      expect((await t.injectAs(user, { method: 'GET', url: api('/users/me/export') })).statusCode).toBe(200);
    }
    const refused = await t.injectAs(user, { method: 'GET', url: api('/users/me/export') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    // Another account keeps its own budget.
    const other = await createSeeker(t.app.ctx.db);
    expect((await t.injectAs(other, { method: 'GET', url: api('/users/me/export') })).statusCode).toBe(200);
  });
});
