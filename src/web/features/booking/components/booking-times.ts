import { type Interval, startTimes } from '#shared/rules/free-windows.ts';
import { FRAGMENTS_DEFAULT_DAYS } from '#shared/constants.ts';
import { addDaysToWallDate, parisDayStart, parisWeekStart, utcToParis } from '#shared/rules/paris-time.ts';
import type { Fragment } from '#shared/schemas/slots.ts';

/**
 * The month on screen and the chosen day as the calendar shows them: never in the past, even on a
 * page left open past midnight (a chosen day now gone is no choice; the form then opens again on
 * the first day with free time). Months are `yyyy-MM`, days `yyyy-MM-dd`, compared as text.
 */
export function calendarView(
  today: string,
  chosen: { month: string; date: string | null },
): { month: string; date: string | null } {
  const currentMonth = today.slice(0, 7);
  return {
    month: chosen.month < currentMonth ? currentMonth : chosen.month,
    date: chosen.date !== null && chosen.date < today ? null : chosen.date,
  };
}

/** The API's free windows (UTC ISO) as intervals. */
export function fragmentsToWindows(fragments: readonly Fragment[] | undefined): Interval[] {
  return (fragments ?? []).map((fragment) => ({ start: new Date(fragment.start_at), end: new Date(fragment.end_at) }));
}

/** Start times of a session of `durationMinutes`, grouped by their Paris date (a session belongs to the day it starts). */
export function startsByParisDate(windows: readonly Interval[], durationMinutes: number): Map<string, Date[]> {
  const byDate = new Map<string, Date[]>();
  for (const start of startTimes(windows, durationMinutes)) {
    const { date } = utcToParis(start);
    const list = byDate.get(date);
    if (list) list.push(start);
    else byDate.set(date, [start]);
  }
  return byDate;
}

/** The start times of one Paris day. */
export function dayStartTimes(windows: readonly Interval[], date: string, durationMinutes: number): Date[] {
  return startsByParisDate(windows, durationMinutes).get(date) ?? [];
}

/** The free windows of one Paris day, cut at its midnights. */
export function windowsOfDay(windows: readonly Interval[], date: string): Interval[] {
  const dayStart = parisDayStart(date).getTime();
  const dayEnd = parisDayStart(addDaysToWallDate(date, 1)).getTime();
  return windows
    .map((window) => ({
      start: Math.max(window.start.getTime(), dayStart),
      end: Math.min(window.end.getTime(), dayEnd),
    }))
    .filter((window) => window.end > window.start)
    .map((window) => ({ start: new Date(window.start), end: new Date(window.end) }));
}

/**
 * The free windows the booking page asks for while it shows `month` (`yyyy-MM`): the Monday-first
 * weeks of its grid, from midnight Paris of their first day to midnight after their last. The month
 * of `today` starts today instead and looks FRAGMENTS_DEFAULT_DAYS ahead at least, so the calendar
 * can open on the first free day even when it is next month. Always within the API's maximum span.
 */
export function fragmentsRangeOfMonth(month: string, today: string): { from: string; to: string } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthIndex, 0)).toISOString().slice(0, 10);
  const gridStart = parisWeekStart(`${month}-01`);
  const gridEnd = addDaysToWallDate(parisWeekStart(lastDay), 7);
  const first = gridStart < today ? today : gridStart;
  const ahead = addDaysToWallDate(first, FRAGMENTS_DEFAULT_DAYS);
  const last = first === today && ahead > gridEnd ? ahead : gridEnd;
  return { from: parisDayStart(first).toISOString(), to: parisDayStart(last).toISOString() };
}
