import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client.ts';

/**
 * The cross-process event bus (DESIGN.md section 10): a writer publishes inside its transaction with
 * `pg_notify`, so the event leaves at commit and never for a rolled-back write; every process LISTENs
 * (PostgreSQL server) or gets PGlite's in-process notification, and its socket hub loads what each
 * connected user may see. Payloads carry ids only (NOTIFY payloads stay under 8 000 bytes, and what a
 * user sees of a message depends on who they are: masking).
 */
export const REALTIME_CHANNEL = 'appui_events';

export type BookingChange = 'created' | 'paid' | 'cancelled' | 'completed';

export type BusEvent =
  /** A message was posted; `user_ids` are the two parties of the conversation. */
  | { type: 'message.created'; conversation_id: string; message_id: string; user_ids: string[] }
  /** `user_id` read the conversation up to `last_read_at`: their other sessions update their counts. */
  | { type: 'conversation.read'; conversation_id: string; user_id: string; user_ids: string[] }
  /** Messages of the conversation changed (masked ones revealed): its parties reload it. */
  | { type: 'conversation.updated'; conversation_id: string; user_ids: string[] }
  /** A booking was created, paid, cancelled or completed; `user_ids` are its seeker and helper. */
  | { type: 'booking.changed'; booking_id: string; change: BookingChange; user_ids: string[] }
  /**
   * A live-chat message was stored: each process's chat hub sends it to its sockets of that session.
   * `user_ids` is empty: chat sockets are found by session (a guest has no user id).
   */
  | { type: 'chat.message'; session_id: string; message_id: string; user_ids: string[] }
  /** A live-chat session changed status (active, closed, archived); `user_ids` is empty, as above. */
  | { type: 'chat.session'; session_id: string; status: string; user_ids: string[] }
  /**
   * Support activity (a chat opened, written in or changed): every process's app-socket hub tells its
   * connected administrators, whatever `user_ids` says (empty).
   */
  | { type: 'support.activity'; user_ids: string[] }
  /** The user's tokens were revoked (password or e-mail change): their open sockets close at once. */
  | { type: 'session.revoked'; user_ids: string[] }
  /**
   * Something a search answer shows changed (offer, pricing, helper's public fields or state,
   * reviews): sent by the database triggers of migration 0013, every process drops its cached
   * answers. `user_ids` is empty: no socket is told.
   */
  | { type: 'search.changed'; user_ids: string[] }
  /**
   * A helper's free windows may have changed (their slots, the bookings holding their time, their
   * account state): sent by the triggers of migration 0014, every process drops that helper's cached
   * answers, or all of them when `helper_id` is null (a TRUNCATE names nobody). `user_ids` is empty.
   */
  | { type: 'free_time.changed'; helper_id: string | null; user_ids: string[] };

/** Publishes an event; pass the transaction that makes the change so it leaves at its commit. */
export async function publishEvent(db: Executor, event: BusEvent): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Parses a payload of our channel; anything else (a stray NOTIFY) is dropped. */
export function parseBusEvent(payload: string): BusEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<BusEvent>;
    if (typeof value !== 'object' || value === null || typeof value.type !== 'string') return null;
    if (!Array.isArray(value.user_ids)) return null;
    return value as BusEvent;
  } catch {
    return null;
  }
}

/** Subscribes to the bus; `onReconnect` runs when the listener lost events and came back. */
export function subscribeToBus(
  database: DatabaseHandle,
  onEvent: (event: BusEvent) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  return database.listen(REALTIME_CHANNEL, {
    onNotify: (payload) => {
      const event = parseBusEvent(payload);
      if (event) onEvent(event);
    },
    onReconnect,
  });
}
