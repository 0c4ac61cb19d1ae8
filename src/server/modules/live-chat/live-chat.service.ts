import { z } from 'zod';
import { CHAT_DEFAULT_SUBJECT, CHAT_MESSAGES_PER_MINUTE, CHAT_SESSIONS_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { chat as chatMessagesText } from '#shared/messages/chat.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { ChatMessage, ChatSession, ChatStats } from '#shared/schemas/chat.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ChatMessageRow, ChatSessionRow } from '../../db/schema/support.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { countersFor } from '../../plugins/rate-limit-store.ts';
import { userFromToken } from '../../plugins/auth.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { accessOf, newSessionToken, type Access, type ChatCaller } from './chat-access.ts';
import { ChatHub, type ChatHubOptions } from './chat-hub.ts';
import { toChatMessageDto, toChatSessionDto } from './chat-dto.ts';
import { chatTransition, isFinished } from './chat-transitions.ts';
import {
  countSessionsByStatus,
  findMessage,
  findSession,
  findSessionAccount,
  findUserName,
  insertMessage,
  insertSession,
  listLatestMessages,
  listSessionMessages,
  listSessions,
  lockSession,
  updateSessionStatus,
  type ChatSessionStatus,
} from './live-chat.repository.ts';

const sessionNotFound = () => notFound(ErrorCode.CHAT_SESSION_NOT_FOUND, chatMessagesText.sessionNotFound);
const sessionClosed = () => conflict(ErrorCode.CHAT_SESSION_CLOSED, chatMessagesText.sessionClosed);
const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, 429, apiErrors.rateLimited);

const UUID = z.uuid();
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * How the caller reaches the session, if at all. The session's account is read only when a session
 * token is given for an account's session: whether that token still holds depends on it.
 */
async function accessTo(db: Executor, session: ChatSessionRow, caller: ChatCaller): Promise<Access | null> {
  const needed = session.userId !== null && caller.sessionToken !== undefined && caller.user?.id !== session.userId;
  const account = needed && session.userId ? await findSessionAccount(db, session.userId) : undefined;
  return accessOf(session, caller, account);
}

async function readableSession(db: Executor, caller: ChatCaller, id: string, lock = false) {
  const session = lock ? await lockSession(db, id) : await findSession(db, id);
  const access = session ? await accessTo(db, session, caller) : null;
  if (!session || !access) throw sessionNotFound();
  return { session, access };
}

/** Counts one event in a budget every process shares (rate-limit-store.ts); over `max`: 429. */
async function spend(ctx: AppContext, budget: string, key: string, windowMs: number, max: number): Promise<void> {
  const { count } = await countersFor(ctx.database, ctx.config.jwtSecret).hit(budget, key, windowMs);
  if (count > max) throw rateLimited();
}

/** Admin consoles on the app socket refresh their chat lists and figures at once (issue 12 section 3). */
const supportActivity = (tx: Executor) => publishEvent(tx, { type: 'support.activity', user_ids: [] });

/**
 * POST /support/chat/sessions. A signed-in user's session is theirs; a guest names themselves
 * (name and e-mail, else 400 CHAT_GUEST_IDENTITY_REQUIRED). The answer carries the session token,
 * once: only its digest is kept. Per account, CHAT_SESSIONS_PER_HOUR (the route counts per address).
 */
