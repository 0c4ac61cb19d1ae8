import { SLOT_STEP_MINUTES, TIME_BAR_CELL_MINUTES } from '../constants.ts';
import { holdsTime } from './booking-status.ts';

/**
 * Free booking windows (spec 1 sections 2 and 9): the helper's available slots for an offer minus
 * the time already held by bookings, from now on. The server uses the same rule to refuse a booking
 * outside a window; the booking page uses it to offer start times every 15 minutes.
 */

export type Interval = { start: Date; end: Date };

export type SlotLike = Interval & { offerId: string | null; isAvailable: boolean };
export type BookingLike = Interval & { status: string; holdExpiresAt?: Date | null };

const MINUTE_MS = 60_000;

/** Sorted union of intervals; touching intervals merge (09:00-10:00 and 10:00-11:00 give 09:00-11:00). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.end.getTime() > interval.start.getTime())
    .map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }))
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged.map((interval) => ({ start: new Date(interval.start), end: new Date(interval.end) }));
}

/** `windows` minus `taken`; both may be unsorted and overlapping. */
export function subtractIntervals(windows: readonly Interval[], taken: readonly Interval[]): Interval[] {
  const busy = mergeIntervals(taken);
  const result: Interval[] = [];
  for (const window of mergeIntervals(windows)) {
    let cursor = window.start.getTime();
    const end = window.end.getTime();
    for (const block of busy) {
      const blockStart = block.start.getTime();
      const blockEnd = block.end.getTime();
      if (blockEnd <= cursor) continue;
      if (blockStart >= end) break;
      if (blockStart > cursor) result.push({ start: new Date(cursor), end: new Date(blockStart) });
      cursor = Math.max(cursor, blockEnd);
      if (cursor >= end) break;
    }
    if (cursor < end) result.push({ start: new Date(cursor), end: new Date(end) });
  }
  return result;
}

/**
 * The free windows of an offer: available slots of that offer or of every offer (offer_id null),
 * minus the time held by bookings, cut at `now`. Sorted, disjoint.
 */
export function freeWindows(input: {
  slots: readonly SlotLike[];
  bookings: readonly BookingLike[];
  offerId: string | null;
  now: Date;
}): Interval[] {
  const { offerId, now } = input;
  const open = input.slots.filter(
    (slot) => slot.isAvailable && (slot.offerId === null || offerId === null || slot.offerId === offerId),
  );
  const held = input.bookings.filter((booking) => holdsTime(booking, now));
  const past: Interval = { start: new Date(-8.64e15), end: now };
  return subtractIntervals(open, [...held, past]);
}

/** Rounds an instant up to the next multiple of `stepMinutes` (in UTC; Paris offsets are whole hours). */
function ceilToStep(ms: number, stepMinutes: number): number {
  const step = stepMinutes * MINUTE_MS;
  return Math.ceil(ms / step) * step;
}

/** Is the instant on the step grid (every 15 minutes, seconds zero)? */
export function isOnStep(instant: Date, stepMinutes: number = SLOT_STEP_MINUTES): boolean {
  return instant.getTime() % (stepMinutes * MINUTE_MS) === 0;
}

/**
 * Possible start times of a session of `durationMinutes`: every `stepMinutes` on the quarter-hour grid,
 * such that [start, start + duration] fits inside one free window.
 */
export function startTimes(
  windows: readonly Interval[],
  durationMinutes: number,
  stepMinutes: number = SLOT_STEP_MINUTES,
): Date[] {
  if (durationMinutes <= 0 || stepMinutes <= 0) return [];
  const duration = durationMinutes * MINUTE_MS;
  const step = stepMinutes * MINUTE_MS;
  const starts: Date[] = [];
  for (const window of windows) {
    const last = window.end.getTime() - duration;
    for (let start = ceilToStep(window.start.getTime(), stepMinutes); start <= last; start += step) {
      starts.push(new Date(start));
    }
  }
  return starts;
}

/** Does [start, end] fit entirely inside one of the windows? */
export function fitsInWindows(windows: readonly Interval[], start: Date, end: Date): boolean {
  return windows.some((window) => window.start.getTime() <= start.getTime() && end.getTime() <= window.end.getTime());
}

/** Can a session [start, end] be booked: on the 15-minute grid and inside a free window? */
export function isBookable(
  windows: readonly Interval[],
  start: Date,
  end: Date,
  stepMinutes: number = SLOT_STEP_MINUTES,
): boolean {
  return end.getTime() > start.getTime() && isOnStep(start, stepMinutes) && fitsInWindows(windows, start, end);
}

export type TimeBarCell = { start: Date; end: Date; free: boolean };

/**
 * The booking page's time bar: [from, to) cut into cells of 5 minutes, each free when it lies inside a
 * free window.
 */
export function timeBarCells(
  windows: readonly Interval[],
  from: Date,
  to: Date,
  cellMinutes: number = TIME_BAR_CELL_MINUTES,
): TimeBarCell[] {
  const cell = cellMinutes * MINUTE_MS;
  const cells: TimeBarCell[] = [];
  for (let start = from.getTime(); start + cell <= to.getTime(); start += cell) {
    const cellStart = new Date(start);
    const cellEnd = new Date(start + cell);
    cells.push({ start: cellStart, end: cellEnd, free: fitsInWindows(windows, cellStart, cellEnd) });
  }
  return cells;
}
