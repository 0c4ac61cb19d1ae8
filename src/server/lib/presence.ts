import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { PRESENCE_TTL_SECONDS } from '#shared/constants.ts';
import type { Executor } from '../db/client.ts';
import { userPresence } from '../db/schema/messaging.ts';

/**
 * Who has an app socket open, across processes (DESIGN.md section 15: nothing another process needs
 * stays in memory). Each process counts its own sockets per user under its instance id; the count is
 * refreshed by a heartbeat, and a row older than PRESENCE_TTL_SECONDS counts as gone, so a process
 * killed with its sockets open stops counting by itself. Read by the "new message" mail: it goes only
 * to someone connected nowhere.
 */

/** Sets this process's socket count for a user (0 removes the row). */
export async function setPresence(
  db: Executor,
  instanceId: string,
  userId: string,
  connections: number,
): Promise<void> {
  if (connections <= 0) {
    await db.delete(userPresence).where(and(eq(userPresence.userId, userId), eq(userPresence.instanceId, instanceId)));
    return;
  }
  await db
    .insert(userPresence)
    .values({ userId, instanceId, connections, seenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [userPresence.userId, userPresence.instanceId],
      set: { connections, seenAt: sql`now()` },
    });
}

/** Refreshes this process's rows for the users it still holds sockets of. */
export async function refreshPresence(db: Executor, instanceId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(userPresence)
    .set({ seenAt: sql`now()` })
    .where(and(eq(userPresence.instanceId, instanceId), inArray(userPresence.userId, userIds)));
}

/** Drops every row of a process (its shutdown). */
export async function clearPresence(db: Executor, instanceId: string): Promise<void> {
  await db.delete(userPresence).where(eq(userPresence.instanceId, instanceId));
}

/** Whether the user has a live app socket on any process. */
export async function isConnected(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userPresence.userId })
    .from(userPresence)
    .where(
      and(
        eq(userPresence.userId, userId),
        gt(userPresence.connections, 0),
        gt(userPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
