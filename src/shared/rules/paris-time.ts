import { tzOffset } from '@date-fns/tz';
import { DISPLAY_TIME_ZONE } from '../constants.ts';
import { monthNames, weekdayNames } from '../messages/calendar.ts';

/**
 * The one set of Paris date helpers of both sides (DESIGN.md section 9): Europe/Paris wall time <->
 * UTC instants (DESIGN.md section 8: slots are entered and shown in Paris time, stored in UTC), and
 * the French display of instants in Paris time whatever the zone of the machine. Wall times are
 * `yyyy-MM-dd` dates and `HH:mm` times.
 *
 * Daylight-saving edges follow Temporal's "compatible" disambiguation, so every input has exactly one
 * answer:
 * - a time that does not exist (spring forward, e.g. 02:30 on the last Sunday of March) moves forward
 *   by the length of the gap: 02:30 becomes 03:30 CEST (01:30 UTC);
 * - a time that happens twice (fall back, e.g. 02:30 on the last Sunday of October) is the earlier of
 *   the two instants: 02:30 CEST (00:30 UTC).
 */

export type ParisWallTime = { date: string; time: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;

export function isWallDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

export function isWallTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Bound of the offset memo below: about thirty years of distinct days, then it starts afresh. */
const OFFSET_MEMO_MAX_DAYS = 10_000;
/** The offset of a UTC day: one number, or the offset of each of its 24 hours on a day Paris changes. */
const offsetsByDay = new Map<number, number | number[]>();

function lookUpOffset(time: number): number {
  return tzOffset(DISPLAY_TIME_ZONE, new Date(time));
}

/**
 * Offset of Paris from UTC at an instant, in minutes (60 in winter, 120 in summer). Each Intl lookup
 * costs more than all the arithmetic around it, and the booking page converts thousands of instants
 * as it hydrates (issue 11): a memo per hour still cost about 30 ms of lookups there (CPU profile,
 * Chromium). Paris changes offset at most once a day and only on the hour (01:00 UTC under the EU
 * rule), so a UTC day whose two ends have the same offset has it throughout: two lookups per day,
 * shared with the next day, and one per hour only on the two days a year it changes.
 */
export function parisOffsetMinutes(instant: Date): number {
  const time = instant.getTime();
  const day = Math.floor(time / DAY_MS);
  let offsets = offsetsByDay.get(day);
  if (offsets === undefined) {
    if (offsetsByDay.size >= OFFSET_MEMO_MAX_DAYS) offsetsByDay.clear();
    const dayStart = day * DAY_MS;
    const atStart = dayStartOffset(day);
    const atEnd = dayStartOffset(day + 1);
    offsets =
      atStart === atEnd
        ? atStart
        : Array.from({ length: 24 }, (_, hour) => (hour === 0 ? atStart : lookUpOffset(dayStart + hour * HOUR_MS)));
    offsetsByDay.set(day, offsets);
  }
  return typeof offsets === 'number' ? offsets : offsets[Math.floor((time - day * DAY_MS) / HOUR_MS)]!;
}

/** The offset at 00:00 UTC of a day, from the memo when that day is known already. */
function dayStartOffset(day: number): number {
  const known = offsetsByDay.get(day);
  if (known === undefined) return lookUpOffset(day * DAY_MS);
  return typeof known === 'number' ? known : known[0]!;
}

/** The UTC instant of a Paris wall time. Throws on a malformed date or time (validate first). */
export function parisToUtc(date: string, time: string): Date {
  if (!isWallDate(date) || !isWallTime(time)) throw new RangeError(`Invalid Paris wall time: ${date} ${time}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  // The wall time read as if it were UTC; the real instant is this minus the offset in force then.
  const naive = Date.UTC(year, month - 1, day, hours, minutes);
  // The offsets just before and just after any transition near this wall time.
  const before = parisOffsetMinutes(new Date(naive - 24 * 60 * MINUTE_MS));
  const after = parisOffsetMinutes(new Date(naive + 24 * 60 * MINUTE_MS));
  const candidates = [...new Set([before, after])]
    .map((offset) => naive - offset * MINUTE_MS)
    .filter((instant) => parisOffsetMinutes(new Date(instant)) * MINUTE_MS === naive - instant)
    .sort((a, b) => a - b);
  const earliest = candidates[0];
  // Ambiguous (two candidates): the earlier one. Valid (one): itself.
  if (earliest !== undefined) return new Date(earliest);
  // Non-existent (spring gap): read it with the offset in force before the gap, which lands after it.
  return new Date(naive - before * MINUTE_MS);
}

/** The Paris wall date and time of an instant. */
export function utcToParis(instant: Date): ParisWallTime {
  // The instant shifted by the offset, read in UTC, is the Paris wall time (an invalid date throws).
  const wall = new Date(instant.getTime() + parisOffsetMinutes(instant) * MINUTE_MS).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** Today's date in Paris (`yyyy-MM-dd`). */
export function parisToday(now: Date): string {
  return utcToParis(now).date;
}

/** Adds whole days to a `yyyy-MM-dd` date (calendar arithmetic, no time zone involved). */
export function addDaysToWallDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The UTC instant at which a Paris calendar day starts (00:00 Paris; never skipped in Paris). */
export function parisDayStart(date: string): Date {
  return parisToUtc(date, '00:00');
}

/** The day of the week of a `yyyy-MM-dd` date, Monday first: 0 for Monday, 6 for Sunday. */
export function wallWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** The Monday (`yyyy-MM-dd`) of the Monday-first week holding a Paris date. */
export function parisWeekStart(date: string): string {
  return addDaysToWallDate(date, -wallWeekday(date));
}

/** The seven Paris dates of the Monday-first week holding a date, Monday first. */
export function parisWeekDates(date: string): string[] {
  const monday = parisWeekStart(date);
  return Array.from({ length: 7 }, (_, index) => addDaysToWallDate(monday, index));
}

/** First instant of the current Paris month and of the next one (for "this month" figures). */
export function parisMonthRange(now: Date): { start: Date; end: Date } {
  const { date } = utcToParis(now);
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: parisDayStart(`${date.slice(0, 7)}-01`), end: parisDayStart(next) };
}

/** `dd/MM/yyyy` of a `yyyy-MM-dd` date, as French messages show dates. */
export function frenchDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** An instant as the API and the database give it: a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

function toDate(instant: Instant): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/**
 * "mardi 3 décembre 2026" (with the year) or "mardi 3 décembre": a Paris date in French words. Written
 * here rather than with date-fns and a time-zone date: the booking page writes one per day of its
 * calendar as it hydrates, and each such date asked Intl for the Paris offset about ten times (415
 * lookups, about 30 ms, in a CPU profile of that page in Chromium).
 */
function frenchWords(date: string, parts: { weekday: boolean; year: boolean }): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const words = `${day} ${monthNames[month - 1]!}${parts.year ? ` ${year}` : ''}`;
  return parts.weekday ? `${weekdayNames[wallWeekday(date)]!} ${words}` : words;
}

/** "mardi 3 décembre à 14 h 30": the French long form of an instant, in Paris time. */
export function frenchLongParis(instant: Instant): string {
  const { date, time } = utcToParis(toDate(instant));
  // No-break spaces inside "14 h 30": a narrow card must not wrap it into "14 h" / "30".
  const clock = `${Number(time.slice(0, 2))}\u00a0h\u00a0${time.slice(3)}`;
  return `${frenchWords(date, { weekday: true, year: false })} à ${clock}`;
}

/** "mardi 3 décembre 2026": the French long date of an instant, in Paris time. */
export function frenchLongParisDate(instant: Instant): string {
  return frenchLongWallDate(utcToParis(toDate(instant)).date);
}

/** "mardi 3 décembre 2026": a `yyyy-MM-dd` date in French words (no instant, no time zone). */
export function frenchLongWallDate(date: string): string {
  return frenchWords(date, { weekday: true, year: true });
}

/** "3 décembre 2026": the French date of an instant without the weekday, in Paris time. */
export function frenchParisDate(instant: Instant): string {
  return frenchWords(utcToParis(toDate(instant)).date, { weekday: false, year: true });
}

/** "décembre 2026": the French month of a `yyyy-MM` month. */
export function frenchMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${monthNames[monthNumber - 1]!} ${year}`;
}

/** "14:30": the Paris clock time of an instant. */
export function parisClock(instant: Instant): string {
  return utcToParis(toDate(instant)).time;
}

/** The Paris dates between two dates inclusive (for calendars). */
export function wallDatesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDaysToWallDate(date, 1)) dates.push(date);
  return dates;
}