export async function createSession(
  ctx: AppContext,
  user: UserRow | null,
  body: { subject?: string; guest_name?: string; guest_email?: string },
): Promise<ChatSession> {
  if (!user && (!body.guest_name || !body.guest_email)) {
    throw badRequest(ErrorCode.CHAT_GUEST_IDENTITY_REQUIRED, chatMessagesText.guestIdentityRequired);
  }
  if (user) await spend(ctx, 'chat-sessions', user.id, HOUR_MS, CHAT_SESSIONS_PER_HOUR);
  const { token, hash } = newSessionToken();
  const session = await ctx.db.transaction(async (tx) => {
    const inserted = await insertSession(tx, {
      sessionTokenHash: hash,
      userId: user?.id ?? null,
      // The token ends when the account's tokens are revoked (chat-access.ts).
      ownerTokenVersion: user?.tokenVersion ?? null,
      guestName: user ? null : (body.guest_name ?? null),
      guestEmail: user ? null : (body.guest_email ?? null),
      // Spec 2 section 9: an empty subject is "Support en direct".
      subject: body.subject || CHAT_DEFAULT_SUBJECT,
    });
    await supportActivity(tx);
    return inserted;
  });
  return toChatSessionDto(session, [], token);
}

/** GET /support/chat/sessions: an admin sees every session (or one view), anyone else their own. */
export async function listChatSessions(
  ctx: AppContext,
  user: UserRow,
  query: { view?: 'active' | 'archived'; skip: number; limit: number },
): Promise<ChatSession[]> {
  const rows = await listSessions(ctx.db, { ...query, userId: isAdminRole(user.role) ? undefined : user.id });
  return rows.map((row) => toChatSessionDto(row));
}

/** GET /support/chat/sessions/{id}: the session with its messages, oldest first. */
export async function getChatSession(ctx: AppContext, caller: ChatCaller, id: string): Promise<ChatSession> {
  const { session } = await readableSession(ctx.db, caller, id);
  return toChatSessionDto(session, await listSessionMessages(ctx.db, id));
}

const AUDIT_ACTIONS: Record<ChatSessionStatus, string> = {
  open: 'chat.status',
  active: 'chat.assign',
  closed: 'chat.close',
  archived: 'chat.archive',
};

/** The status change, its audit row (an admin's) and its events, in the caller's transaction. */
async function applyStatus(
  tx: Transaction,
  session: ChatSessionRow,
  status: ChatSessionStatus,
  audit: { adminId: string; action: string } | null,
): Promise<ChatSessionRow> {
  const updated = await updateSessionStatus(tx, session.id, status, status === 'active' ? audit?.adminId : undefined);
  if (audit) {
    await recordAdminAction(tx, {
      adminId: audit.adminId,
      action: audit.action,
      targetType: 'chat_session',
      targetId: session.id,
      before: { status: session.status },
      after: { status },
    });
  }
  await publishEvent(tx, { type: 'chat.session', session_id: session.id, status, user_ids: [] });
  await supportActivity(tx);
  return updated;
}

/**
 * PUT /support/chat/sessions/{id} {status}: the transitions of chat-transitions.ts (spec 2 section
 * 4); a refused one is 409 CHAT_STATUS_TRANSITION. An admin acts as the support team, even on a chat
 * of their own. Every admin change is audited; sockets of the session hear of it (closed or archived
 * ends them, 1008).
 */
export async function changeChatSessionStatus(
  ctx: AppContext,
  caller: ChatCaller,
  id: string,
  status: ChatSessionStatus,
): Promise<ChatSession> {
  const updated = await ctx.db.transaction(async (tx) => {
    const { session, access } = await readableSession(tx, caller, id, true);
    const change = chatTransition(access.admin ? 'admin' : 'owner', session.status, status);
    if (!change) {
      throw conflict(ErrorCode.CHAT_STATUS_TRANSITION, chatMessagesText.statusRefused);
    }
    if (change === 'noop') return session;
    const audit = access.admin && caller.user ? { adminId: caller.user.id, action: AUDIT_ACTIONS[status] } : null;
    return applyStatus(tx, session, status, audit);
  });
  return toChatSessionDto(updated, await listSessionMessages(ctx.db, id));
}

/**
 * DELETE /support/chat/sessions/{id}: the owner or an admin ends the chat. Nothing is erased — the
 * conversation stays readable (support history, and the admin's archive view): the session is
 * marked closed. An already closed or archived session is left as it is (the call is idempotent).
 */
