import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCELLATION_MARKER, MESSAGE_MAX_LENGTH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { messaging as messagingMessages } from '#shared/messages/messaging.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import { ConversationSchema, MessageSchema, type Conversation, type Message } from '#shared/schemas/messages.ts';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { postCancellationNotice, revealMessagesBetween } from './messaging.service.ts';

const DAY = 86_400_000;
const PHONE = 'Appelez-moi au 06 12 34 56 78';

let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let stranger: UserRow;
let admin: UserRow;
let offer: TestOffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Aidante', username: 'claire.aidante' });
  admin = await createAdmin(db);
  stranger = await createSeeker(db);
  offer = await createOffer(db, helper, { title: 'Écoute après un deuil' });
});
afterAll(() => t.close());

// A fresh seeker per test: conversations, bookings and rate limits of one test do not leak into another.
beforeEach(async () => {
  seeker = await createSeeker(t.app.ctx.db, { displayName: 'Paul Martin', username: 'paul.martin' + Date.now() });
});

const open = (user: UserRow | null, offerId: string = offer.id) =>
  t.injectAs(user, { method: 'POST', url: `/api/v1/messages/conversations?offer_id=${offerId}` });
const list = (user: UserRow | null, query = '') =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/messages/conversations${query}` });
const thread = (user: UserRow | null, id: string, query = '') =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/messages/conversations/${id}/messages${query}` });
const send = (user: UserRow | null, id: string, content: unknown) =>
  t.injectAs(user, { method: 'POST', url: `/api/v1/messages/conversations/${id}/messages`, payload: { content } });
const read = (user: UserRow | null, id: string, messageId: string) =>
  t.injectAs(user, {
    method: 'POST',
    url: `/api/v1/messages/conversations/${id}/read`,
    payload: { message_id: messageId },
  });
const unread = (user: UserRow | null) => t.injectAs(user, { method: 'GET', url: '/api/v1/messages/unread' });

async function openConversation(user: UserRow = seeker): Promise<Conversation> {
  const res = await open(user);
  expect([200, 201]).toContain(res.statusCode);
  return ConversationSchema.parse(res.json());
}

async function sent(user: UserRow, id: string, content: string): Promise<Message> {
  const res = await send(user, id, content);
  expect(res.statusCode).toBe(201);
  return MessageSchema.parse(res.json());
}

let dayOffset = 3;
const freeBooking = (status: 'scheduled' | 'cancelled' | 'paid' | 'pending_payment' = 'scheduled') =>
  createBooking(t.app.ctx.db, { offer, seeker, startAt: new Date(Date.now() + dayOffset++ * DAY), status });

