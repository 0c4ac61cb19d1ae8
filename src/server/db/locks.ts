import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/**
 * A helper's calendar lock, taken by every write that fills or opens that helper's time (bookings,
 * payment holds, slots): until the caller's transaction ends, those writes queue, so two requests
 * cannot both see a free period and both fill it (ADR 0003, ADR 0005). One definition, so the key
 * cannot drift between the modules that take it.
 */
export async function lockHelperCalendar(db: Executor, helperId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${'calendar:' + helperId}, 0))`);
}

/**
 * A helper's payout lock, taken by a payout the app asks for: a second request (another click, another
 * process) waits until the first one's payout is recorded, then reads the balance without it.
 */
export async function lockHelperPayouts(db: Executor, helperId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${'payouts:' + helperId}, 0))`);
}
