import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Booking sweeps (DESIGN.md sections 8 and 15). Each is one idempotent UPDATE: any number of
 * processes may run them at once; a row changes at most once because the WHERE clause no longer
 * matches it afterwards (PostgreSQL re-checks it after waiting on a concurrent update).
 */

/** scheduled/paid -> completed once the session has ended. Returns how many rows changed. */
export async function completePastBookings(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    UPDATE bookings SET status = 'completed', updated_at = now()
    WHERE status IN ('scheduled', 'paid') AND end_at <= now()
    RETURNING id`);
  return rowCount(result);
}

/** pending_payment -> cancelled once the 30-minute hold has lapsed, freeing the helper's time. */
export async function expirePaymentHolds(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    UPDATE bookings
    SET status = 'cancelled', cancelled_at = now(), refund_status = 'none', refund_cents = 0, updated_at = now()
    WHERE status = 'pending_payment' AND hold_expires_at < now()
    RETURNING id`);
  return rowCount(result);
}

/** Both sweeps; holds first so their time is freed before anything else looks. */
export async function runBookingSweeps(db: Executor): Promise<{ expired: number; completed: number }> {
  const expired = await expirePaymentHolds(db);
  const completed = await completePastBookings(db);
  return { expired, completed };
}

// pg answers {rows}, PGlite {rows} too, both with RETURNING; counting rows works on both drivers.
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
