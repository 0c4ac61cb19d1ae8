import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CONNECTS_PER_MINUTE, SOCKET_MAX_PAYLOAD_BYTES, SOCKETS_PER_USER_MAX } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { messaging } from '#shared/messages/messaging.ts';
import { MessageSchema, type Message } from '#shared/schemas/messages.ts';
import { userPresence } from '../../db/schema/messaging.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { isConnected } from '../../lib/presence.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { replacePassword } from '../users/users.service.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '#tests/build-test-app.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { connect, connectOk, connectRefused, eventually, isRefusal, listenOnLoopback } from '#tests/sockets.ts';

const PING_MS = 150;
let t: TestApp;
let base: string;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  // TRUST_PROXY: each test socket comes from its own X-Forwarded-For address (tests/sockets.ts), so
  // the per-address connect limit counts only in the test about it.
  t = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, { socketHub: { pingIntervalMs: PING_MS } });
  base = await listenOnLoopback(t.app);
  alice = await createSeeker(t.app.ctx.db);
  bob = await createHelper(t.app.ctx.db);
});

afterAll(async () => {
  await t.close();
});

const bookingChanged = (userIds: string[]) =>
  ({ type: 'booking.changed', booking_id: randomUUID(), change: 'paid', user_ids: userIds }) as const;

