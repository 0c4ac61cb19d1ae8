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
 * A seeker's payment-holds lock, taken before the helper's calendar lock by every write that opens a
 * payment hold (bookings.service `holdTime`): the caps on unpaid holds span helpers, so two requests
 * of one seeker for two helpers, which take two different calendar locks, must still queue here or
 * both would see room under the cap. Always taken first, and by nothing that holds a calendar lock,
 * so the two locks cannot deadlock.
 */
export async function lockSeekerHolds(db: Executor, seekerId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${'holds:' + seekerId}, 0))`);
}

/**
 * A helper's payout lock, taken by a payout the app asks for: a second request (another click, another
 * process) waits until the first one's payout is recorded, then reads the balance without it.
 */
export async function lockHelperPayouts(db: Executor, helperId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${'payouts:' + helperId}, 0))`);
}