export async function endChatSession(ctx: AppContext, caller: ChatCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { session, access } = await readableSession(tx, caller, id, true);
    if (isFinished(session.status)) return;
    const audit = access.admin && caller.user ? { adminId: caller.user.id, action: 'chat.delete' } : null;
    await applyStatus(tx, session, 'closed', audit);
  });
}

/** Who a message comes from: the support team, or the session's owner (its user, or its guest). */
async function senderOf(
  db: Executor,
  session: ChatSessionRow,
  access: Access,
  caller: ChatCaller,
): Promise<{ sender: ChatMessageRow['sender']; senderId: string | null; senderName: string }> {
  if (!access.owner && caller.user) {
    return { sender: 'admin', senderId: caller.user.id, senderName: chatMessagesText.adminSenderName };
  }
  if (session.userId) {
    const owner = caller.user?.id === session.userId ? caller.user : await findUserName(db, session.userId);
    return {
      sender: 'user',
      senderId: session.userId,
      senderName: owner?.displayName ?? owner?.username ?? chatMessagesText.memberSenderName,
    };
  }
  return { sender: 'guest', senderId: null, senderName: session.guestName ?? chatMessagesText.memberSenderName };
}

/**
 * POST /support/chat/sessions/{id}/messages, and a `chat_message` frame of the chat socket (the
 * same function, so REST and socket agree). The owner writes as themselves, an admin as "Équipe
 * Appui" (audited). The session row is locked first, so messages commit in (created_at, id) order
 * and a closed session refuses (409 CHAT_SESSION_CLOSED) even against a concurrent close.
 * CHAT_MESSAGES_PER_MINUTE per writer (an account, or a guest's session).
 */
export async function postChatMessage(
  ctx: AppContext,
  caller: ChatCaller,
  id: string,
  content: string,
): Promise<ChatMessage> {
  const probe = await findSession(ctx.db, id);
  const probeAccess = probe ? await accessTo(ctx.db, probe, caller) : null;
  if (!probe || !probeAccess) throw sessionNotFound();
  const writer = !probeAccess.owner && caller.user ? `admin:${caller.user.id}` : (probe.userId ?? `session:${id}`);
  await spend(ctx, 'chat-messages', writer, MINUTE_MS, CHAT_MESSAGES_PER_MINUTE);

  const message = await ctx.db.transaction(async (tx) => {
    const { session, access } = await readableSession(tx, caller, id, true);
    if (isFinished(session.status)) throw sessionClosed();
    const inserted = await insertMessage(tx, {
      sessionId: session.id,
      ...(await senderOf(tx, session, access, caller)),
      content,
    });
    if (inserted.sender === 'admin' && caller.user) {
      await recordAdminAction(tx, {
        adminId: caller.user.id,
        action: 'chat.message',
        targetType: 'chat_session',
        targetId: session.id,
        // The reply itself stays in chat_messages: the audit row names it, it does not copy it.
        after: { message_id: inserted.id },
      });
    }
    await publishEvent(tx, { type: 'chat.message', session_id: session.id, message_id: inserted.id, user_ids: [] });
    await supportActivity(tx);
    return inserted;
  });
  return toChatMessageDto(message);
}

/**
 * GET /support/chat/messages (admin): one session's messages oldest first (404 for an unknown
 * session), or, without `session_id`, the latest messages over every session, newest first.
 */
export async function listChatMessages(
  ctx: AppContext,
  query: { session_id?: string; skip: number; limit: number },
): Promise<ChatMessage[]> {
  if (!query.session_id) return (await listLatestMessages(ctx.db, query)).map(toChatMessageDto);
  if (!(await findSession(ctx.db, query.session_id))) throw sessionNotFound();
  const rows = await listSessionMessages(ctx.db, query.session_id, { skip: query.skip, limit: query.limit });
  return rows.map(toChatMessageDto);
}

