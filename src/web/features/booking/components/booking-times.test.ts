import { describe, expect, it } from 'vitest';
import { FRAGMENTS_DEFAULT_DAYS, FRAGMENTS_MAX_DAYS } from '#shared/constants.ts';
import { addDaysToWallDate, parisDayStart } from '#shared/rules/paris-time.ts';
import { calendarView, fragmentsRangeOfMonth } from './booking-times.ts';

const DAY_MS = 86_400_000;
const days = (range: { from: string; to: string }) => (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS;

describe('fragmentsRangeOfMonth', () => {
  it('asks for the Monday-first weeks of a later month, midnight Paris to midnight Paris', () => {
    // March 2027: Monday 1 March to Sunday 4 April; the clocks go forward on 28 March.
    const range = fragmentsRangeOfMonth('2027-03', '2026-11-28');
    expect(range).toEqual({
      from: parisDayStart('2027-03-01').toISOString(),
      to: parisDayStart('2027-04-05').toISOString(),
    });
    expect(range.from).toBe('2027-02-28T23:00:00.000Z');
    expect(range.to).toBe('2027-04-04T22:00:00.000Z');
  });

  it('starts the current month today and looks the default weeks ahead, within the maximum span', () => {
    const range = fragmentsRangeOfMonth('2026-11', '2026-11-28');
    expect(range.from).toBe(parisDayStart('2026-11-28').toISOString());
    expect(range.to).toBe(parisDayStart(addDaysToWallDate('2026-11-28', FRAGMENTS_DEFAULT_DAYS)).toISOString());
  });

  it('takes whichever reaches further: the grid of the current month or the default weeks', () => {
    // Monday 1 February 2027: the grid ends Sunday 28 February, before the default five weeks.
    expect(fragmentsRangeOfMonth('2027-02', '2027-02-01').to).toBe(parisDayStart('2027-03-08').toISOString());
    // Tuesday 2 March 2027: the grid runs to Sunday 4 April, 33 days; five weeks reach 6 April.
    expect(fragmentsRangeOfMonth('2027-03', '2027-03-02').to).toBe(parisDayStart('2027-04-06').toISOString());
    // Monday 30 November 2026: the grid ends Sunday 6 December; five weeks reach 4 January.
    expect(fragmentsRangeOfMonth('2026-11', '2026-11-30').to).toBe(parisDayStart('2027-01-04').toISOString());
    // Sunday 1 August 2027: a six-week grid, to Sunday 5 September, one day past the five weeks.
    expect(fragmentsRangeOfMonth('2027-08', '2027-08-01').to).toBe(parisDayStart('2027-09-06').toISOString());
  });

  it('never asks for more than the API accepts, whatever the month and the day', () => {
    for (let offset = 0; offset < 400; offset += 3) {
      const today = addDaysToWallDate('2026-01-01', offset);
      for (const month of [today.slice(0, 7), addDaysToWallDate(today, 40).slice(0, 7)]) {
        const span = days(fragmentsRangeOfMonth(month, today));
        expect(span).toBeGreaterThan(0);
        expect(span).toBeLessThanOrEqual(FRAGMENTS_MAX_DAYS);
      }
    }
  });
});

describe('calendarView', () => {
  it('keeps the chosen month and day while they are not past', () => {
    expect(calendarView('2026-12-14', { month: '2027-01', date: '2027-01-05' })).toEqual({
      month: '2027-01',
      date: '2027-01-05',
    });
    expect(calendarView('2026-12-14', { month: '2026-12', date: '2026-12-14' })).toEqual({
      month: '2026-12',
      date: '2026-12-14',
    });
  });

  it('moves to the current month and drops a chosen day once midnight made them past', () => {
    expect(calendarView('2027-01-01', { month: '2026-12', date: '2026-12-31' })).toEqual({
      month: '2027-01',
      date: null,
    });
    expect(calendarView('2026-12-15', { month: '2026-12', date: null })).toEqual({ month: '2026-12', date: null });
  });
});
