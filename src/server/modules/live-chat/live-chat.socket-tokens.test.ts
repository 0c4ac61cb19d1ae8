import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SESSION_TOKEN_GRACE_MS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { chat as chatText } from '#shared/messages/chat.ts';
import { ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import type { App } from '#server/app-types.ts';
import { chatSessions } from '#server/db/schema/support.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { replacePassword, suspendAccount } from '#server/modules/users/users.service.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { connectChat, connectChatOk, nextChatMessage } from '#tests/chat-sockets.ts';
import { createAdmin, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { freshAddress, isRefusal, listenOnLoopback } from '#tests/sockets.ts';

// Attacker review R3: a chat socket opened with an account token must not outlive that token's
// rights. The socket keeps the user it was opened by; a password change (token_version + 1), an
// expired token or a lost admin role must stop it writing, as the REST calls stop at once.

let testApp: TestApp;
let app: App;
let base: string;

beforeAll(async () => {
  testApp = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
  app = testApp.app;
  base = await listenOnLoopback(app);
});

afterAll(async () => {
  await testApp.close();
});

async function guestSession(): Promise<ChatSession & { session_token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/support/chat/sessions',
    headers: { 'x-forwarded-for': freshAddress() },
    payload: { guest_name: 'Camille', guest_email: 'camille@exemple.fr' },
  });
  expect(res.statusCode).toBe(201);
  const body = ChatSessionSchema.parse(res.json());
  return { ...body, session_token: body.session_token! };
}

async function storedMessages(admin: UserRow, sessionId: string) {
  const res = await testApp.injectAs(admin, { method: 'GET', url: `/api/v1/support/chat/sessions/${sessionId}` });
  expect(res.statusCode).toBe(200);
  return ChatSessionSchema.parse(res.json()).chat_messages;
}

describe('a chat socket opened with an account token', () => {
  it('stops writing (1008, nothing stored) once the token is revoked by a password change', async () => {
    const admin = await createAdmin(app.ctx.db);
    const reader = await createAdmin(app.ctx.db);
    const session = await guestSession();
    const support = await connectChatOk(base, { session_id: session.id, auth_token: await testApp.tokenFor(admin) });
    const guest = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });

    support.send({ type: 'chat_message', content: 'Avant le changement' });
    expect((await nextChatMessage(support)).content).toBe('Avant le changement');
    expect((await nextChatMessage(guest)).content).toBe('Avant le changement');

    await app.ctx.db.transaction((tx) => replacePassword(tx, admin.id, 'nouvelle-empreinte'));
    support.send({ type: 'chat_message', content: 'Après le changement' });
    expect(await support.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
    expect((await storedMessages(reader, session.id)).map((message) => message.content)).toEqual([
      'Avant le changement',
    ]);
    expect(guest.pending()).toEqual([]);
    await guest.close();
  });

  it('stops writing as the support team once the account is no longer an admin', async () => {
    const admin = await createAdmin(app.ctx.db);
    const reader = await createAdmin(app.ctx.db);
    const session = await guestSession();
    const support = await connectChatOk(base, { session_id: session.id, auth_token: await testApp.tokenFor(admin) });

    await app.ctx.db.update(users).set({ role: 'helpee' }).where(eq(users.id, admin.id));
    support.send({ type: 'chat_message', content: 'Je parle encore au nom de l’équipe' });
    expect(await support.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
    expect(await storedMessages(reader, session.id)).toEqual([]);
  });

  it('keeps writing for an owner whose token is still valid', async () => {
    const member = await createSeeker(app.ctx.db, { displayName: 'Paul Martin' });
    const res = await testApp.injectAs(member, {
      method: 'POST',
      url: '/api/v1/support/chat/sessions',
      headers: { 'x-forwarded-for': freshAddress() },
      payload: {},
    });
    const session = ChatSessionSchema.parse(res.json());
    const owner = await connectChatOk(base, { session_id: session.id, auth_token: await testApp.tokenFor(member) });
    for (const content of ['Bonjour', 'Encore moi']) {
      owner.send({ type: 'chat_message', content });
      expect(await nextChatMessage(owner)).toMatchObject({ sender: 'user', sender_name: 'Paul Martin', content });
    }
    await owner.close();
  });
});

