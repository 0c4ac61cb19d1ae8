import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES_PER_MINUTE, SOCKET_MAX_PAYLOAD_BYTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { chat as chatText } from '#shared/messages/chat.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { messaging } from '#shared/messages/messaging.ts';
import { ChatMessageSchema, ChatSessionSchema, type ChatMessage, type ChatSession } from '#shared/schemas/chat.ts';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { chatSessions } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { capturedLogger, TEST_JWT_SECRET, testConfig } from '#tests/build-test-app.ts';
import { connectChat, connectChatOk, nextChatMessage, type ChatTestSocket } from '#tests/chat-sockets.ts';
import { createAdmin, createSeeker } from '#tests/factories/users.ts';
import { connectOk, freshAddress, listenOnLoopback } from '#tests/sockets.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/** Every log line of the app, to check that no token, content or e-mail reaches them. */
const { logger, lines: logLines } = capturedLogger();

let dataDir: string;
let database: DatabaseHandle;
let app: App;
let base: string;
let admin: UserRow;
let member: UserRow;
let stranger: UserRow;
const issuer = createTokenIssuer(TEST_JWT_SECRET);
/** Tokens and texts the logs must never hold. */
const secrets: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-chat-socket-'));
  const config = testConfig(dataDir, { LOG_LEVEL: 'trace', TRUST_PROXY: '127.0.0.1' });
  database = await openTestDatabase();
  app = await buildApp(config, { database, logger, serveWeb: false });
  base = await listenOnLoopback(app);
  admin = await createAdmin(database.db);
  member = await createSeeker(database.db, { displayName: 'Paul Martin' });
  stranger = await createSeeker(database.db);
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function as(user: UserRow | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    payload,
    // Each call from its own address: the per-address session budget is the REST tests' business.
    headers: {
      'x-forwarded-for': freshAddress(),
      ...(user ? { authorization: `Bearer ${await issuer.issue(user)}` } : {}),
    },
  });
}

type Started = ChatSession & { session_token: string };

async function guestSession(): Promise<Started> {
  const email = `invite-${secrets.length}@exemple.fr`;
  const res = await as(null, 'POST', '/api/v1/support/chat/sessions', { guest_name: 'Camille', guest_email: email });
  expect(res.statusCode).toBe(201);
  const body = ChatSessionSchema.parse(res.json());
  secrets.push(body.session_token!, email);
  return { ...body, session_token: body.session_token! };
}

async function reply(user: UserRow | null, sessionId: string, content: string, token?: string): Promise<ChatMessage> {
  const query = token ? `?session_token=${encodeURIComponent(token)}` : '';
  const res = await as(user, 'POST', `/api/v1/support/chat/sessions/${sessionId}/messages${query}`, { content });
  expect(res.statusCode).toBe(201);
  secrets.push(content);
  return ChatMessageSchema.parse(res.json());
}

const expectClosed = async (socket: ChatTestSocket, reason: string) =>
  expect(await socket.closed).toEqual({ code: 1008, reason });

async function refusedAfterUpgrade(query: Parameters<typeof connectChat>[1], reason: string) {
  const result = await connectChat(base, query);
  if ('status' in result) throw new Error(`refused before the upgrade: ${result.status}`);
  await expectClosed(result, reason);
  expect(result.pending()).toEqual([]);
}