describe('POST /messages/conversations', () => {
  it('creates the conversation once and answers the same one again', async () => {
    const first = await open(seeker);
    expect(first.statusCode).toBe(201);
    const body = ConversationSchema.parse(first.json());
    expect(body).toMatchObject({
      offer_id: offer.id,
      helper_id: helper.id,
      user_id: seeker.id,
      offer: { id: offer.id, title: 'Écoute après un deuil' },
      helper: { id: helper.id, display_name: 'Claire Aidante' },
      last_message: null,
      unread_count: 0,
      chat_enabled: true,
    });
    expect(JSON.stringify(body)).not.toContain('@');
    const again = await open(seeker);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);
  });

  it('makes one row for concurrent calls', async () => {
    const answers = await Promise.all([open(seeker), open(seeker), open(seeker)]);
    const ids = new Set(answers.map((res) => res.json<Conversation>().id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
  });

  it('refuses a visitor, an unknown, deleted or hidden offer, and the own offer', async () => {
    expect((await open(null)).statusCode).toBe(401);
    const notFound = { code: ErrorCode.OFFER_NOT_FOUND, detail: offerMessages.notFound };
    expect((await open(seeker, '00000000-0000-4000-8000-000000000000')).json()).toEqual(notFound);
    const deleted = await createOffer(t.app.ctx.db, helper, { deletedAt: new Date() });
    const hidden = await createOffer(t.app.ctx.db, helper, { visible: false });
    for (const id of [deleted.id, hidden.id]) {
      const res = await open(seeker, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const own = await open(helper);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      code: ErrorCode.CONVERSATION_OWN_OFFER,
      detail: messagingMessages.ownOfferConversation,
    });
  });

  it('answers 422 in French for a missing or malformed offer id', async () => {
    const res = await t.injectAs(seeker, { method: 'POST', url: '/api/v1/messages/conversations?offer_id=abc' });
    expect(res.statusCode).toBe(422);
  });
});

describe('sending and reading', () => {
  it('lets both parties write and read; a third user gets 404; an admin reads only', async () => {
    const conversation = await openConversation();
    const first = await sent(seeker, conversation.id, '  Bonjour Claire  ');
    expect(first).toMatchObject({
      content: 'Bonjour Claire',
      sender_id: seeker.id,
      sender: { id: seeker.id, display_name: 'Paul Martin', email: seeker.email },
      masked: false,
      visible: true,
      kind: 'text',
    });
    const reply = await sent(helper, conversation.id, 'Bonjour Paul');
    expect(reply.sender?.email).toBe(helper.email);

    const seen = await thread(seeker, conversation.id);
    expect(seen.statusCode).toBe(200);
    const messages = seen.json<Message[]>();
    expect(messages.map((m) => m.content)).toEqual(['Bonjour Claire', 'Bonjour Paul']);
    // The other party's e-mail never shows.
    expect(messages[1]?.sender).toEqual({ id: helper.id, display_name: 'Claire Aidante', email: null });

    const notFound = { code: ErrorCode.CONVERSATION_NOT_FOUND, detail: messagingMessages.conversationNotFound };
    for (const res of [
      await thread(stranger, conversation.id),
      await send(stranger, conversation.id, 'Coucou'),
      await read(stranger, conversation.id, reply.id),
      await send(admin, conversation.id, 'Modération'),
      await read(admin, conversation.id, reply.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const moderated = await thread(admin, conversation.id);
    expect(moderated.statusCode).toBe(200);
    expect(moderated.json<Message[]>().map((m) => m.content)).toEqual(['Bonjour Claire', 'Bonjour Paul']);
    for (const res of [
      await thread(null, conversation.id),
      await send(null, conversation.id, 'x'),
      await unread(null),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('validates the content: empty, blank or too long is a French 422', async () => {
    const conversation = await openConversation();
    for (const content of ['', '   ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), 12]) {
      const res = await send(seeker, conversation.id, content);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'content']);
    }
    expect((await send(seeker, conversation.id, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
  });

  it('pages a thread with before and after, oldest first', async () => {
    const conversation = await openConversation();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await sent(helper, conversation.id, `message ${i}`)).id);
    const latest = (await thread(seeker, conversation.id, '?limit=2')).json<Message[]>();
    expect(latest.map((m) => m.id)).toEqual(ids.slice(3));
    const older = (await thread(seeker, conversation.id, `?limit=2&before=${ids[3]}`)).json<Message[]>();
    expect(older.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const newer = (await thread(seeker, conversation.id, `?after=${ids[1]}`)).json<Message[]>();
    expect(newer.map((m) => m.id)).toEqual(ids.slice(2));
    const other = await createConversation(t.app.ctx.db, { offer, seeker: stranger }).catch(() => null);
    if (other) {
      const foreign = await postMessage(t.app.ctx.db, { conversation: other, sender: stranger });
      const res = await thread(seeker, conversation.id, `?after=${foreign.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.MESSAGE_NOT_FOUND);
    }
  });
});

describe('GET /messages/conversations/{id}', () => {
  it('answers the conversation to each party as they see it, 404 to anyone else, 401 to a visitor', async () => {
    const conversation = await openConversation();
    await sent(seeker, conversation.id, PHONE);
    const get = (user: UserRow | null) =>
      t.injectAs(user, { method: 'GET', url: `/api/v1/messages/conversations/${conversation.id}` });

    const forHelper = ConversationSchema.parse((await get(helper)).json());
    expect(forHelper).toMatchObject({ id: conversation.id, unread_count: 1, chat_enabled: true });
    // The helper (recipient) gets the masked message without its content.
    expect(forHelper.last_message).toMatchObject({ masked: true, content: '' });
    const forSeeker = ConversationSchema.parse((await get(seeker)).json());
    expect(forSeeker).toMatchObject({ unread_count: 0, chat_enabled: false });
    expect(forSeeker.last_message?.content).toBe(PHONE);

    for (const user of [stranger, admin]) {
      const res = await get(user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.CONVERSATION_NOT_FOUND });
    }
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('GET /messages/conversations', () => {
  it('lists the caller’s conversations latest activity first, and searches without accents or case', async () => {
    const quiet = await createOffer(t.app.ctx.db, helper, { title: 'Préparer un entretien' });
    const older = await openConversation();
    const newer = ConversationSchema.parse((await open(seeker, quiet.id)).json());
    await sent(seeker, older.id, 'Je cherche un soutien pour mon déménagement');
    const ids = (await list(seeker)).json<Conversation[]>().map((c) => c.id);
    expect(ids).toEqual([older.id, newer.id]);
    // The helper sees both too; a stranger sees neither.
    expect((await list(helper)).json<Conversation[]>().map((c) => c.id)).toEqual(expect.arrayContaining(ids));
    expect((await list(stranger)).json<Conversation[]>().map((c) => c.id)).not.toContain(older.id);

    const search = async (user: UserRow, text: string) =>
      (await list(user, `?search=${encodeURIComponent(text)}`)).json<Conversation[]>().map((c) => c.id);
    expect(await search(seeker, 'ENTRETIEN')).toEqual([newer.id]);
    expect(await search(seeker, 'demenagement')).toEqual([older.id]);
    expect(await search(seeker, 'claire')).toEqual([older.id, newer.id]);
    // A party searches the OTHER party's name, not their own.
    expect(await search(seeker, 'paul')).toEqual([]);
    expect(await search(helper, 'PAUL MARTIN')).toEqual(expect.arrayContaining([older.id, newer.id]));
    // `%` is a letter, not a wildcard.
    expect(await search(seeker, '%')).toEqual([]);
    expect((await list(seeker, `?search=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });
});

describe('chat enablement', () => {
  it('lets a seeker send a first message, refuses a second until a booking, the helper always', async () => {
    const conversation = await openConversation();
    await sent(seeker, conversation.id, 'Premier message');
    const refused = await send(seeker, conversation.id, 'Deuxième');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: ErrorCode.CHAT_DISABLED, detail: messagingMessages.chatDisabledDetail });
    const listed = (await list(seeker)).json<Conversation[]>();
    expect(listed.find((c) => c.id === conversation.id)?.chat_enabled).toBe(false);

    await sent(helper, conversation.id, "L'aidant peut toujours écrire");
    await sent(helper, conversation.id, 'Encore');
    expect((await list(helper)).json<Conversation[]>().find((c) => c.id === conversation.id)?.chat_enabled).toBe(true);

    await freeBooking('cancelled');
    expect((await send(seeker, conversation.id, 'Toujours pas')).statusCode).toBe(403);
    await freeBooking('scheduled');
    expect((await send(seeker, conversation.id, 'Maintenant oui')).statusCode).toBe(201);
  });
});

describe('masking before a confirmed booking', () => {
  it('masks contact details for the recipient everywhere, shows them to the sender, reveals after a booking', async () => {
    const conversation = await openConversation();
    const mine = await sent(seeker, conversation.id, PHONE);
    expect(mine).toMatchObject({ content: PHONE, visible: false, masked: false });

    const helperThread = (await thread(helper, conversation.id)).json<Message[]>();
    expect(helperThread).toHaveLength(1);
    expect(helperThread[0]).toMatchObject({ content: '', visible: false, masked: true });
    const helperList = (await list(helper)).json<Conversation[]>();
    expect(helperList.find((c) => c.id === conversation.id)?.last_message).toMatchObject({ content: '', masked: true });
    expect(JSON.stringify(helperList)).not.toContain('06 12');
    const searched = (await list(helper, '?search=12%2034')).json<Conversation[]>();
    expect(searched.map((c) => c.id)).not.toContain(conversation.id);
    // Its sender finds it.
    expect((await list(seeker, '?search=12%2034')).json<Conversation[]>().map((c) => c.id)).toContain(conversation.id);
    // An admin moderating reads it.
    expect((await thread(admin, conversation.id)).json<Message[]>()[0]?.content).toBe(PHONE);

    await freeBooking('scheduled');
    await t.app.ctx.db.transaction((tx) => revealMessagesBetween(tx, helper.id, seeker.id));
    const revealed = (await thread(helper, conversation.id)).json<Message[]>();
    expect(revealed[0]).toMatchObject({ content: PHONE, visible: true, masked: false });
    // Sent now, a message with contact details is visible at once.
    const later = await sent(helper, conversation.id, 'Mon numéro : 07 98 76 54 32');
    expect(later.visible).toBe(true);
  });
});

describe('masking a number split over messages', () => {
  it('masks the message that completes a phone number started in the previous ones', async () => {
    const conversation = await openConversation();
    // The helper may always write: split a number over three messages.
    const first = await sent(helper, conversation.id, '06 12');
    const second = await sent(helper, conversation.id, '34');
    const last = await sent(helper, conversation.id, '56 78');
    expect(first.visible).toBe(true);
    expect(second.visible).toBe(true);
    expect(last.visible).toBe(false);
    const seen = (await thread(seeker, conversation.id)).json<Message[]>();
    expect(seen.at(-1)).toMatchObject({ content: '', masked: true });
    // An ordinary follow-up is not caught by what came before.
    expect((await sent(helper, conversation.id, 'À bientôt')).visible).toBe(true);
  });
});

describe('an account that is gone', () => {
  it('refuses a new message to an erased or suspended account with a French 403', async () => {
    const conversation = await openConversation();
    await sent(seeker, conversation.id, 'Bonjour');
    for (const column of ['erasedAt', 'suspendedAt'] as const) {
      await t.app.ctx.db
        .update(users)
        .set({ [column]: new Date() })
        .where(eq(users.id, seeker.id));
      const res = await send(helper, conversation.id, 'Vous êtes là ?');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: messagingMessages.recipientGone, code: ErrorCode.CHAT_DISABLED });
      await t.app.ctx.db
        .update(users)
        .set({ [column]: null })
        .where(eq(users.id, seeker.id));
    }
    expect((await send(helper, conversation.id, 'De retour ?')).statusCode).toBe(201);
  });
});

describe('unread counts', () => {
  it('counts the other party’s messages, follows the user across tokens, and never moves back', async () => {
    const conversation = await openConversation();
    const first = await sent(seeker, conversation.id, 'Bonjour');
    expect((await unread(helper)).json()).toMatchObject({ total: expect.any(Number) });
    const helperBefore = (await unread(helper)).json<{ total: number; conversations: number }>();
    expect((await unread(seeker)).json()).toEqual({ total: 0, conversations: 0 });
    const second = await sent(helper, conversation.id, 'Bonjour Paul');
    const third = await sent(helper, conversation.id, 'Comment allez-vous ?');
    expect((await unread(seeker)).json()).toEqual({ total: 2, conversations: 1 });
    const row = (await list(seeker)).json<Conversation[]>().find((c) => c.id === conversation.id);
    expect(row?.unread_count).toBe(2);

    const marked = await read(seeker, conversation.id, third.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ conversation_id: conversation.id, unread_count: 0 });
    // Another token of the same user (another device) sees the same count.
    const otherDevice = await t.app.inject({
      method: 'GET',
      url: '/api/v1/messages/unread',
      headers: { authorization: `Bearer ${await t.tokenFor(seeker)}` },
    });
    expect(otherDevice.json()).toEqual({ total: 0, conversations: 0 });
    // Reading an older message does not move the mark back.
    const back = await read(seeker, conversation.id, second.id);
    expect(back.json()).toMatchObject({ unread_count: 0, last_read_at: marked.json().last_read_at });
    // A message of another conversation is refused.
    const someoneElse = await createSeeker(t.app.ctx.db);
    const other = await openConversation(someoneElse);
    const foreign = await sent(someoneElse, other.id, 'Bonjour');
    const refused = await read(seeker, conversation.id, foreign.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: ErrorCode.MESSAGE_NOT_FOUND, detail: messagingMessages.messageNotFound });
    // The helper's count went up by one with the seeker's first message, and down after reading it.
    expect(helperBefore.total).toBeGreaterThanOrEqual(1);
    const helperAfter = await read(helper, conversation.id, first.id);
    expect(helperAfter.json().unread_count).toBe(0);
  });
});

describe('cancellation notice', () => {
  it('is posted into the conversation of the offer with the reason', async () => {
    await t.app.ctx.db.transaction((tx) =>
      postCancellationNotice(tx, {
        offerId: offer.id,
        helperId: helper.id,
        seekerId: seeker.id,
        cancelledBy: helper.id,
        reason: 'Empêchement familial',
      }),
    );
    const conversations = (await list(seeker)).json<Conversation[]>();
    const conversation = conversations.find((c) => c.offer_id === offer.id);
    expect(conversation?.last_message).toMatchObject({
      kind: 'cancellation',
      content: `${CANCELLATION_MARKER} Empêchement familial`,
      sender_id: helper.id,
    });
    expect(conversation?.unread_count).toBe(1);
  });
});