describe('a chat socket opened with an account token, while it only reads', () => {
  it('closes (1008) as soon as a password change revokes the token, before any later message', async () => {
    const admin = await createAdmin(app.ctx.db);
    const session = await guestSession();
    const support = await connectChatOk(base, { session_id: session.id, auth_token: await testApp.tokenFor(admin) });
    const guest = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });

    // The password change publishes session.revoked at its commit; the guest writes just after.
    await app.ctx.db.transaction((tx) => replacePassword(tx, admin.id, 'nouvelle-empreinte'));
    guest.send({ type: 'chat_message', content: 'Ceci ne regarde que le support' });
    expect((await nextChatMessage(guest)).content).toBe('Ceci ne regarde que le support');
    expect(await support.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
    expect(support.pending()).toEqual([]);
    await guest.close();
  });

  it('closes (1008) at the next ping once the account is no longer an admin', async () => {
    const pinging = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, { socketHub: { pingIntervalMs: 100 } });
    try {
      const pingingBase = await listenOnLoopback(pinging.app);
      const admin = await createAdmin(pinging.app.ctx.db);
      const create = await pinging.app.inject({
        method: 'POST',
        url: '/api/v1/support/chat/sessions',
        headers: { 'x-forwarded-for': freshAddress() },
        payload: { guest_name: 'Camille', guest_email: 'camille@exemple.fr' },
      });
      const session = ChatSessionSchema.parse(create.json());
      const support = await connectChatOk(pingingBase, {
        session_id: session.id,
        auth_token: await pinging.tokenFor(admin),
      });
      // Still an admin through a few pings: nothing closes.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(support.socket.readyState).toBe(support.socket.OPEN);

      await pinging.app.ctx.db.update(users).set({ role: 'helpee' }).where(eq(users.id, admin.id));
      expect(await support.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
    } finally {
      await pinging.close();
    }
  });
});

describe('a frame the database cannot hold', () => {
  it('is answered like any invalid frame (a NUL character), not as a failure of the server', async () => {
    const session = await guestSession();
    const guest = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    guest.send({ type: 'chat_message', content: 'avant\u0000après' });
    expect(await guest.next()).toEqual({ type: 'system_message', message: chatText.socketInvalidMessage });
    const reader = await createAdmin(app.ctx.db);
    expect(await storedMessages(reader, session.id)).toEqual([]);
    await guest.close();
  });
});

