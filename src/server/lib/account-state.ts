import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/users.ts';

/**
 * The account is live: neither suspended by an admin nor erased at the person's request (issue 13).
 * A suspended or erased account cannot be found, booked or written to; every module asks here.
 */
export async function isActiveAccount(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(isLiveAccount(userId)).limit(1);
  return row !== undefined;
}

/** The same rule as a condition, for a query that must answer in one round trip (free windows). */
export function activeAccountCondition(userId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${users} WHERE ${isLiveAccount(userId)})`;
}

function isLiveAccount(userId: string): SQL {
  return and(eq(users.id, userId), isNull(users.suspendedAt), isNull(users.erasedAt))!;
}
