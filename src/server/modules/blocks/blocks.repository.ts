import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversations } from '../../db/schema/messaging.ts';
import { userBlocks, users } from '../../db/schema/users.ts';

export type BlockedUserRow = {
  id: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
  blockedAt: Date;
};

/** The account a block may name: an existing one not erased (an erased account is nobody any more). */
export async function findBlockableUser(db: Executor, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), sql`${users.erasedAt} IS NULL`))
    .limit(1);
  return row;
}

/** Inserts the block; false when it already existed (the primary key decides races). */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

/** Whether either of the two blocked the other (two primary-key lookups). */
export async function blockExistsBetween(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Everyone `userId` blocked and everyone who blocked `userId` (the primary key and user_blocks_blocked_idx). */
export async function listBlockedIdsBothWays(db: Executor, userId: string): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT blocked_id AS id FROM ${userBlocks} WHERE blocker_id = ${userId}
    UNION
    SELECT blocker_id AS id FROM ${userBlocks} WHERE blocked_id = ${userId}`);
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** The people `blockerId` blocked, newest first: never those who blocked them. */
export async function listBlockedBy(
  db: Executor,
  blockerId: string,
  page: { skip: number; limit: number },
): Promise<BlockedUserRow[]> {
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatarUrl: users.avatarUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .offset(page.skip)
    .limit(page.limit);
}

export async function findBlock(
  db: Executor,
  blockerId: string,
  blockedId: string,
): Promise<BlockedUserRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatarUrl: users.avatarUrl,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row;
}

/** The conversations between the two, whichever is the helper: their parties' views change with a block. */
export async function conversationIdsBetween(db: Executor, a: string, b: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.helperId, a), eq(conversations.userId, b)),
        and(eq(conversations.helperId, b), eq(conversations.userId, a)),
      ),
    );
  return rows.map((row) => row.id);
}
