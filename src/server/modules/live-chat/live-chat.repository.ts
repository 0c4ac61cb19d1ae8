import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatMessages, chatSessions, type ChatMessageRow, type ChatSessionRow } from '../../db/schema/support.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { isFinished } from './chat-transitions.ts';

export type ChatSessionStatus = ChatSessionRow['status'];

/** Statuses of the admin console's two lists (spec 2 section 4). */
const ACTIVE_VIEW: ChatSessionStatus[] = ['open', 'active'];
const ARCHIVED_VIEW: ChatSessionStatus[] = ['closed', 'archived'];

export async function insertSession(
  db: Executor,
  values: Pick<
    typeof chatSessions.$inferInsert,
    'sessionTokenHash' | 'userId' | 'ownerTokenVersion' | 'guestName' | 'guestEmail' | 'subject'
  >,
): Promise<ChatSessionRow> {
  const [row] = await db.insert(chatSessions).values(values).returning();
  if (!row) throw new Error('chat session not inserted');
  return row;
}

export async function findSession(db: Executor, id: string): Promise<ChatSessionRow | undefined> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).limit(1);
  return row;
}

/** The session row locked until the transaction ends: its messages and status change one at a time. */
export async function lockSession(db: Executor, id: string): Promise<ChatSessionRow | undefined> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).for('update').limit(1);
  return row;
}

/** `closed_at` is kept from the first close: archiving a closed session later does not restart its token's grace. */
export async function updateSessionStatus(
  db: Executor,
  id: string,
  status: ChatSessionStatus,
  assignedAdminId?: string,
): Promise<ChatSessionRow> {
  const [row] = await db
    .update(chatSessions)
    .set({
      status,
      updatedAt: sql`now()`,
      closedAt: isFinished(status) ? sql`coalesce(${chatSessions.closedAt}, now())` : null,
      ...(assignedAdminId ? { assignedAdminId } : {}),
    })
    .where(eq(chatSessions.id, id))
    .returning();
  if (!row) throw new Error('chat session not updated');
  return row;
}

/** Most recently active first: the last message, or the opening for a session nobody wrote in yet. */
const lastActivity = sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt})`;

export async function listSessions(
  db: Executor,
  filter: { userId?: string; view?: 'active' | 'archived'; skip: number; limit: number },
): Promise<ChatSessionRow[]> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(chatSessions.userId, filter.userId));
  if (filter.view)
    conditions.push(inArray(chatSessions.status, filter.view === 'active' ? ACTIVE_VIEW : ARCHIVED_VIEW));
  return db
    .select()
    .from(chatSessions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(lastActivity), desc(chatSessions.id))
    .offset(filter.skip)
    .limit(filter.limit);
}

/**
 * Inserts a message into a session the caller has locked (lockSession): `created_at` is
 * clock_timestamp(), taken after the lock, so (created_at, id) order is commit order and a reader
 * catching up "after" a message never misses one committed later with an earlier time.
 */
export async function insertMessage(
  db: Executor,
  values: Pick<typeof chatMessages.$inferInsert, 'sessionId' | 'sender' | 'senderId' | 'senderName' | 'content'>,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message not inserted');
  // From the row itself, to the microsecond (row.createdAt is a Date: milliseconds).
  await db
    .update(chatSessions)
    .set({
      lastMessageAt: sql`(SELECT m.created_at FROM chat_messages m WHERE m.id = ${row.id})`,
      updatedAt: sql`now()`,
    })
    .where(eq(chatSessions.id, values.sessionId));
  return row;
}

/** What decides whether a session token given for this account still holds (chat-access.ts). */
export async function findSessionAccount(
  db: Executor,
  userId: string,
): Promise<Pick<UserRow, 'tokenVersion' | 'suspendedAt' | 'erasedAt'> | undefined> {
  const [row] = await db
    .select({ tokenVersion: users.tokenVersion, suspendedAt: users.suspendedAt, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The names a chat shows for a member (`sender_name`). */
export async function findUserName(
  db: Executor,
  id: string,
): Promise<{ displayName: string | null; username: string | null } | undefined> {
  const [row] = await db
    .select({ displayName: users.displayName, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findMessage(db: Executor, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return row;
}

/**
 * A session's messages, oldest first; `afterId` (a message of that session) keeps only the later ones.
 * The cursor is compared in SQL, (created_at, id) against the cursor row's: a JavaScript Date keeps
 * milliseconds, the column microseconds. Ordered by the (session_id, created_at, id) index.
 */
export async function listSessionMessages(
  db: Executor,
  sessionId: string,
  options: { afterId?: string; skip?: number; limit?: number } = {},
): Promise<ChatMessageRow[]> {
  const { afterId } = options;
  const later = afterId
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) > (SELECT c.created_at, c.id FROM chat_messages c
        WHERE c.id = ${afterId} AND c.session_id = ${sessionId})`
    : undefined;
  const query = db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), later))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .offset(options.skip ?? 0);
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** The latest messages over every session, newest first (the admin's overview). */
export async function listLatestMessages(
  db: Executor,
  page: { skip: number; limit: number },
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .offset(page.skip)
    .limit(page.limit);
}

/** Sessions per status, in one pass. */
export async function countSessionsByStatus(db: Executor): Promise<Map<ChatSessionStatus, number>> {
  const rows = await db
    .select({ status: chatSessions.status, count: sql<number>`count(*)::int` })
    .from(chatSessions)
    .groupBy(chatSessions.status);
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}
