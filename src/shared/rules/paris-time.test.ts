import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToWallDate,
  frenchDate,
  frenchLongParis,
  frenchLongParisDate,
  frenchLongWallDate,
  frenchMonth,
  frenchParisDate,
  isWallDate,
  isWallTime,
  parisClock,
  parisMonthRange,
  parisOffsetMinutes,
  parisToUtc,
  parisWeekDates,
  parisWeekStart,
  utcToParis,
  wallWeekday,
} from './paris-time.ts';
import { weekdayShortNames } from '../messages/calendar.ts';

const DAY_MS = 86_400_000;

describe('parisToUtc', () => {
  it('subtracts one hour in winter and two in summer', () => {
    expect(parisToUtc('2026-01-15', '14:30').toISOString()).toBe('2026-01-15T13:30:00.000Z');
    expect(parisToUtc('2026-07-15', '14:30').toISOString()).toBe('2026-07-15T12:30:00.000Z');
  });

  it('handles the spring-forward day 2026-03-29 on both sides of the change', () => {
    expect(parisToUtc('2026-03-29', '01:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(parisToUtc('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(parisToUtc('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('moves a non-existent spring time forward by the gap (02:30 -> 03:30 CEST)', () => {
    expect(parisToUtc('2026-03-29', '02:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(parisToUtc('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToParis(parisToUtc('2026-03-29', '02:30'))).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('handles the fall-back day 2026-10-25 on both sides of the change', () => {
    expect(parisToUtc('2026-10-25', '01:59').toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(parisToUtc('2026-10-25', '03:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(parisToUtc('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('takes the earlier instant of an ambiguous autumn time (02:30 CEST)', () => {
    expect(parisToUtc('2026-10-25', '02:00').toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(parisToUtc('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses malformed input', () => {
    expect(() => parisToUtc('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => parisToUtc('2026-02-10', '24:00')).toThrow(RangeError);
  });
});

describe('utcToParis', () => {
  it('gives the Paris wall time across both DST changes', () => {
    expect(utcToParis(new Date('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(utcToParis(new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '03:00' });
    expect(utcToParis(new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(utcToParis(new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(utcToParis(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', time: '00:30' });
  });

  it('round-trips every quarter hour of both DST days except the skipped hour', () => {
    for (const date of ['2026-03-29', '2026-10-25']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        if (date === '2026-03-29' && time.startsWith('02:')) continue;
        expect(utcToParis(parisToUtc(date, time))).toEqual({ date, time });
      }
    }
  });
});

describe('week and month helpers', () => {
  it('starts weeks on Monday', () => {
    expect(parisWeekStart('2026-03-29')).toBe('2026-03-23');
    expect(parisWeekStart('2026-03-23')).toBe('2026-03-23');
    expect(parisWeekDates('2026-10-25')).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
  });

  it('adds calendar days and validates dates and times', () => {
    expect(addDaysToWallDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(isWallDate('2028-02-29')).toBe(true);
    expect(isWallDate('2027-02-29')).toBe(false);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('9:00')).toBe(false);
  });

  it('gives the Paris month of an instant, even just after midnight Paris on the first', () => {
    const range = parisMonthRange(new Date('2026-10-31T23:30:00Z'));
    expect(range.start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('French formats', () => {
  it('shows dates as dd/MM/yyyy', () => {
    expect(frenchDate('2026-03-09')).toBe('09/03/2026');
  });

  it('writes "mardi 3 décembre à 14 h 30" in Paris time, the clock time unbreakable', () => {
    expect(frenchLongParis(new Date('2024-12-03T13:30:00Z'))).toBe('mardi 3 décembre à 14\u00a0h\u00a030');
    expect(frenchLongParis('2026-07-01T07:05:00Z')).toBe('mercredi 1 juillet à 9\u00a0h\u00a005');
    expect(frenchLongParis('2025-07-14T07:05:00Z')).not.toMatch(/\d h|h \d/);
  });

  it('writes dates and clock times in Paris time in winter (UTC+1), summer (UTC+2) and across midnight', () => {
    expect(frenchLongParisDate('2025-06-30T22:30:00Z')).toBe('mardi 1 juillet 2025');
    expect(frenchParisDate(Date.parse('2024-12-31T23:30:00Z'))).toBe('1 janvier 2025');
    expect(parisClock('2024-12-03T13:30:00Z')).toBe('14:30');
    expect(parisClock(new Date('2025-03-30T01:00:00Z'))).toBe('03:00');
  });
});

describe('French formats against date-fns and its French locale in the Paris zone', () => {
  const instants = fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
  const inParis = (instant: Date) => new TZDate(instant.getTime(), 'Europe/Paris');

  it('write the same long forms, long dates and dates, any minute from 1980 to 2100', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const paris = inParis(instant);
        expect(frenchLongParis(instant)).toBe(format(paris, "EEEE d MMMM 'à' H'\u00a0h\u00a0'mm", { locale: fr }));
        expect(frenchLongParisDate(instant)).toBe(format(paris, 'EEEE d MMMM yyyy', { locale: fr }));
        expect(frenchLongWallDate(format(paris, 'yyyy-MM-dd'))).toBe(format(paris, 'EEEE d MMMM yyyy', { locale: fr }));
        expect(frenchParisDate(instant)).toBe(format(paris, 'd MMMM yyyy', { locale: fr }));
        expect(frenchMonth(format(paris, 'yyyy-MM'))).toBe(format(paris, 'LLLL yyyy', { locale: fr }));
      }),
      { numRuns: 3000, seed: 1128 },
    );
  });

  it('count weekdays from Monday and give their short names as date-fns does', () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const paris = inParis(instant);
        const weekday = wallWeekday(format(paris, 'yyyy-MM-dd'));
        expect(weekday).toBe((paris.getDay() + 6) % 7);
        expect(weekdayShortNames[weekday]).toBe(format(paris, 'EEEEEE', { locale: fr }));
      }),
      { numRuns: 1000, seed: 1129 },
    );
  });
});

describe('utcToParis and parisClock against date-fns-tz', () => {
  // The reference: the zone database read through @date-fns/tz for every instant, without the
  // once-per-hour offset memo of paris-time.ts.
  const reference = (instant: Date) => {
    const paris = new TZDate(instant.getTime(), 'Europe/Paris');
    return { date: format(paris, 'yyyy-MM-dd'), time: format(paris, 'HH:mm') };
  };

  it('agree on any minute from 1980 to 2100, daylight-saving changes included', () => {
    const instants = fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, (instant) => {
        expect(utcToParis(instant)).toEqual(reference(instant));
        expect(parisClock(instant)).toBe(reference(instant).time);
      }),
      { numRuns: 2000, seed: 1911 },
    );
  });

  it("give Intl's offset whatever days the memo already holds, on every change day from 1980 to 2100", () => {
    // Instants in random order: the memo's answer must not depend on which days it learnt first.
    const changeDays = Array.from({ length: 2100 - 1980 }, (_, index) => 1980 + index).flatMap((year) =>
      [2, 9].map((month) => {
        const lastSunday = new Date(Date.UTC(year, month + 1, 0));
        lastSunday.setUTCDate(lastSunday.getUTCDate() - lastSunday.getUTCDay());
        return lastSunday.getTime();
      }),
    );
    const instants = fc.tuple(fc.constantFrom(...changeDays), fc.integer({ min: -DAY_MS, max: 2 * DAY_MS - 1 }));
    fc.assert(
      fc.property(instants, ([day, shift]) => {
        const instant = new Date(day + shift);
        expect(parisOffsetMinutes(instant)).toBe(tzOffset('Europe/Paris', instant));
      }),
      { numRuns: 5000, seed: 2026 },
    );
  });

  it('agree on every minute around the changes of 2026 (29 March and 25 October, 01:00 UTC)', () => {
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      for (let ms = change - 90 * 60_000; ms <= change + 90 * 60_000; ms += 60_000) {
        expect(utcToParis(new Date(ms))).toEqual(reference(new Date(ms)));
      }
    }
    expect(utcToParis(new Date(Date.UTC(2026, 2, 29, 0, 59)))).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(utcToParis(new Date(Date.UTC(2026, 2, 29, 1, 0)))).toEqual({ date: '2026-03-29', time: '03:00' });
  });
});
