import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The current token_version of each user still present (an erased account is simply absent). */
export async function tokenVersionsOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.tokenVersion]));
}
