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

/** Intervals as epoch milliseconds: the sweep below compares numbers, not Date objects. */
type Span = { start: number; end: number };

/** Sorted union of spans (one sort, one pass); empty spans are dropped, touching ones merge. */
function mergeSpans(spans: Span[]): Span[] {
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    if (span.end <= span.start) continue;
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

const toSpans = (intervals: readonly Interval[]): Span[] =>
  intervals.map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }));
const toIntervals = (spans: readonly Span[]): Interval[] =>
  spans.map((span) => ({ start: new Date(span.start), end: new Date(span.end) }));

/**
 * Sorted, disjoint `windows` minus sorted, disjoint `busy`, in one sweep: the busy cursor only moves
 * forward, so the cost is O(windows + busy), not O(windows × busy) (issue 11: 900 windows against
 * 1 000 bookings were the hot spot of the booking page).
 */
function subtractSpans(windows: readonly Span[], busy: readonly Span[]): Span[] {
  const result: Span[] = [];
  let first = 0; // the first busy span that may still reach the current window
  for (const window of windows) {
    while (first < busy.length && busy[first]!.end <= window.start) first++;
    let cursor = window.start;
    // A busy span may cover several windows: the inner scan starts at `first` without moving it.
    for (let index = first; index < busy.length && busy[index]!.start < window.end; index++) {
      const block = busy[index]!;
      if (block.start > cursor) result.push({ start: cursor, end: block.start });
      cursor = Math.max(cursor, block.end);
      if (cursor >= window.end) break;
    }
    if (cursor < window.end) result.push({ start: cursor, end: window.end });
  }
  return result;
}

/** Sorted union of intervals; touching intervals merge (09:00-10:00 and 10:00-11:00 give 09:00-11:00). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  return toIntervals(mergeSpans(toSpans(intervals)));
}

/** `windows` minus `taken`; both may be unsorted and overlapping. */
export function subtractIntervals(windows: readonly Interval[], taken: readonly Interval[]): Interval[] {
  return toIntervals(subtractSpans(mergeSpans(toSpans(windows)), mergeSpans(toSpans(taken))));
}

/**
 * The free windows of an offer: available slots of that offer or of every offer (offer_id null),
 * minus the time held by bookings (as of `now`), cut at `from` (default `now`; never before it).
 * Sorted, disjoint. One sort of each input and one sweep: O(n log n) for unsorted input, linear for
 * input the database already sorted.
 */
export function freeWindows(input: {
  slots: readonly SlotLike[];
  bookings: readonly BookingLike[];
  offerId: string | null;
  now: Date;
  from?: Date;
}): Interval[] {
  const { offerId, now } = input;
  const cut = Math.max(now.getTime(), input.from?.getTime() ?? -Infinity);
  const open: Span[] = [];
  for (const slot of input.slots) {
    if (!slot.isAvailable || (slot.offerId !== null && offerId !== null && slot.offerId !== offerId)) continue;
    const end = slot.end.getTime();
    if (end > cut) open.push({ start: Math.max(slot.start.getTime(), cut), end });
  }
  const held: Span[] = [];
  for (const booking of input.bookings) {
    const end = booking.end.getTime();
    if (end > cut && holdsTime(booking, now)) held.push({ start: booking.start.getTime(), end });
  }
  return toIntervals(subtractSpans(mergeSpans(open), mergeSpans(held)));
}

/** Rounds an instant up to the next multiple of `stepMinutes` (in UTC; Paris offsets are whole hours). */
function ceilToStep(ms: number, stepMinutes: number): number {
  const step = stepMinutes * MINUTE_MS;
  return Math.ceil(ms / step) * step;
}

/**
 * `now` rounded up to the next time-bar cell (5 minutes): where the public free windows are cut. The
 * booking page's cells and 15-minute start times are the same as with the exact instant (both grids
 * are multiples of the cell), and the answer stays the same for five minutes, so a refetch can be
 * answered 304 Not Modified.
 */
export function publicCut(now: Date, cellMinutes: number = TIME_BAR_CELL_MINUTES): Date {
  return new Date(ceilToStep(now.getTime(), cellMinutes));
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