describe('GET /api/v1/ws: who may open the app socket', () => {
  it('refuses a handshake without a token: 401 before any upgrade', async () => {
    const refusal = await connectRefused(base);
    expect(refusal).toEqual({
      status: 401,
      body: { detail: apiErrors.notAuthenticated, code: ErrorCode.NOT_AUTHENTICATED },
    });
  });

  it('refuses a token that is not ours', async () => {
    for (const token of ['pas-un-jeton', `${await t.tokenFor(alice)}x`]) {
      const refusal = await connectRefused(base, { token });
      expect(refusal).toEqual({ status: 401, body: { detail: apiErrors.invalidToken, code: ErrorCode.INVALID_TOKEN } });
    }
  });

  it('refuses a token revoked by a token_version bump (password change)', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const token = await t.tokenFor(user);
    await t.app.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const refusal = await connectRefused(base, { token });
    expect(refusal.status).toBe(401);
    expect(refusal.body.code).toBe(ErrorCode.INVALID_TOKEN);
  });

  it('closes an open socket with 4001 once its token is revoked', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const socket = await connectOk(base, { token: await t.tokenFor(user) });
    await t.app.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await socket.closed).toBe(4001);
  });

  it('closes the sockets of a user whose password changes at once, before any later frame, without waiting for a ping', async () => {
    // A hub that pings once a minute: only the revocation event can close the socket in time.
    const slow = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, { socketHub: { pingIntervalMs: 600_000 } });
    try {
      const slowBase = await listenOnLoopback(slow.app);
      const user = await createSeeker(slow.app.ctx.db);
      const socket = await connectOk(slowBase, { token: await slow.tokenFor(user) });
      await slow.app.ctx.db.transaction(async (tx) => {
        await replacePassword(tx, user.id, 'nouveau-hachage');
      });
      await publishEvent(slow.app.ctx.db, bookingChanged([user.id]));
      expect(await socket.closed).toBe(4001);
      expect(socket.pending()).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('closes an open socket with 4001 when its token expires', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const nearlyExpired = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const socket = await connectOk(base, { token: nearlyExpired });
    expect(await socket.closed).toBe(4001);
  });

  it('refuses a page of another origin with 403 SOCKET_ORIGIN_REFUSED', async () => {
    const token = await t.tokenFor(alice);
    for (const origin of ['https://evil.example', 'http://appui.test.evil.example', 'https://appui.test']) {
      const refusal = await connectRefused(base, { token, headers: { origin } });
      expect(refusal).toEqual({
        status: 403,
        body: { detail: messaging.socketOriginRefused, code: ErrorCode.SOCKET_ORIGIN_REFUSED },
      });
    }
  });

  it('accepts the origin of PUBLIC_URL and says hello with the unread total', async () => {
    const socket = await connectOk(base, { token: await t.tokenFor(alice), headers: { origin: 'http://appui.test' } });
    expect(socket.hello).toEqual({ type: 'hello', unread_total: 0 });
    await socket.close();
  });

  it(`refuses a user's socket beyond ${SOCKETS_PER_USER_MAX} with 429 TOO_MANY_SOCKETS`, async () => {
    const user = await createSeeker(t.app.ctx.db);
    const token = await t.tokenFor(user);
    const sockets = [];
    for (let i = 0; i < SOCKETS_PER_USER_MAX; i++) sockets.push(await connectOk(base, { token }));
    const refusal = await connectRefused(base, { token });
    expect(refusal).toEqual({
      status: 429,
      body: { detail: messaging.tooManySockets, code: ErrorCode.TOO_MANY_SOCKETS },
    });
    await sockets.pop()!.close();
    // One closed: room for one again.
    sockets.push(await connectOk(base, { token }));
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it(`limits connection attempts to ${SOCKET_CONNECTS_PER_MINUTE} a minute per address`, async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const statuses: number[] = [];
    for (let i = 0; i <= SOCKET_CONNECTS_PER_MINUTE; i++)
      statuses.push((await connectRefused(base, { headers })).status);
    expect(statuses.slice(0, SOCKET_CONNECTS_PER_MINUTE).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('still refuses upgrades on routes that are not socket endpoints', async () => {
    const refusal = await connectRefused(base, { path: '/api/v1/health', token: await t.tokenFor(alice) });
    expect(refusal).toEqual({
      status: 404,
      body: { detail: apiErrors.websocketNotHere, code: ErrorCode.WEBSOCKET_NOT_HERE },
    });
  });
});

describe('events of the bus', () => {
  it("reaches both of A's sockets and none of B's, in publish order", async () => {
    const [a1, a2, b] = await Promise.all([
      connectOk(base, { token: await t.tokenFor(alice) }),
      connectOk(base, { token: await t.tokenFor(alice) }),
      connectOk(base, { token: await t.tokenFor(bob) }),
    ]);
    const first = bookingChanged([alice.id]);
    const conversationId = randomUUID();
    await publishEvent(t.app.ctx.db, first);
    await publishEvent(t.app.ctx.db, {
      type: 'conversation.updated',
      conversation_id: conversationId,
      user_ids: [alice.id],
    });
    const forBob = bookingChanged([bob.id]);
    await publishEvent(t.app.ctx.db, forBob);
    for (const socket of [a1, a2]) {
      expect(await socket.next()).toEqual({ type: 'booking.changed', booking_id: first.booking_id, change: 'paid' });
      expect(await socket.next()).toEqual({ type: 'conversation.updated', conversation_id: conversationId });
    }
    // Bob's first frame after hello is his own event: Alice's two never reached him.
    expect(await b.next()).toEqual({ type: 'booking.changed', booking_id: forBob.booking_id, change: 'paid' });
    expect(a1.pending()).toEqual([]);
    expect(a2.pending()).toEqual([]);
    await Promise.all([a1.close(), a2.close(), b.close()]);
  });

  it('goes once to a user named twice, and only at commit', async () => {
    const socket = await connectOk(base, { token: await t.tokenFor(alice) });
    const rolledBack = bookingChanged([alice.id]);
    await t.app.ctx.db
      .transaction(async (tx) => {
        await publishEvent(tx, rolledBack);
        throw new Error('rollback');
      })
      .catch(() => {});
    const twice = bookingChanged([alice.id, alice.id]);
    await publishEvent(t.app.ctx.db, twice);
    const marker = bookingChanged([alice.id]);
    await publishEvent(t.app.ctx.db, marker);
    expect(await socket.next()).toMatchObject({ booking_id: twice.booking_id });
    expect(await socket.next()).toMatchObject({ booking_id: marker.booking_id });
    await socket.close();
  });

  it('ignores what a client sends, and closes a socket that sends an oversized frame', async () => {
    const socket = await connectOk(base, { token: await t.tokenFor(alice) });
    socket.socket.send('{"type":"hello"');
    socket.socket.send(Buffer.from([0, 1, 2, 255]));
    const event = bookingChanged([alice.id]);
    await publishEvent(t.app.ctx.db, event);
    expect(await socket.next()).toMatchObject({ booking_id: event.booking_id });
    socket.socket.send('x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    expect(await socket.closed).toBe(1009);
  });

  it('drops a socket that stops answering pings', async () => {
    const result = await connect(base, { token: await t.tokenFor(alice), ws: { autoPong: false } });
    if (isRefusal(result)) throw new Error('refused');
    expect(await result.next()).toMatchObject({ type: 'hello' });
    // Terminated without a close frame: the client sees 1006.
    expect(await result.closed).toBe(1006);
  });
});

/** Opens the conversation of `seeker` about an offer of `helper` through the API; answers its id. */
async function openConversation(seeker: UserRow, helper: UserRow): Promise<string> {
  const offer = await createOffer(t.app.ctx.db, helper);
  const response = await t.injectAs(seeker, {
    method: 'POST',
    url: `/api/v1/messages/conversations?offer_id=${offer.id}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function send(sender: UserRow, conversationId: string, content: string): Promise<Message> {
  const response = await t.injectAs(sender, {
    method: 'POST',
    url: `/api/v1/messages/conversations/${conversationId}/messages`,
    payload: { content },
  });
  expect(response.statusCode).toBe(201);
  return MessageSchema.parse(response.json());
}

describe('messages over the socket', () => {
  it('says hello with the unread total the REST API gives', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const helper = await createHelper(t.app.ctx.db);
    const conversationId = await openConversation(seeker, helper);
    // The helper may always write (spec 2 section 4); the seeker, only once before a booking.
    await send(helper, conversationId, 'Bonjour !');
    await send(helper, conversationId, 'Je suis disponible cette semaine.');
    const socket = await connectOk(base, { token: await t.tokenFor(seeker) });
    expect(socket.hello).toEqual({ type: 'hello', unread_total: 2 });
    await socket.close();
  });

  it('delivers a new message to both parties, masked for its recipient, then their unread figures', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const helper = await createHelper(t.app.ctx.db);
    const conversationId = await openConversation(seeker, helper);
    const [seekerSocket, helperSocket] = await Promise.all([
      connectOk(base, { token: await t.tokenFor(seeker) }),
      connectOk(base, { token: await t.tokenFor(helper) }),
    ]);
    const phone = 'Appelez-moi au 06 12 34 56 78';
    const sent = await send(seeker, conversationId, phone);
    expect(sent.visible).toBe(false);

    const toHelper = await helperSocket.next();
    expect(toHelper).toMatchObject({ type: 'message.created', conversation_id: conversationId });
    const masked = (toHelper as Extract<typeof toHelper, { type: 'message.created' }>).message;
    expect(masked).toMatchObject({ id: sent.id, content: '', masked: true });
    expect(JSON.stringify(toHelper)).not.toContain('34 56');
    expect(await helperSocket.next()).toEqual({
      type: 'unread',
      total: 1,
      conversation_id: conversationId,
      conversation_unread: 1,
    });

    // The sender's own sessions get it too, with its content (their other tabs show it).
    expect(await seekerSocket.next()).toMatchObject({
      type: 'message.created',
      message: { id: sent.id, content: phone, masked: false },
    });
    expect(await seekerSocket.next()).toEqual({
      type: 'unread',
      total: 0,
      conversation_id: conversationId,
      conversation_unread: 0,
    });
    await Promise.all([seekerSocket.close(), helperSocket.close()]);
  });

  it("tells the reader's sessions their new counts and the other party a read receipt", async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const helper = await createHelper(t.app.ctx.db);
    const conversationId = await openConversation(seeker, helper);
    const message = await send(seeker, conversationId, 'Bonjour, une question sur votre offre.');
    const [seekerSocket, helperSocket] = await Promise.all([
      connectOk(base, { token: await t.tokenFor(seeker) }),
      connectOk(base, { token: await t.tokenFor(helper) }),
    ]);
    expect(helperSocket.hello.unread_total).toBe(1);
    const read = await t.injectAs(helper, {
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversationId}/read`,
      payload: { message_id: message.id },
    });
    expect(read.statusCode).toBe(200);
    const receipt = { type: 'conversation.read', conversation_id: conversationId, user_id: helper.id };
    expect(await helperSocket.next()).toEqual(receipt);
    expect(await helperSocket.next()).toEqual({
      type: 'unread',
      total: 0,
      conversation_id: conversationId,
      conversation_unread: 0,
    });
    expect(await seekerSocket.next()).toEqual(receipt);
    // Nothing more for the other party: the marker event comes next.
    const marker = bookingChanged([seeker.id]);
    await publishEvent(t.app.ctx.db, marker);
    expect(await seekerSocket.next()).toMatchObject({ booking_id: marker.booking_id });
    await Promise.all([seekerSocket.close(), helperSocket.close()]);
  });
});

describe('presence', () => {
  it('counts a connected user as present on this instance, and no more once the last socket closes', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const token = await t.tokenFor(user);
    expect(await isConnected(t.app.ctx.db, user.id)).toBe(false);
    const first = await connectOk(base, { token });
    const second = await connectOk(base, { token });
    expect(await isConnected(t.app.ctx.db, user.id)).toBe(true);
    await first.close();
    await eventually(async () => {
      const rows = await t.app.ctx.db
        .select({ connections: userPresence.connections })
        .from(userPresence)
        .where(eq(userPresence.userId, user.id));
      return rows.length === 1 && rows[0]!.connections === 1;
    });
    expect(await isConnected(t.app.ctx.db, user.id)).toBe(true);
    await second.close();
    await eventually(async () => !(await isConnected(t.app.ctx.db, user.id)));
  });
});
