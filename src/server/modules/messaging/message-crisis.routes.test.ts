import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_MARKER } from '#shared/constants.ts';
import { ConversationSchema, MessageSchema, type Conversation, type Message } from '#shared/schemas/messages.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createConversation, postMessage } from '#tests/factories/messaging.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

// Issue 13 section 3: a message that speaks of suicide or immediate danger carries `crisis: true` for
// both parties, so each of them sees the crisis numbers; an ordinary one carries false.
const CRISIS = 'Je n’en peux plus, j’ai envie d’en finir.';
const ORDINARY = 'Bonjour, je voudrais parler de mon épuisement au travail.';

let t: TestApp;
let helper: UserRow;
let admin: UserRow;
let offer: TestOffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db);
  admin = await createAdmin(db);
  offer = await createOffer(db, helper);
});
afterAll(() => t.close());

const send = (user: UserRow, id: string, content: string) =>
  t.injectAs(user, { method: 'POST', url: `/api/v1/messages/conversations/${id}/messages`, payload: { content } });

async function threadOf(user: UserRow, id: string): Promise<Message[]> {
  const res = await t.injectAs(user, { method: 'GET', url: `/api/v1/messages/conversations/${id}/messages` });
  expect(res.statusCode).toBe(200);
  return MessageSchema.array().parse(res.json());
}

async function conversationsOf(user: UserRow): Promise<Conversation[]> {
  const res = await t.injectAs(user, { method: 'GET', url: '/api/v1/messages/conversations' });
  expect(res.statusCode).toBe(200);
  return ConversationSchema.array().parse(res.json());
}

async function openAs(seeker: UserRow): Promise<Conversation> {
  const res = await t.injectAs(seeker, { method: 'POST', url: `/api/v1/messages/conversations?offer_id=${offer.id}` });
  expect(res.statusCode).toBe(201);
  return ConversationSchema.parse(res.json());
}

describe('the crisis flag of a message', () => {
  it('is true for the writer and the reader of a crisis message, false for an ordinary one', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const conversation = await openAs(seeker);
    // The seeker's first message (allowed before any booking, spec 2 section 4), then the helper's.
    const crisis = await send(seeker, conversation.id, CRISIS);
    expect(crisis.statusCode).toBe(201);
    expect(MessageSchema.parse(crisis.json())).toMatchObject({ content: CRISIS, crisis: true });
    const ordinary = await send(helper, conversation.id, ORDINARY);
    expect(ordinary.statusCode).toBe(201);
    expect(MessageSchema.parse(ordinary.json()).crisis).toBe(false);

    for (const reader of [seeker, helper, admin]) {
      const thread = await threadOf(reader, conversation.id);
      expect(thread.map((message) => [message.content, message.crisis])).toEqual([
        [CRISIS, true],
        [ORDINARY, false],
      ]);
    }
  });

  it('reaches the recipient of a masked message without its content', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const conversation = await openAs(seeker);
    const content = 'Je pense au suicide, appelez-moi au 06 12 34 56 78';
    const res = await send(seeker, conversation.id, content);
    expect(res.statusCode).toBe(201);
    expect(MessageSchema.parse(res.json())).toMatchObject({ visible: false, masked: false, crisis: true });

    const [seen] = await threadOf(helper, conversation.id);
    expect(seen).toMatchObject({ content: '', masked: true, crisis: true });
    const listed = (await conversationsOf(helper)).find((item) => item.id === conversation.id);
    expect(listed?.last_message).toMatchObject({ content: '', masked: true, crisis: true });
    // A masked ordinary message stays false: the flag says nothing but "danger".
    expect((await send(helper, conversation.id, 'Mon numéro : 07 11 22 33 44')).statusCode).toBe(201);
    expect((await threadOf(seeker, conversation.id)).at(-1)).toMatchObject({ masked: true, crisis: false });
  });

  it('follows a cancellation reason, never a system notice (the product’s own text)', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const conversation = await createConversation(t.app.ctx.db, { offer, seeker });
    await postMessage(t.app.ctx.db, {
      conversation,
      sender: seeker,
      kind: 'cancellation',
      content: `${CANCELLATION_MARKER} Mon mari me frappe, je dois partir.`,
    });
    await postMessage(t.app.ctx.db, { conversation, sender: null, kind: 'system', content: 'Au secours' });
    const thread = await threadOf(helper, conversation.id);
    expect(thread.map((message) => [message.kind, message.crisis])).toEqual([
      ['cancellation', true],
      ['system', false],
    ]);
  });
});
