import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * The planner's row estimate for a query (EXPLAIN plans without running it: a fraction of a
 * millisecond), for totals too large to count exactly. PGlite answers the plan as JSON text,
 * node-postgres as a parsed value; both are read here.
 */
export async function estimatedRows(db: Executor, query: SQL): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}
