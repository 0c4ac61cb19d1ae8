import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '#server/db/client.ts';
import { publishEvent, subscribeToBus } from '#server/lib/realtime-bus.ts';

/**
 * Waits until the notifications of the commits made so far went round the bus: a marker sent now
 * arrives after them, and the app's own subscriber, registered first, has handled them by then (on
 * PostgreSQL a notification arrives later than its commit, through the LISTEN connection).
 */
export async function busCaughtUp(database: DatabaseHandle): Promise<void> {
  const marker = `marker-${Math.random()}`;
  let heard!: () => void;
  const heardIt = new Promise<void>((resolve) => (heard = resolve));
  const stop = await subscribeToBus(database, (event) => {
    if (event.user_ids[0] === marker) heard();
  });
  try {
    await publishEvent(database.db, { type: 'search.changed', user_ids: [marker] });
    await heardIt;
  } finally {
    await stop();
  }
}

/** Runs a write, then waits until the notifications of its commits went round the bus. */
export async function announced<T>(database: DatabaseHandle, write: () => Promise<T>): Promise<T> {
  const result = await write();
  await busCaughtUp(database);
  return result;
}

/** A write the triggers do not see (replica role): only a cache's expiry would show it. */
export async function unannounced(db: Executor, write: (tx: Executor) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await write(tx);
  });
}
