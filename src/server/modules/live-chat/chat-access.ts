import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_SESSION_TOKEN_GRACE_MS } from '#shared/constants.ts';
import { isAdminRole } from '#shared/rules/roles.ts';
import type { ChatSessionRow } from '../../db/schema/support.ts';
import type { UserRow } from '../../db/schema/users.ts';

/**
 * Who calls: the signed-in user (or nobody), and the session token a guest (or a user's browser)
 * was given at creation. A session is readable by its owner — the user it belongs to, or whoever
 * holds its token while the token lives (sessionTokenLive) — and by admins; to anyone else it does
 * not exist (404, as an unknown id).
 */
export type ChatCaller = {
  user: UserRow | null;
  sessionToken?: string;
  /**
   * The account token a chat socket was opened with (not set for a REST call, whose user is read per
   * request): each frame the socket sends reads the user again from it, so a revoked or expired token,
   * or a lost admin role, stops the socket writing at once.
   */
  authToken?: string;
};

/** How a caller reaches one session: as its owner, as the support team, or both (an admin's own chat). */
export type Access = { owner: boolean; admin: boolean };

/** A session token is 32 random bytes; only its SHA-256 digest is stored (migration 0010). */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: digestOf(token) };
}

function digestOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares digests in constant time: how long it takes says nothing about the stored one. */
function tokenMatches(session: ChatSessionRow, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(digestOf(token), 'hex');
  const stored = Buffer.from(session.sessionTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The account a session belongs to, as it is now; undefined when the row is gone. */
export type SessionOwnerState = Pick<UserRow, 'tokenVersion' | 'suspendedAt' | 'erasedAt'> | undefined;

/**
 * Whether a session token still opens its session. It ends CHAT_SESSION_TOKEN_GRACE_MS after the
 * chat was closed or archived; and a token given for an account's session ends with the account's own
 * tokens — a password change or reset, a suspension or an erasure moves token_version past the one
 * recorded when the token was given (ADR 0004). A guest's token (no account) ends with the chat only.
 */
export function sessionTokenLive(
  session: Pick<ChatSessionRow, 'userId' | 'ownerTokenVersion' | 'closedAt'>,
  account: SessionOwnerState,
  now: Date,
): boolean {
  if (session.closedAt && now.getTime() - session.closedAt.getTime() > CHAT_SESSION_TOKEN_GRACE_MS) return false;
  if (session.userId === null && session.ownerTokenVersion === null) return true;
  return (
    account !== undefined &&
    account.suspendedAt === null &&
    account.erasedAt === null &&
    account.tokenVersion === session.ownerTokenVersion
  );
}

/**
 * `account` is the session's account as it is now (sessionTokenLive needs it; the service reads it
 * only when a session token is given for an account's session).
 */
export function accessOf(
  session: ChatSessionRow,
  caller: ChatCaller,
  account: SessionOwnerState,
  now: Date = new Date(),
): Access | null {
  const owner =
    (caller.user !== null && session.userId !== null && session.userId === caller.user.id) ||
    (tokenMatches(session, caller.sessionToken) && sessionTokenLive(session, account, now));
  const admin = caller.user !== null && isAdminRole(caller.user.role);
  return owner || admin ? { owner, admin } : null;
}
