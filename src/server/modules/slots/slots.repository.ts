import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { TIME_HOLDING_STATUSES } from '#shared/rules/booking-status.ts';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { oneOf } from '../../db/schema/checks.ts';
import { slots, type SlotRow } from '../../db/schema/slots.ts';
import { activeAccountCondition } from '../../lib/account-state.ts';

export type NewSlot = typeof slots.$inferInsert;

export async function insertSlots(db: Executor, values: NewSlot[]): Promise<SlotRow[]> {
  if (values.length === 0) return [];
  return db.insert(slots).values(values).returning();
}

/**
 * Whether a stored slot of the helper (any offer, available or not: a disabled slot can be enabled
 * again) overlaps one of `periods`, as half-open intervals. The `start_at < end` bound keeps the
 * scan on the (helper_id, start_at) index.
 */
export async function hasOverlappingSlot(
  db: Executor,
  helperId: string,
  periods: readonly { startAt: Date; endAt: Date }[],
): Promise<boolean> {
  if (periods.length === 0) return false;
  const array = (instants: Date[]) =>
    sql`ARRAY[${sql.join(
      instants.map((instant) => sql`${instant.toISOString()}`),
      sql`, `,
    )}]::timestamptz[]`;
  const latestEnd = new Date(Math.max(...periods.map((period) => period.endAt.getTime()))).toISOString();
  const result = await db.execute(sql`
    SELECT 1 FROM slots s
    WHERE s.helper_id = ${helperId} AND s.start_at < ${latestEnd}::timestamptz
      AND EXISTS (
        SELECT 1 FROM unnest(${array(periods.map((p) => p.startAt))}, ${array(periods.map((p) => p.endAt))}) AS p(start_at, end_at)
        WHERE s.start_at < p.end_at AND p.start_at < s.end_at
      )
    LIMIT 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

export async function listHelperSlots(
  db: Executor,
  helperId: string,
  options: { offerId?: string; includePast: boolean; now: Date },
): Promise<SlotRow[]> {
  const conditions: SQL[] = [eq(slots.helperId, helperId)];
  if (options.offerId) conditions.push(eq(slots.offerId, options.offerId));
  if (!options.includePast) conditions.push(gt(slots.endAt, options.now));
  return db
    .select()
    .from(slots)
    .where(and(...conditions))
    .orderBy(asc(slots.startAt), asc(slots.endAt));
}

export async function deleteOwnSlot(db: Executor, id: string, helperId: string): Promise<SlotRow | undefined> {
  const [row] = await db
    .delete(slots)
    .where(and(eq(slots.id, id), eq(slots.helperId, helperId)))
    .returning();
  return row;
}

export async function toggleOwnSlot(db: Executor, id: string, helperId: string): Promise<SlotRow | undefined> {
  const [row] = await db
    .update(slots)
    .set({ isAvailable: sql`NOT ${slots.isAvailable}` })
    .where(and(eq(slots.id, id), eq(slots.helperId, helperId)))
    .returning();
  return row;
}

/** A half-open range of instants [from, to). */
export type TimeRange = { from: Date; to: Date };

export type Calendar = {
  /** Available slots merged into disjoint windows by PostgreSQL (`range_agg`), sorted. */
  open: { start: Date; end: Date; offerId: null; isAvailable: true }[];
  /** Bookings in a time-holding status (whether a payment hold is still live is the rule's call). */
  held: { start: Date; end: Date; status: string; holdExpiresAt: Date | null }[];
};

/**
 * What free windows are made of, in one round trip (on PGlite each query is a turn of its single
 * connection): a helper's available slots overlapping `slotRange`, for one offer (its own slots and
 * the helper-wide ones) or for all, merged by PostgreSQL into a few dozen rows of plain numbers; and
 * the helper's bookings holding time that overlap `bookingRange`. With `activeOnly`, nothing comes
 * back for a suspended or erased helper.
 *
 * The bounds on start_at keep the slot scan on the (helper_id, start_at) index, to the range only
 * (a slot never lasts more than `maxSlotMinutes`); the booking predicate matches the partial GiST
 * index behind `bookings_no_overlap`, so it stays an index scan whatever the helper's history.
 */
export async function loadCalendar(
  db: Executor,
  query: {
    helperId: string;
    offerId: string | null;
    slotRange: TimeRange;
    bookingRange: TimeRange;
    maxSlotMinutes: number;
    activeOnly: boolean;
    /**
     * Without `offerId`: only the slots of no offer or of an offer anyone may see (visible, not
     * deleted), so that a hidden or deleted offer's calendar does not show through "all offers".
     */
    listedOffersOnly?: boolean;
  },
): Promise<Calendar> {
  const { helperId, offerId } = query;
  const from = query.slotRange.from.toISOString();
  const offerFilter = offerId
    ? sql`AND (offer_id = ${offerId} OR offer_id IS NULL)`
    : query.listedOffersOnly
      ? sql`AND (offer_id IS NULL OR offer_id IN (
          SELECT id FROM offers WHERE helper_id = ${helperId} AND visible AND deleted_at IS NULL))`
      : sql``;
  const active = query.activeOnly ? sql`AND ${activeAccountCondition(helperId)}` : sql``;
  const ms = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;
  const result = await db.execute(sql`
    SELECT 0 AS kind, ${ms(sql`lower(r)`)} AS start_ms, ${ms(sql`upper(r)`)} AS end_ms, NULL AS status, NULL::float8 AS hold_ms
    FROM unnest((
      SELECT range_agg(tstzrange(start_at, end_at)) FROM slots
      WHERE helper_id = ${helperId} AND is_available
        AND start_at > ${from}::timestamptz - make_interval(mins => ${query.maxSlotMinutes})
        AND start_at < ${query.slotRange.to.toISOString()}::timestamptz
        AND end_at > ${from}::timestamptz ${offerFilter} ${active}
    )) AS r
    UNION ALL
    SELECT 1, ${ms(sql`start_at`)}, ${ms(sql`end_at`)}, status, ${ms(sql`hold_expires_at`)}
    FROM bookings
    WHERE helper_id = ${helperId} AND ${oneOf(bookings.status, TIME_HOLDING_STATUSES)}
      AND tstzrange(start_at, end_at) && tstzrange(${query.bookingRange.from.toISOString()}::timestamptz, ${query.bookingRange.to.toISOString()}::timestamptz)
      ${active}`);
  const calendar: Calendar = { open: [], held: [] };
  type Row = { kind: number; start_ms: number; end_ms: number; status: string | null; hold_ms: number | null };
  for (const row of (result as { rows: Row[] }).rows) {
    const start = new Date(Number(row.start_ms));
    const end = new Date(Number(row.end_ms));
    if (Number(row.kind) === 0) calendar.open.push({ start, end, offerId: null, isAvailable: true });
    else
      calendar.held.push({
        start,
        end,
        status: row.status ?? '',
        holdExpiresAt: row.hold_ms === null ? null : new Date(Number(row.hold_ms)),
      });
  }
  return calendar;
}