// A session token is worth what the chat and the account behind it are worth: it ends
// CHAT_SESSION_TOKEN_GRACE_MS after the chat closed, and, for an account's chat, with the account's
// own tokens (password change, suspension, erasure). After that the transcript is neither readable
// nor writable with it, over REST or on the socket.
describe('a session token', () => {
  const withToken = (url: string, token: string) => `${url}?session_token=${encodeURIComponent(token)}`;
  const readWith = (id: string, token: string) =>
    app.inject({ method: 'GET', url: withToken(`/api/v1/support/chat/sessions/${id}`, token) });
  const writeWith = (id: string, token: string, content: string) =>
    app.inject({
      method: 'POST',
      url: withToken(`/api/v1/support/chat/sessions/${id}/messages`, token),
      headers: { 'x-forwarded-for': freshAddress() },
      payload: { content },
    });
  const notFound = { code: ErrorCode.CHAT_SESSION_NOT_FOUND, detail: chatText.sessionNotFound };

  async function memberSession(member: UserRow): Promise<ChatSession & { session_token: string }> {
    const res = await testApp.injectAs(member, {
      method: 'POST',
      url: '/api/v1/support/chat/sessions',
      headers: { 'x-forwarded-for': freshAddress() },
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const body = ChatSessionSchema.parse(res.json());
    return { ...body, session_token: body.session_token! };
  }

  /** Moves the session's close back in time, as if it had closed `ms` ago. */
  async function closedAgo(id: string, ms: number): Promise<void> {
    await app.ctx.db
      .update(chatSessions)
      .set({ closedAt: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(eq(chatSessions.id, id));
  }

  it("of a guest's chat still reads it within the grace period after it closed, and nothing after", async () => {
    const session = await guestSession();
    expect((await writeWith(session.id, session.session_token, 'Merci, au revoir')).statusCode).toBe(201);
    const admin = await createAdmin(app.ctx.db);
    const closed = await testApp.injectAs(admin, {
      method: 'DELETE',
      url: `/api/v1/support/chat/sessions/${session.id}`,
    });
    expect(closed.statusCode).toBe(204);

    await closedAgo(session.id, CHAT_SESSION_TOKEN_GRACE_MS - 60_000);
    expect((await readWith(session.id, session.session_token)).statusCode).toBe(200);

    await closedAgo(session.id, CHAT_SESSION_TOKEN_GRACE_MS + 60_000);
    const late = await readWith(session.id, session.session_token);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual(notFound);
    expect((await writeWith(session.id, session.session_token, 'Encore là ?')).statusCode).toBe(404);
    // The support team still reads it.
    expect((await storedMessages(admin, session.id)).map((message) => message.content)).toEqual(['Merci, au revoir']);
  });

  it('keeps its grace period from the first close when the chat is archived later', async () => {
    const session = await guestSession();
    const admin = await createAdmin(app.ctx.db);
    await testApp.injectAs(admin, { method: 'DELETE', url: `/api/v1/support/chat/sessions/${session.id}` });
    await closedAgo(session.id, CHAT_SESSION_TOKEN_GRACE_MS + 60_000);
    const archived = await testApp.injectAs(admin, {
      method: 'PUT',
      url: `/api/v1/support/chat/sessions/${session.id}`,
      payload: { status: 'archived' },
    });
    expect(archived.statusCode).toBe(200);
    expect((await readWith(session.id, session.session_token)).statusCode).toBe(404);
  });

  const revocations: Array<[string, (member: UserRow) => Promise<void>]> = [
    [
      'a password change',
      async (member) => {
        const res = await testApp.injectAs(member, {
          method: 'PUT',
          url: '/api/v1/users/me',
          payload: { current_password: DEFAULT_TEST_PASSWORD, new_password: 'un-tout-nouveau-secret' },
        });
        expect(res.statusCode).toBe(200);
      },
    ],
    [
      'a suspension',
      async (member) => {
        expect(await app.ctx.db.transaction((tx) => suspendAccount(tx, member.id))).toBeDefined();
      },
    ],
    [
      'an erasure',
      async (member) => {
        const res = await testApp.injectAs(member, {
          method: 'DELETE',
          url: '/api/v1/users/me',
          payload: { password: DEFAULT_TEST_PASSWORD },
        });
        expect(res.statusCode).toBe(204);
      },
    ],
  ];

  for (const [what, revoke] of revocations) {
    it(`of an account's chat ends with ${what}: REST refuses it and its open socket closes (1008)`, async () => {
      const member = await createSeeker(app.ctx.db, { displayName: 'Paul Martin' });
      const session = await memberSession(member);
      // The browser's socket, opened with the session token alone.
      const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
      expect((await readWith(session.id, session.session_token)).statusCode).toBe(200);

      await revoke(member);
      expect(await socket.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
      const read = await readWith(session.id, session.session_token);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(notFound);
      expect((await writeWith(session.id, session.session_token, 'Toujours moi')).statusCode).toBe(404);
      const again = await connectChat(base, { session_id: session.id, session_token: session.session_token });
      if (isRefusal(again)) throw new Error(`refused before the upgrade: ${again.status}`);
      expect(await again.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
      const admin = await createAdmin(app.ctx.db);
      expect(await storedMessages(admin, session.id)).toEqual([]);
    });
  }

  it("of an account's chat refuses a frame once revoked, even when no event reached the socket", async () => {
    const member = await createSeeker(app.ctx.db);
    const session = await memberSession(member);
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    // Straight in the table: no session.revoked is published, only the next frame can find out.
    await app.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, member.id));
    socket.send({ type: 'chat_message', content: 'Après la révocation' });
    expect(await socket.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
    const admin = await createAdmin(app.ctx.db);
    expect(await storedMessages(admin, session.id)).toEqual([]);
  });
});
