import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_DEFAULT_SUBJECT,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_SESSIONS_PER_HOUR,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { admin as adminMessages } from '#shared/messages/admin.ts';
import { chat as chatText } from '#shared/messages/chat.ts';
import {
  ChatMessageSchema,
  ChatSessionSchema,
  ChatStatsSchema,
  type ChatMessage,
  type ChatSession,
} from '#shared/schemas/chat.ts';
import { adminAudit, chatSessions } from '#server/db/schema/support.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

let t: TestApp;
let admin: UserRow;
let member: UserRow;
let otherMember: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  admin = await createAdmin(db);
  member = await createSeeker(db, { displayName: 'Paul Martin' });
  otherMember = await createHelper(db);
});
afterAll(() => t.close());

let addressCounter = 0;
/** A distinct client address per call site, so the per-address session budget counts only where meant. */
const freshAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const withToken = (url: string, token?: string) =>
  token === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}session_token=${encodeURIComponent(token)}`;

const start = (user: UserRow | null, payload: object, remoteAddress = freshAddress()) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/support/chat/sessions', payload, remoteAddress });
const read = (user: UserRow | null, id: string, token?: string) =>
  t.injectAs(user, { method: 'GET', url: withToken(`/api/v1/support/chat/sessions/${id}`, token) });
const setStatus = (user: UserRow | null, id: string, status: string, token?: string) =>
  t.injectAs(user, {
    method: 'PUT',
    url: withToken(`/api/v1/support/chat/sessions/${id}`, token),
    payload: { status },
  });
const end = (user: UserRow | null, id: string, token?: string) =>
  t.injectAs(user, { method: 'DELETE', url: withToken(`/api/v1/support/chat/sessions/${id}`, token) });
const write = (user: UserRow | null, id: string, content: unknown, token?: string) =>
  t.injectAs(user, {
    method: 'POST',
    url: withToken(`/api/v1/support/chat/sessions/${id}/messages`, token),
    payload: { content },
  });
const list = (user: UserRow | null, query = '') =>
  t.injectAs(user, { method: 'GET', url: `/api/v1/support/chat/sessions${query}` });

type Started = ChatSession & { session_token: string };

async function guestSession(subject?: string): Promise<Started> {
  const res = await start(null, { guest_name: 'Camille', guest_email: 'camille@exemple.fr', subject });
  expect(res.statusCode).toBe(201);
  const body = ChatSessionSchema.parse(res.json());
  if (!body.session_token) throw new Error('no session token');
  return { ...body, session_token: body.session_token };
}

async function memberSession(user: UserRow = member): Promise<Started> {
  const res = await start(user, { subject: 'Question sur une réservation' });
  expect(res.statusCode).toBe(201);
  const body = ChatSessionSchema.parse(res.json());
  return { ...body, session_token: body.session_token! };
}

async function posted(user: UserRow | null, id: string, content: string, token?: string): Promise<ChatMessage> {
  const res = await write(user, id, content, token);
  expect(res.statusCode).toBe(201);
  return ChatMessageSchema.parse(res.json());
}

const auditRows = (sessionId: string) =>
  t.app.ctx.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, 'chat_session'), eq(adminAudit.targetId, sessionId)));

describe('POST /support/chat/sessions', () => {
  it('opens a guest session and gives its token once, storing only its SHA-256 digest', async () => {
    const session = await guestSession('  Besoin de parler  ');
    expect(session).toMatchObject({
      status: 'open',
      user_id: null,
      guest_name: 'Camille',
      guest_email: 'camille@exemple.fr',
      subject: 'Besoin de parler',
      chat_messages: [],
    });
    expect(session.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, session.id));
    expect(row?.sessionTokenHash).toBe(createHash('sha256').update(session.session_token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(session.session_token);
    // Never again: a later read carries null.
    const again = await read(null, session.id, session.session_token);
    expect(again.json<ChatSession>().session_token).toBeNull();
  });

  it(`uses "${CHAT_DEFAULT_SUBJECT}" for a missing or blank subject`, async () => {
    expect((await guestSession()).subject).toBe(CHAT_DEFAULT_SUBJECT);
    expect((await guestSession('   ')).subject).toBe(CHAT_DEFAULT_SUBJECT);
  });

  it("opens a signed-in user's session as theirs, without guest fields", async () => {
    const res = await start(member, { guest_name: 'Autre', guest_email: 'autre@exemple.fr' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: member.id, guest_name: null, guest_email: null, status: 'open' });
    expect(res.json<ChatSession>().session_token).toEqual(expect.any(String));
  });

  it('asks a guest for a name and an e-mail: 400 CHAT_GUEST_IDENTITY_REQUIRED', async () => {
    for (const payload of [{}, { guest_name: 'Camille' }, { guest_email: 'camille@exemple.fr' }]) {
      const res = await start(null, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: ErrorCode.CHAT_GUEST_IDENTITY_REQUIRED,
        detail: chatText.guestIdentityRequired,
      });
    }
  });

  it('refuses a malformed e-mail or an over-long subject with 422', async () => {
    expect((await start(null, { guest_name: 'Camille', guest_email: 'pas-une-adresse' })).statusCode).toBe(422);
    const long = await start(null, { guest_name: 'C', guest_email: 'c@exemple.fr', subject: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
  });

  it(`allows ${CHAT_SESSIONS_PER_HOUR} sessions an hour per address, then 429`, async () => {
    const address = freshAddress();
    const guest = { guest_name: 'Camille', guest_email: 'camille@exemple.fr' };
    for (let i = 0; i < CHAT_SESSIONS_PER_HOUR; i++) expect((await start(null, guest, address)).statusCode).toBe(201);
    const refused = await start(null, guest, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe(ErrorCode.RATE_LIMITED);
    // Another address is not concerned.
    expect((await start(null, guest)).statusCode).toBe(201);
  });

  it(`allows ${CHAT_SESSIONS_PER_HOUR} sessions an hour per account, whatever the address`, async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < CHAT_SESSIONS_PER_HOUR; i++) expect((await start(user, {})).statusCode).toBe(201);
    expect((await start(user, {})).statusCode).toBe(429);
  });
});

describe('GET /support/chat/sessions/{id}: owner and admins only', () => {
  it('lets the guest holding the token read the session, messages oldest first', async () => {
    const session = await guestSession();
    const first = await posted(null, session.id, 'Bonjour', session.session_token);
    const reply = await posted(admin, session.id, 'Bonjour, je vous écoute.');
    const res = await read(null, session.id, session.session_token);
    expect(res.statusCode).toBe(200);
    const body = ChatSessionSchema.parse(res.json());
    expect(body.chat_messages.map((m) => m.id)).toEqual([first.id, reply.id]);
    expect(body.last_message_at).toBe(reply.created_at);
  });

  it('answers 404 without the token, with a wrong one, or with another guest’s', async () => {
    const session = await guestSession();
    const other = await guestSession();
    for (const token of [undefined, 'faux-jeton', `${session.session_token}x`, other.session_token]) {
      const res = await read(null, session.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ErrorCode.CHAT_SESSION_NOT_FOUND, detail: chatText.sessionNotFound });
    }
    // A signed-in stranger without the token neither.
    expect((await read(otherMember, session.id)).statusCode).toBe(404);
  });

  it("lets a user read their session with their bearer token, not another user's", async () => {
    const session = await memberSession();
    expect((await read(member, session.id)).statusCode).toBe(200);
    expect((await read(otherMember, session.id)).statusCode).toBe(404);
    expect((await read(null, session.id)).statusCode).toBe(404);
    // The token given at creation opens it too (the browser's stored entry).
    expect((await read(null, session.id, session.session_token)).statusCode).toBe(200);
  });

  it('lets an admin read any session; an unknown id is 404, a malformed one 422', async () => {
    const session = await guestSession();
    expect((await read(admin, session.id)).statusCode).toBe(200);
    expect((await read(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read(admin, 'pas-un-id')).statusCode).toBe(422);
  });
});

describe('GET /support/chat/sessions', () => {
  it('needs a login (401)', async () => {
    expect((await list(null)).statusCode).toBe(401);
  });

  it('gives a user their own sessions only, and an admin every one, by view', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const mine = await memberSession(user);
    const guest = await guestSession();
    const own = await list(user);
    expect(own.statusCode).toBe(200);
    expect(own.json<ChatSession[]>().map((s) => s.id)).toEqual([mine.id]);
    expect(own.json<ChatSession[]>()[0]?.session_token).toBeNull();

    expect((await setStatus(admin, guest.id, 'closed')).statusCode).toBe(200);
    const active = (await list(admin, '?view=active&limit=100')).json<ChatSession[]>();
    const archived = (await list(admin, '?view=archived&limit=100')).json<ChatSession[]>();
    expect(active.some((s) => s.id === mine.id)).toBe(true);
    expect(active.some((s) => s.id === guest.id)).toBe(false);
    expect(archived.some((s) => s.id === guest.id)).toBe(true);
    expect(active.every((s) => s.status === 'open' || s.status === 'active')).toBe(true);
    expect(archived.every((s) => s.status === 'closed' || s.status === 'archived')).toBe(true);
    expect((await list(admin, '?view=autre')).statusCode).toBe(422);
  });

  it('puts the most recently active session first', async () => {
    const older = await guestSession();
    const newer = await guestSession();
    await posted(null, older.id, 'Je suis encore là', older.session_token);
    const ids = (await list(admin, '?limit=100')).json<ChatSession[]>().map((s) => s.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
  });
});

describe('PUT /support/chat/sessions/{id}: status transitions', () => {
  async function sessionIn(status: 'open' | 'active' | 'closed' | 'archived'): Promise<Started> {
    const session = await guestSession();
    await t.app.ctx.db
      .update(chatSessions)
      // A finished session says since when (chat_sessions_closed_at_check).
      .set({ status, closedAt: status === 'closed' || status === 'archived' ? new Date() : null })
      .where(eq(chatSessions.id, session.id));
    return session;
  }

  const adminTable: Array<[string, string, number]> = [
    ['open', 'active', 200],
    ['open', 'closed', 200],
    ['open', 'archived', 200],
    ['open', 'open', 409],
    ['active', 'active', 200],
    ['active', 'closed', 200],
    ['active', 'archived', 200],
    ['active', 'open', 409],
    ['closed', 'archived', 200],
    ['closed', 'active', 409],
    ['closed', 'closed', 409],
    ['closed', 'open', 409],
    ['archived', 'archived', 409],
    ['archived', 'closed', 409],
    ['archived', 'active', 409],
    ['archived', 'open', 409],
  ];
  it.each(adminTable)('admin: %s → %s answers %i', async (from, to, status) => {
    const session = await sessionIn(from as 'open');
    const res = await setStatus(admin, session.id, to);
    expect(res.statusCode).toBe(status);
    if (status === 409) {
      expect(res.json()).toEqual({ code: ErrorCode.CHAT_STATUS_TRANSITION, detail: chatText.statusRefused });
      return;
    }
    expect(ChatSessionSchema.parse(res.json()).status).toBe(to);
  });

  const ownerTable: Array<[string, string, number]> = [
    ['open', 'closed', 200],
    ['active', 'closed', 200],
    ['open', 'active', 409],
    ['open', 'archived', 409],
    ['active', 'open', 409],
    ['closed', 'closed', 409],
    ['closed', 'archived', 409],
    ['archived', 'closed', 409],
  ];
  it.each(ownerTable)('owner (guest token): %s → %s answers %i', async (from, to, status) => {
    const session = await sessionIn(from as 'open');
    const res = await setStatus(null, session.id, to, session.session_token);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json<ChatSession>().status).toBe(to);
  });

  it('lets a user end their own chat; a stranger or a wrong token gets 404, a visitor too', async () => {
    const session = await memberSession();
    expect((await setStatus(otherMember, session.id, 'closed')).statusCode).toBe(404);
    expect((await setStatus(null, session.id, 'closed', 'faux')).statusCode).toBe(404);
    expect((await setStatus(null, session.id, 'closed')).statusCode).toBe(404);
    expect((await setStatus(member, session.id, 'closed')).statusCode).toBe(200);
  });

  it("audits an admin's changes (who, what, before, after), not the owner's, not a no-op", async () => {
    const session = await guestSession();
    await setStatus(admin, session.id, 'active');
    await setStatus(admin, session.id, 'active');
    await setStatus(admin, session.id, 'closed');
    await setStatus(admin, session.id, 'archived');
    const rows = await auditRows(session.id);
    expect(
      rows
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => [row.adminId, row.action, row.before, row.after]),
    ).toEqual([
      [admin.id, 'chat.assign', { status: 'open' }, { status: 'active' }],
      [admin.id, 'chat.close', { status: 'active' }, { status: 'closed' }],
      [admin.id, 'chat.archive', { status: 'closed' }, { status: 'archived' }],
    ]);
    const owned = await guestSession();
    await setStatus(null, owned.id, 'closed', owned.session_token);
    expect(await auditRows(owned.id)).toEqual([]);
  });

  it('refuses an unknown status with 422', async () => {
    const session = await guestSession();
    expect((await setStatus(admin, session.id, 'ended')).statusCode).toBe(422);
  });
});

describe('DELETE /support/chat/sessions/{id}', () => {
  it('ends the chat (closed) and keeps its history; again is harmless', async () => {
    const session = await guestSession();
    await posted(null, session.id, 'Merci', session.session_token);
    expect((await end(null, session.id, session.session_token)).statusCode).toBe(204);
    const after = (await read(admin, session.id)).json<ChatSession>();
    expect(after.status).toBe('closed');
    expect(after.chat_messages).toHaveLength(1);
    expect((await end(null, session.id, session.session_token)).statusCode).toBe(204);
    expect(await auditRows(session.id)).toEqual([]);
  });

  it('lets an admin end any chat (audited) and leaves an archived one archived', async () => {
    const session = await guestSession();
    expect((await end(admin, session.id)).statusCode).toBe(204);
    expect((await auditRows(session.id)).map((row) => row.action)).toEqual(['chat.delete']);
    await setStatus(admin, session.id, 'archived');
    expect((await end(admin, session.id)).statusCode).toBe(204);
    expect((await read(admin, session.id)).json<ChatSession>().status).toBe('archived');
  });

  it('answers 404 to a visitor, a stranger and a wrong token', async () => {
    const session = await memberSession();
    expect((await end(null, session.id)).statusCode).toBe(404);
    expect((await end(otherMember, session.id)).statusCode).toBe(404);
    expect((await end(null, session.id, 'faux')).statusCode).toBe(404);
    expect((await read(member, session.id)).json<ChatSession>().status).toBe('open');
  });
});

describe('POST /support/chat/sessions/{id}/messages', () => {
  it('stores a guest message under the guest name, trimmed', async () => {
    const session = await guestSession();
    const message = await posted(null, session.id, '  Bonjour  ', session.session_token);
    expect(message).toMatchObject({
      session_id: session.id,
      sender: 'guest',
      sender_name: 'Camille',
      content: 'Bonjour',
    });
  });

  it("stores a user's message under their name, also when sent with the session token only", async () => {
    const session = await memberSession();
    expect(await posted(member, session.id, 'Bonjour')).toMatchObject({ sender: 'user', sender_name: 'Paul Martin' });
    expect(await posted(null, session.id, 'Encore moi', session.session_token)).toMatchObject({
      sender: 'user',
      sender_name: 'Paul Martin',
    });
  });

  it('stores an admin reply as the support team, audited without its content', async () => {
    const session = await guestSession();
    const reply = await posted(admin, session.id, 'Nous sommes là.');
    expect(reply).toMatchObject({ sender: 'admin', sender_name: chatText.adminSenderName });
    const rows = await auditRows(session.id);
    expect(rows.map((row) => [row.adminId, row.action, row.after])).toEqual([
      [admin.id, 'chat.message', { message_id: reply.id }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Nous sommes là.');
  });

  it('refuses a closed or archived session with 409 CHAT_SESSION_CLOSED', async () => {
    const session = await guestSession();
    await setStatus(admin, session.id, 'closed');
    const closed = await write(null, session.id, 'Allô ?', session.session_token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ code: ErrorCode.CHAT_SESSION_CLOSED, detail: chatText.sessionClosed });
    await setStatus(admin, session.id, 'archived');
    expect((await write(admin, session.id, 'Réponse tardive')).statusCode).toBe(409);
  });

  it('answers 404 to a visitor, a stranger, a wrong token and another guest', async () => {
    const session = await guestSession();
    const other = await guestSession();
    expect((await write(null, session.id, 'x')).statusCode).toBe(404);
    expect((await write(member, session.id, 'x')).statusCode).toBe(404);
    expect((await write(null, session.id, 'x', 'faux')).statusCode).toBe(404);
    expect((await write(null, session.id, 'x', other.session_token)).statusCode).toBe(404);
    expect((await read(admin, session.id)).json<ChatSession>().chat_messages).toEqual([]);
  });

  it('refuses empty, blank or over-long content with 422', async () => {
    const session = await guestSession();
    for (const content of ['', '   ', 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 42]) {
      expect((await write(null, session.id, content, session.session_token)).statusCode).toBe(422);
    }
  });

  it(`allows ${CHAT_MESSAGES_PER_MINUTE} messages a minute per writer, then 429`, async () => {
    const session = await guestSession();
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await posted(null, session.id, `m${i}`, session.session_token);
    const refused = await write(null, session.id, 'un de trop', session.session_token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe(ErrorCode.RATE_LIMITED);
    // The support team's budget is its own.
    await posted(admin, session.id, 'Je prends le relais');
  });
});

describe('GET /support/chat/messages (admin)', () => {
  it('answers 401 to a visitor and 403 ADMIN_REQUIRED to a non-admin', async () => {
    expect((await t.injectAs(null, { method: 'GET', url: '/api/v1/support/chat/messages' })).statusCode).toBe(401);
    const refused = await t.injectAs(member, { method: 'GET', url: '/api/v1/support/chat/messages' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: ErrorCode.ADMIN_REQUIRED, detail: adminMessages.accessDenied });
  });

  it("gives one session's messages oldest first, or the latest over all sessions newest first", async () => {
    const a = await guestSession();
    const b = await guestSession();
    const m1 = await posted(null, a.id, 'un', a.session_token);
    const m2 = await posted(null, b.id, 'deux', b.session_token);
    const m3 = await posted(admin, a.id, 'trois');
    const one = await t.injectAs(admin, { method: 'GET', url: `/api/v1/support/chat/messages?session_id=${a.id}` });
    expect(one.json<ChatMessage[]>().map((m) => m.id)).toEqual([m1.id, m3.id]);
    const latest = await t.injectAs(admin, { method: 'GET', url: '/api/v1/support/chat/messages?limit=3' });
    expect(latest.json<ChatMessage[]>().map((m) => m.id)).toEqual([m3.id, m2.id, m1.id]);
    const unknown = await t.injectAs(admin, {
      method: 'GET',
      url: '/api/v1/support/chat/messages?session_id=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /support/chat/stats (admin)', () => {
  it('answers 401 to a visitor and 403 to a non-admin', async () => {
    expect((await t.injectAs(null, { method: 'GET', url: '/api/v1/support/chat/stats' })).statusCode).toBe(401);
    expect((await t.injectAs(otherMember, { method: 'GET', url: '/api/v1/support/chat/stats' })).statusCode).toBe(403);
  });

  it('equals the rows: open, active, closed (closed and archived) and their total', async () => {
    const active = await guestSession();
    await setStatus(admin, active.id, 'active');
    const archived = await guestSession();
    await setStatus(admin, archived.id, 'archived');
    const res = await t.injectAs(admin, { method: 'GET', url: '/api/v1/support/chat/stats' });
    expect(res.statusCode).toBe(200);
    const stats = ChatStatsSchema.parse(res.json());
    const count = async (where: string) =>
      Number(
        (
          (await t.app.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM chat_sessions ${where}`))) as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]?.n,
      );
    expect(stats).toEqual({
      total_sessions: await count(''),
      open_sessions: await count(`WHERE status = 'open'`),
      active_sessions: await count(`WHERE status = 'active'`),
      closed_sessions: await count(`WHERE status IN ('closed', 'archived')`),
    });
    expect(stats.active_sessions).toBeGreaterThanOrEqual(1);
    expect(stats.closed_sessions).toBeGreaterThanOrEqual(1);
  });
});