describe('the chat socket protocol', () => {
  it('says it is connected, then delivers an admin REST reply at once', async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    expect(socket.connected).toEqual({ type: 'system_message', message: chatText.socketConnected, status: 'open' });
    const sent = await reply(admin, session.id, 'Bonjour, je suis là.');
    expect(await nextChatMessage(socket)).toEqual(sent);
    await socket.close();
  });

  it("stores a client's chat_message frame like the REST call and echoes it once to every socket of the session", async () => {
    const session = await guestSession();
    const guest = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    const support = await connectChatOk(base, { session_id: session.id, auth_token: await issuer.issue(admin) });
    secrets.push('Je voudrais parler à quelqu’un');
    guest.send({ type: 'chat_message', content: '  Je voudrais parler à quelqu’un  ' });
    const echoed = await nextChatMessage(guest);
    expect(echoed).toMatchObject({
      sender: 'guest',
      sender_name: 'Camille',
      content: 'Je voudrais parler à quelqu’un',
    });
    expect(await nextChatMessage(support)).toEqual(echoed);
    const stored = (await as(admin, 'GET', `/api/v1/support/chat/sessions/${session.id}`)).json<ChatSession>();
    expect(stored.chat_messages).toEqual([echoed]);

    // The admin writes on the socket too: the support team's name, to both.
    support.send({ type: 'chat_message', content: 'Je vous écoute.' });
    secrets.push('Je vous écoute.');
    const answer = await nextChatMessage(guest);
    expect(answer).toMatchObject({ sender: 'admin', sender_name: chatText.adminSenderName });
    expect(await nextChatMessage(support)).toEqual(answer);
    expect(guest.pending()).toEqual([]);
    await Promise.all([guest.close(), support.close()]);
  });

  it('answers an invalid frame with a system line and stores nothing', async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    for (const frame of ['pas du json', { type: 'chat_message', content: '   ' }, { type: 'autre', content: 'x' }]) {
      socket.send(frame);
      expect(await socket.next()).toEqual({ type: 'system_message', message: chatText.socketInvalidMessage });
    }
    const stored = (await as(admin, 'GET', `/api/v1/support/chat/sessions/${session.id}`)).json<ChatSession>();
    expect(stored.chat_messages).toEqual([]);
    await socket.close();
  });

  it(`says so when the writer is over ${CHAT_MESSAGES_PER_MINUTE} messages a minute`, async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) {
      socket.send({ type: 'chat_message', content: `n°${i}` });
      expect((await nextChatMessage(socket)).content).toBe(`n°${i}`);
    }
    socket.send({ type: 'chat_message', content: 'un de trop' });
    expect(await socket.next()).toEqual({ type: 'system_message', message: apiErrors.rateLimited });
    await socket.close();
  });

  it("tells the session's sockets when an admin takes it, then closes them (1008) when it is closed", async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    expect(
      (await as(admin, 'PUT', `/api/v1/support/chat/sessions/${session.id}`, { status: 'active' })).statusCode,
    ).toBe(200);
    expect(await socket.next()).toEqual({
      type: 'system_message',
      message: chatText.socketSessionActive,
      status: 'active',
    });
    const last = await reply(admin, session.id, 'Je clos la conversation, belle journée.');
    expect(
      (await as(admin, 'PUT', `/api/v1/support/chat/sessions/${session.id}`, { status: 'closed' })).statusCode,
    ).toBe(200);
    expect(await nextChatMessage(socket)).toEqual(last);
    expect(await socket.next()).toEqual({ type: 'system_message', message: chatText.sessionClosed, status: 'closed' });
    await expectClosed(socket, chatText.sessionClosedOrExpired);
  });

  it('closes the socket (1008) when the guest ends the chat through DELETE', async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/support/chat/sessions/${session.id}?session_token=${encodeURIComponent(session.session_token)}`,
    });
    expect(res.statusCode).toBe(204);
    expect(await socket.next()).toEqual({ type: 'system_message', message: chatText.sessionClosed, status: 'closed' });
    await expectClosed(socket, chatText.sessionClosedOrExpired);
  });
});

describe('who may hold a chat socket: accepted, then closed 1008 otherwise', () => {
  it('closes without any token, with a wrong token, or with another guest’s', async () => {
    const session = await guestSession();
    const other = await guestSession();
    await refusedAfterUpgrade({ session_id: session.id }, chatText.socketTokenRequired);
    await refusedAfterUpgrade({ session_id: session.id, session_token: 'faux-jeton' }, chatText.sessionNotFound);
    await refusedAfterUpgrade({ session_id: session.id, session_token: other.session_token }, chatText.sessionNotFound);
  });

  it('closes for an unknown or malformed session id', async () => {
    const session = await guestSession();
    const token = session.session_token;
    await refusedAfterUpgrade(
      { session_id: '00000000-0000-4000-8000-000000000000', session_token: token },
      chatText.sessionNotFound,
    );
    await refusedAfterUpgrade({ session_id: 'pas-un-id', session_token: token }, chatText.sessionNotFound);
    await refusedAfterUpgrade({ session_token: token }, chatText.sessionNotFound);
  });

  it("accepts the owner's and an admin's auth_token; closes for a stranger's or a bad one", async () => {
    const res = await as(member, 'POST', '/api/v1/support/chat/sessions', {});
    const session = ChatSessionSchema.parse(res.json());
    const owner = await connectChatOk(base, { session_id: session.id, auth_token: await issuer.issue(member) });
    const support = await connectChatOk(base, { session_id: session.id, auth_token: await issuer.issue(admin) });
    await refusedAfterUpgrade(
      { session_id: session.id, auth_token: await issuer.issue(stranger) },
      chatText.sessionNotFound,
    );
    await refusedAfterUpgrade({ session_id: session.id, auth_token: 'pas-un-jeton' }, chatText.sessionNotFound);
    // A bad account token is a bad token, even next to the right session token.
    await refusedAfterUpgrade(
      { session_id: session.id, auth_token: 'pas-un-jeton', session_token: session.session_token! },
      chatText.sessionNotFound,
    );
    owner.send({ type: 'chat_message', content: 'Bonjour' });
    expect(await nextChatMessage(owner)).toMatchObject({ sender: 'user', sender_name: 'Paul Martin' });
    expect(await nextChatMessage(support)).toMatchObject({ sender: 'user' });
    await Promise.all([owner.close(), support.close()]);
  });

  it('closes at once for a closed or archived session', async () => {
    for (const status of ['closed', 'archived'] as const) {
      const session = await guestSession();
      await database.db
        .update(chatSessions)
        // A finished session says since when (chat_sessions_closed_at_check).
        .set({ status, closedAt: status === 'closed' || status === 'archived' ? new Date() : null })
        .where(eq(chatSessions.id, session.id));
      await refusedAfterUpgrade(
        { session_id: session.id, session_token: session.session_token },
        chatText.sessionClosedOrExpired,
      );
    }
  });

  it('refuses a page of another origin before the upgrade (403)', async () => {
    const session = await guestSession();
    const result = await connectChat(
      base,
      { session_id: session.id, session_token: session.session_token },
      { origin: 'https://evil.example' },
    );
    expect(result).toEqual({
      status: 403,
      body: { detail: messaging.socketOriginRefused, code: ErrorCode.SOCKET_ORIGIN_REFUSED },
    });
  });
});

describe('reconnecting: nothing lost, nothing twice', () => {
  it('sends the whole history without after=, and only the missed messages with it', async () => {
    const session = await guestSession();
    const token = session.session_token;
    const first = await reply(null, session.id, 'Premier message', token);
    const before = await connectChatOk(base, { session_id: session.id, session_token: token });
    expect(await nextChatMessage(before)).toEqual(first);
    const seen = await reply(admin, session.id, 'Vu en direct');
    expect(await nextChatMessage(before)).toEqual(seen);
    await before.close();

    const missed = [await reply(admin, session.id, 'Pendant la coupure'), await reply(admin, session.id, 'Et encore')];
    const after = await connectChatOk(base, { session_id: session.id, session_token: token, after: seen.id });
    expect(after.connected.status).toBe('open');
    expect(await nextChatMessage(after)).toEqual(missed[0]);
    expect(await nextChatMessage(after)).toEqual(missed[1]);
    const live = await reply(admin, session.id, 'De nouveau en direct');
    expect(await nextChatMessage(after)).toEqual(live);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(after.pending()).toEqual([]);

    // A cursor from another session is no cursor: the whole history (the client dedupes by id).
    const other = await guestSession();
    const foreign = await reply(null, other.id, 'Ailleurs', other.session_token);
    const all = await connectChatOk(base, { session_id: session.id, session_token: token, after: foreign.id });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await nextChatMessage(all)).id);
    expect(ids).toEqual([first.id, seen.id, missed[0]!.id, missed[1]!.id, live.id]);
    await Promise.all([after.close(), all.close()]);
  });

  it('delivers every message of a burst exactly once and in order while writers race', async () => {
    const session = await guestSession();
    const socket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reply(i % 2 ? admin : null, session.id, `rafale ${i}`, session.session_token),
      ),
    );
    const received: ChatMessage[] = [];
    for (let i = 0; i < sent.length; i++) received.push(await nextChatMessage(socket));
    expect(new Set(received.map((m) => m.id))).toEqual(new Set(sent.map((m) => m.id)));
    const stored = (await as(admin, 'GET', `/api/v1/support/chat/sessions/${session.id}`)).json<ChatSession>();
    expect(received.map((m) => m.id)).toEqual(stored.chat_messages.map((m) => m.id));
    await socket.close();
  });
});

describe('support.activity on the app socket', () => {
  it("reaches admins' app sockets when a chat opens or moves, and nobody else's", async () => {
    const adminSocket = await connectOk(base, { token: await issuer.issue(admin) });
    const memberSocket = await connectOk(base, { token: await issuer.issue(member) });
    const session = await guestSession();
    expect(await adminSocket.next()).toEqual({ type: 'support.activity' });
    await reply(null, session.id, 'Bonjour ?', session.session_token);
    expect(await adminSocket.next()).toEqual({ type: 'support.activity' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(memberSocket.pending()).toEqual([]);
    await Promise.all([adminSocket.close(), memberSocket.close()]);
  });
});

describe('a frame over the size limit', () => {
  it('closes the chat socket and the app socket with 1009, logged as a warning without a stack', async () => {
    const session = await guestSession();
    const chatSocket = await connectChatOk(base, { session_id: session.id, session_token: session.session_token });
    const appSocket = await connectOk(base, { token: await issuer.issue(member) });
    const before = logLines.length;
    chatSocket.send('x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    appSocket.socket.send('x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    expect((await chatSocket.closed).code).toBe(1009);
    expect(await appSocket.closed).toBe(1009);
    // Each refusal is one warn line (pino level 40) that names the frame; none is an error with a stack.
    await expect.poll(() => refusedFrameLines(logLines.slice(before)).length).toBe(2);
    for (const line of refusedFrameLines(logLines.slice(before))) {
      expect(line).toMatchObject({ level: 40, closeCode: 1009 });
      expect(JSON.stringify(line)).not.toContain('stack');
    }
    const parsed = logLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

/** The log lines, parsed, of socket frames refused by the socket library (an oversized frame here). */
function refusedFrameLines(lines: string[]): Array<Record<string, unknown>> {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'websocket frame refused' || JSON.stringify(line).includes('Max payload'));
}

describe('logs', () => {
  it('hold no session token, account token, chat content or guest e-mail', () => {
    expect(logLines.length).toBeGreaterThan(0);
    // The socket URLs carried tokens in their query: the access log lines show them redacted.
    expect(logLines.some((line) => line.includes('/support/chat/ws?') && line.includes('[secret]'))).toBe(true);
    const logs = logLines.join('\n');
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
