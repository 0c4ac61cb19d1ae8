import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  supportMessages,
  supportResponses,
  type SupportMessageRow,
  type SupportResponseRow,
} from '../../db/schema/support.ts';

type SupportMessageStatus = SupportMessageRow['status'];
type SupportPriority = SupportMessageRow['priority'];

export type NewSupportMessage = {
  userId: string;
  userName: string;
  userEmail: string;
  subject: string;
  message: string;
  priority: SupportPriority;
};

export async function insertSupportMessage(db: Executor, values: NewSupportMessage): Promise<SupportMessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('support message not inserted');
  return row;
}

export async function findSupportMessage(db: Executor, id: string): Promise<SupportMessageRow | undefined> {
  const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, id)).limit(1);
  return row;
}

/** Locks the message: two admins changing it at once apply one change after the other. */
export async function lockSupportMessage(db: Executor, id: string): Promise<SupportMessageRow | undefined> {
  const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, id)).for('update').limit(1);
  return row;
}

export async function updateSupportMessage(
  db: Executor,
  id: string,
  changes: { status?: SupportMessageStatus; priority?: SupportPriority },
): Promise<SupportMessageRow> {
  const [row] = await db
    .update(supportMessages)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(supportMessages.id, id))
    .returning();
  if (!row) throw new Error('support message not updated');
  return row;
}

/** Newest first, ties broken by id so pages never overlap. */
const newestFirst = [desc(supportMessages.createdAt), desc(supportMessages.id)];

/** The author's own messages, newest first. */
export async function listMessagesOf(
  db: Executor,
  userId: string,
  page: { skip: number; limit: number },
): Promise<SupportMessageRow[]> {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(...newestFirst)
    .offset(page.skip)
    .limit(page.limit);
}

/**
 * The admin list: optional filters, then urgent messages that are not closed first (someone may be in
 * danger), then everything else newest first.
 */
export async function listMessages(
  db: Executor,
  query: { status?: SupportMessageStatus; priority?: SupportPriority; skip: number; limit: number },
): Promise<SupportMessageRow[]> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(supportMessages.status, query.status));
  if (query.priority) filters.push(eq(supportMessages.priority, query.priority));
  return db
    .select()
    .from(supportMessages)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(
      sql`(${supportMessages.priority} = 'urgent' AND ${supportMessages.status} <> 'closed') DESC`,
      ...newestFirst,
    )
    .offset(query.skip)
    .limit(query.limit);
}

/** The responses of these messages, oldest first. */
export async function listResponsesOf(db: Executor, messageIds: string[]): Promise<SupportResponseRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(supportResponses)
    .where(inArray(supportResponses.supportMessageId, messageIds))
    .orderBy(asc(supportResponses.createdAt), asc(supportResponses.id));
}

export async function insertResponse(
  db: Executor,
  values: { supportMessageId: string; adminId: string; responseText: string },
): Promise<SupportResponseRow> {
  const [row] = await db.insert(supportResponses).values(values).returning();
  if (!row) throw new Error('support response not inserted');
  return row;
}

/**
 * GET /support/stats in one pass over the table. `high_priority_messages`: urgent or high messages
 * that are not closed, i.e. those still waiting for someone.
 */
export async function countMessages(db: Executor): Promise<{
  total: number;
  open: number;
  inProgress: number;
  closed: number;
  highPriority: number;
}> {
  const count = (filter: SQL) => sql<number>`count(*) FILTER (WHERE ${filter})`.mapWith(Number);
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      open: count(sql`${supportMessages.status} = 'open'`),
      inProgress: count(sql`${supportMessages.status} = 'in_progress'`),
      closed: count(sql`${supportMessages.status} = 'closed'`),
      highPriority: count(
        sql`${supportMessages.priority} IN ('urgent', 'high') AND ${supportMessages.status} <> 'closed'`,
      ),
    })
    .from(supportMessages);
  return row ?? { total: 0, open: 0, inProgress: 0, closed: 0, highPriority: 0 };
}