/**
 * GET /support/chat/stats (spec 2 section 3). `closed_sessions` counts the closed and the archived
 * ones (both finished; the archive view shows them together), so the three figures add up to the total.
 */
export async function chatStats(ctx: AppContext): Promise<ChatStats> {
  const counts = await countSessionsByStatus(ctx.db);
  const of = (status: ChatSessionStatus) => counts.get(status) ?? 0;
  return {
    total_sessions: of('open') + of('active') + of('closed') + of('archived'),
    open_sessions: of('open'),
    active_sessions: of('active'),
    closed_sessions: of('closed') + of('archived'),
  };
}

// --- the chat socket (chat-hub.ts reads through these) ---

/**
 * Who opens a chat socket: the session must exist and be readable by the holder of `auth_token`
 * (its user, or an admin) or of `session_token`. Anything else — no session, a bad token, a
 * stranger — is the same refusal (the socket closes 1008).
 */
export async function chatSocketCaller(
  ctx: AppContext,
  handshake: { sessionId: string; authToken?: string; sessionToken?: string },
): Promise<{ caller: ChatCaller; ownerId: string | null } | null> {
  if (!handshake.authToken && !handshake.sessionToken) return null;
  // Not an id at all: no session (and no query with a malformed uuid).
  if (!UUID.safeParse(handshake.sessionId).success) return null;
  let user: UserRow | null = null;
  if (handshake.authToken) {
    try {
      user = await userFromToken(ctx, handshake.authToken);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
  const caller: ChatCaller = { user, sessionToken: handshake.sessionToken, authToken: handshake.authToken };
  const session = await findSession(ctx.db, handshake.sessionId);
  if (!session || !(await accessTo(ctx.db, session, caller))) return null;
  return { caller, ownerId: session.userId };
}

/**
 * The caller of a chat socket's frame as it is now: a socket opened with an account token reads its
 * user again from that token, so a token revoked (password change) or expired since the socket opened,
 * or an admin role taken away, writes nothing — the same refusal as a stranger's (the hub closes 1008).
 */
async function currentSocketCaller(ctx: AppContext, caller: ChatCaller): Promise<ChatCaller> {
  if (!caller.authToken) return caller;
  try {
    return { ...caller, user: await userFromToken(ctx, caller.authToken) };
  } catch (error) {
    if (error instanceof AppError) throw sessionNotFound();
    throw error;
  }
}

/** A session's current status (null once it is gone). */
export async function chatSessionStatus(ctx: AppContext, id: string): Promise<ChatSessionStatus | null> {
  return (await findSession(ctx.db, id))?.status ?? null;
}

/**
 * The session's messages after `after` (a message id of that session), oldest first; every message
 * when `after` is absent or not a message of the session (the client dedupes by id).
 */
export async function chatMessagesAfter(
  ctx: AppContext,
  sessionId: string,
  after: string | null,
): Promise<ChatMessage[]> {
  const cursor = after && UUID.safeParse(after).success ? await findMessage(ctx.db, after) : undefined;
  const rows = await listSessionMessages(ctx.db, sessionId, {
    afterId: cursor?.sessionId === sessionId ? cursor.id : undefined,
  });
  return rows.map(toChatMessageDto);
}

/** The chat sockets of one app instance (created in app.ts like the app socket's hub). */
export function createChatHub(ctx: AppContext, options: Partial<ChatHubOptions> = {}): ChatHub {
  return new ChatHub(
    ctx,
    {
      authenticate: (handshake) => chatSocketCaller(ctx, handshake),
      status: (sessionId) => chatSessionStatus(ctx, sessionId),
      messagesAfter: (sessionId, after) => chatMessagesAfter(ctx, sessionId, after),
      post: async (caller, sessionId, content) =>
        postChatMessage(ctx, await currentSocketCaller(ctx, caller), sessionId, content),
    },
    options,
  );
}

export { ChatHub, type ChatHubOptions } from './chat-hub.ts';
export type { ChatCaller } from './chat-access.ts';
