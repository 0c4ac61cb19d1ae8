import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSchema, type Message } from '#shared/schemas/messages.ts';
import type { App } from '../../app-types.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { connectOk, type TestSocket } from '#tests/sockets.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';

/** Two app instances on one database (see startTwoInstances): an event crosses through NOTIFY. */
let instances: TwoInstances;
let database: DatabaseHandle;
let first: App;
let second: App;
let firstUrl: string;
let secondUrl: string;
const issuer = createTokenIssuer(TEST_JWT_SECRET);

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ database, first, second, firstUrl, secondUrl } = instances);
});

afterAll(() => instances.close());

async function as(app: App, user: UserRow, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${await issuer.issue(user)}` },
  });
}

/** A seeker and a helper with a conversation, opened through the first instance. */
async function conversationPair() {
  const seeker = await createSeeker(database.db);
  const helper = await createHelper(database.db);
  const offer = await createOffer(database.db, helper);
  const opened = await as(first, seeker, 'POST', `/api/v1/messages/conversations?offer_id=${offer.id}`);
  expect(opened.statusCode).toBe(201);
  return { seeker, helper, conversationId: opened.json<{ id: string }>().id };
}

/** The helper (who may always write) posts through `app`. */
async function post(app: App, sender: UserRow, conversationId: string, content: string): Promise<Message> {
  const response = await as(app, sender, 'POST', `/api/v1/messages/conversations/${conversationId}/messages`, {
    content,
  });
  expect(response.statusCode).toBe(201);
  return MessageSchema.parse(response.json());
}

async function nextMessage(socket: TestSocket): Promise<Message> {
  const frame = await socket.next();
  if (frame.type !== 'message.created') throw new Error(`expected message.created, got ${frame.type}`);
  return frame.message;
}

describe('two instances on one database', () => {
  it('delivers a message posted through instance A to a socket on instance B', async () => {
    const { seeker, helper, conversationId } = await conversationPair();
    const onSecond = await connectOk(secondUrl, { token: await issuer.issue(seeker) });
    const sent = await post(first, helper, conversationId, 'Bonjour, je peux vous aider.');
    expect(await nextMessage(onSecond)).toMatchObject({ id: sent.id, content: 'Bonjour, je peux vous aider.' });
    expect(await onSecond.next()).toEqual({
      type: 'unread',
      total: 1,
      conversation_id: conversationId,
      conversation_unread: 1,
    });
    await onSecond.close();
  });

  it('lets a reconnecting client catch up by id: nothing lost, nothing twice', async () => {
    const { seeker, helper, conversationId } = await conversationPair();
    const token = await issuer.issue(seeker);
    const before = await connectOk(secondUrl, { token });
    const seen = await post(first, helper, conversationId, 'Premier message');
    expect((await nextMessage(before)).id).toBe(seen.id);
    await before.close();

    const missed = await post(first, helper, conversationId, 'Envoyé pendant la déconnexion');
    const after = await connectOk(firstUrl, { token });
    expect(after.hello).toEqual({ type: 'hello', unread_total: 2 });
    const catchUp = await as(
      second,
      seeker,
      'GET',
      `/api/v1/messages/conversations/${conversationId}/messages?after=${seen.id}`,
    );
    expect(catchUp.statusCode).toBe(200);
    expect(catchUp.json<Message[]>().map((message) => message.id)).toEqual([missed.id]);

    // Live again from here: the next message comes once, over the socket only.
    const live = await post(second, helper, conversationId, 'De nouveau en direct');
    expect((await nextMessage(after)).id).toBe(live.id);
    expect((await after.next()).type).toBe('unread');
    expect(after.pending()).toEqual([]);
    await after.close();
  });

  it('sends resync when the LISTEN connection is lost, and events flow again once it is back', async () => {
    if (database.kind !== 'postgres') return expect(database.kind).toBe('pglite'); // PGlite's LISTEN is in-process
    const { seeker, helper, conversationId } = await conversationPair();
    const [onFirst, onSecond] = await Promise.all([
      connectOk(firstUrl, { token: await issuer.issue(seeker) }),
      connectOk(secondUrl, { token: await issuer.issue(helper) }),
    ]);
    // One listener per instance.
    expect(await instances.dropListeners()).toBe(2);
    expect(await onFirst.next()).toEqual({ type: 'resync' });
    expect(await onSecond.next()).toEqual({ type: 'resync' });

    const sent = await post(second, helper, conversationId, 'Après la reconnexion');
    expect((await nextMessage(onFirst)).id).toBe(sent.id);
    expect((await nextMessage(onSecond)).id).toBe(sent.id);
    await Promise.all([onFirst.close(), onSecond.close()]);
  });
});
