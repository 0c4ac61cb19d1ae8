import { slots as slotMessages } from '../messages/availability.ts';
import { frenchDate, isWallDate, isWallTime, parisToUtc, parisToday } from './paris-time.ts';

/**
 * Slot entry rules of spec 1 section 5, shared by the slot forms and the API. Dates and times are
 * Europe/Paris wall times (`yyyy-MM-dd`, `HH:mm`); messages show dates as dd/MM/yyyy.
 */

export type SlotIssueKind =
  'fillAllFields' | 'nothingToAdd' | 'invalidFormat' | 'inPast' | 'endBeforeStart' | 'timeElapsedToday';
export type SlotIssue = { kind: SlotIssueKind; message: string; index?: number };

export type SlotRowInput = { date?: string | null; start_time?: string | null; end_time?: string | null };
export type ValidSlotRow = { date: string; start_time: string; end_time: string; startAt: Date; endAt: Date };

export type SlotRowsResult = { ok: true; rows: ValidSlotRow[] } | { ok: false; issue: SlotIssue };

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The date is not before today in Paris, and a start today is still to come. */
function checkNotPast(date: string, time: string, now: Date): SlotIssue | null {
  const today = parisToday(now);
  if (date < today) return { kind: 'inPast', message: slotMessages.inPast(frenchDate(date)) };
  if (date === today && parisToUtc(date, time).getTime() <= now.getTime()) {
    return { kind: 'timeElapsedToday', message: slotMessages.timeElapsedToday(time) };
  }
  return null;
}

/** One complete row (date, start, end). */
export function validateSlotRow(
  row: SlotRowInput,
  now: Date,
): { ok: true; row: ValidSlotRow } | { ok: false; issue: SlotIssue } {
  const date = row.date?.trim() ?? '';
  const start = row.start_time?.trim() ?? '';
  const end = row.end_time?.trim() ?? '';
  if (!filled(date) || !filled(start) || !filled(end)) {
    return { ok: false, issue: { kind: 'fillAllFields', message: slotMessages.fillAllFields } };
  }
  if (!isWallDate(date) || !isWallTime(start) || !isWallTime(end)) {
    return { ok: false, issue: { kind: 'invalidFormat', message: slotMessages.fillAllFields } };
  }
  const past = checkNotPast(date, start, now);
  if (past) return { ok: false, issue: past };
  const startAt = parisToUtc(date, start);
  const endAt = parisToUtc(date, end);
  // Compared as instants: on the spring-forward day 02:00-03:00 Paris lasts no time at all.
  if (end <= start || endAt.getTime() <= startAt.getTime()) {
    return { ok: false, issue: { kind: 'endBeforeStart', message: slotMessages.endBeforeStart(frenchDate(date)) } };
  }
  return { ok: true, row: { date, start_time: start, end_time: end, startAt, endAt } };
}

/**
 * The rows of the add-slots form: untouched rows are ignored, a partly filled row needs all its
 * fields, and at least one complete row is required. The first problem wins, with its row index.
 */
export function validateSlotRows(rows: readonly SlotRowInput[], now: Date): SlotRowsResult {
  const valid: ValidSlotRow[] = [];
  for (const [index, row] of rows.entries()) {
    if (!filled(row.date) && !filled(row.start_time) && !filled(row.end_time)) continue;
    const result = validateSlotRow(row, now);
    if (!result.ok) return { ok: false, issue: { ...result.issue, index } };
    valid.push(result.row);
  }
  if (valid.length === 0) return { ok: false, issue: { kind: 'nothingToAdd', message: slotMessages.nothingToAdd } };
  return { ok: true, rows: valid };
}

/** The single-slot dialog: date, start time and duration in minutes. */
export function validateSingleSlot(
  input: { date?: string | null; time?: string | null; durationMinutes?: number | null },
  now: Date,
): { ok: true; startAt: Date; endAt: Date } | { ok: false; issue: SlotIssue } {
  const date = input.date?.trim() ?? '';
  const time = input.time?.trim() ?? '';
  const duration = input.durationMinutes ?? 0;
  if (!filled(date) || !filled(time) || !Number.isInteger(duration) || duration <= 0) {
    return { ok: false, issue: { kind: 'fillAllFields', message: slotMessages.fillAllFields } };
  }
  if (!isWallDate(date) || !isWallTime(time)) {
    return { ok: false, issue: { kind: 'invalidFormat', message: slotMessages.fillAllFields } };
  }
  const past = checkNotPast(date, time, now);
  if (past) return { ok: false, issue: past };
  const startAt = parisToUtc(date, time);
  return { ok: true, startAt, endAt: new Date(startAt.getTime() + duration * 60_000) };
}

/** A slot's time as UTC instants, the half-open interval [startAt, endAt). */
export type SlotPeriod = { startAt: Date; endAt: Date };

/** Half-open: a slot ending at 10:00 and one starting at 10:00 are neighbours, not an overlap. */
export function periodsOverlap(a: SlotPeriod, b: SlotPeriod): boolean {
  return a.startAt.getTime() < b.endAt.getTime() && b.startAt.getTime() < a.endAt.getTime();
}

/**
 * The first two periods of one request that overlap each other (their indexes, in request order),
 * or null. A helper's slots never overlap (docs/decisions/0005-overlapping-slots.md): a bulk request
 * is checked against itself here and against the stored slots by the server.
 */
export function firstOverlap(periods: readonly SlotPeriod[]): [number, number] | null {
  const order = periods
    .map((_, index) => index)
    .sort((a, b) => {
      const diff = periods[a]!.startAt.getTime() - periods[b]!.startAt.getTime();
      return diff !== 0 ? diff : a - b;
    });
  // Sorted by start, a period overlaps an earlier one exactly when it overlaps the one ending latest so far.
  let latest: number | undefined;
  for (const index of order) {
    if (latest !== undefined && periodsOverlap(periods[index]!, periods[latest]!)) {
      return latest < index ? [latest, index] : [index, latest];
    }
    if (latest === undefined || periods[index]!.endAt.getTime() > periods[latest]!.endAt.getTime()) latest = index;
  }
  return null;
}
