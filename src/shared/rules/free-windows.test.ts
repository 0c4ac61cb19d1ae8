import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  freeWindows,
  isBookable,
  mergeIntervals,
  startTimes,
  subtractIntervals,
  timeBarCells,
  type Interval,
} from './free-windows.ts';
import { parisToUtc, utcToParis } from './paris-time.ts';

const at = (iso: string) => new Date(iso);
const iv = (start: string, end: string): Interval => ({ start: at(start), end: at(end) });
const iso = (intervals: Interval[]) => intervals.map((i) => [i.start.toISOString(), i.end.toISOString()]);
const slot = (start: string, end: string, offerId: string | null = null, isAvailable = true) => ({
  ...iv(start, end),
  offerId,
  isAvailable,
});
const NOW = at('2030-01-01T00:00:00Z');

describe('mergeIntervals / subtractIntervals', () => {
  it('merges overlapping and touching intervals', () => {
    expect(
      iso(mergeIntervals([iv('2030-01-02T10:00Z', '2030-01-02T11:00Z'), iv('2030-01-02T09:00Z', '2030-01-02T10:00Z')])),
    ).toEqual([['2030-01-02T09:00:00.000Z', '2030-01-02T11:00:00.000Z']]);
  });

  it('cuts a window in pieces around blocks', () => {
    const result = subtractIntervals(
      [iv('2030-01-02T09:00Z', '2030-01-02T12:00Z')],
      [iv('2030-01-02T10:00Z', '2030-01-02T10:30Z'), iv('2030-01-02T11:45Z', '2030-01-02T13:00Z')],
    );
    expect(iso(result)).toEqual([
      ['2030-01-02T09:00:00.000Z', '2030-01-02T10:00:00.000Z'],
      ['2030-01-02T10:30:00.000Z', '2030-01-02T11:45:00.000Z'],
    ]);
  });
});

describe('freeWindows', () => {
  it('removes the time of holding bookings and ignores cancelled and completed ones', () => {
    const windows = freeWindows({
      slots: [slot('2030-01-02T09:00Z', '2030-01-02T12:00Z')],
      bookings: [
        { ...iv('2030-01-02T10:00Z', '2030-01-02T11:00Z'), status: 'scheduled' },
        { ...iv('2030-01-02T09:00Z', '2030-01-02T09:30Z'), status: 'cancelled' },
        { ...iv('2030-01-02T11:30Z', '2030-01-02T12:00Z'), status: 'completed' },
      ],
      offerId: 'o1',
      now: NOW,
    });
    expect(iso(windows)).toEqual([
      ['2030-01-02T09:00:00.000Z', '2030-01-02T10:00:00.000Z'],
      ['2030-01-02T11:00:00.000Z', '2030-01-02T12:00:00.000Z'],
    ]);
  });

  it('keeps slots of this offer or of every offer, available only', () => {
    const windows = freeWindows({
      slots: [
        slot('2030-01-02T09:00Z', '2030-01-02T10:00Z', 'o1'),
        slot('2030-01-02T11:00Z', '2030-01-02T12:00Z', 'o2'),
        slot('2030-01-02T13:00Z', '2030-01-02T14:00Z', null),
        slot('2030-01-02T15:00Z', '2030-01-02T16:00Z', 'o1', false),
      ],
      bookings: [],
      offerId: 'o1',
      now: NOW,
    });
    expect(iso(windows)).toEqual([
      ['2030-01-02T09:00:00.000Z', '2030-01-02T10:00:00.000Z'],
      ['2030-01-02T13:00:00.000Z', '2030-01-02T14:00:00.000Z'],
    ]);
  });

  it('cuts at now and drops the past', () => {
    const windows = freeWindows({
      slots: [slot('2029-12-31T23:00Z', '2030-01-01T01:00Z'), slot('2029-12-31T10:00Z', '2029-12-31T11:00Z')],
      bookings: [],
      offerId: null,
      now: NOW,
    });
    expect(iso(windows)).toEqual([['2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z']]);
  });

  it('counts a live payment hold and ignores an expired one', () => {
    const base = { slots: [slot('2030-01-02T09:00Z', '2030-01-02T11:00Z')], offerId: null, now: NOW };
    const live = freeWindows({
      ...base,
      bookings: [
        {
          ...iv('2030-01-02T09:00Z', '2030-01-02T10:00Z'),
          status: 'pending_payment',
          holdExpiresAt: at('2030-01-01T00:30Z'),
        },
      ],
    });
    const expired = freeWindows({
      ...base,
      bookings: [
        {
          ...iv('2030-01-02T09:00Z', '2030-01-02T10:00Z'),
          status: 'pending_payment',
          holdExpiresAt: at('2029-12-31T23:30Z'),
        },
      ],
    });
    expect(iso(live)).toEqual([['2030-01-02T10:00:00.000Z', '2030-01-02T11:00:00.000Z']]);
    expect(iso(expired)).toEqual([['2030-01-02T09:00:00.000Z', '2030-01-02T11:00:00.000Z']]);
  });
});

describe('freeWindows: one sweep (issue 11)', () => {
  const MINUTE = 60_000;
  const base = NOW.getTime() + 24 * 60 * MINUTE;
  /** Interval [a, b) in minutes after `base`. */
  const minutes = ([a, b]: [number, number]): Interval => ({
    start: new Date(base + a * MINUTE),
    end: new Date(base + b * MINUTE),
  });
  const span = fc
    .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 60 }))
    .map(([start, length]) => [start, start + length] as [number, number]);

  /** The same rule minute by minute: free when inside an open slot and inside no held booking. */
  function reference(open: [number, number][], held: [number, number][], cut: number): [number, number][] {
    const result: [number, number][] = [];
    for (let minute = 0; minute < 400; minute++) {
      const inside = (list: [number, number][]) => list.some(([a, b]) => a <= minute && minute < b);
      const free = minute >= cut && inside(open) && !inside(held);
      const last = result[result.length - 1];
      if (free && last && last[1] === minute) last[1] = minute + 1;
      else if (free) result.push([minute, minute + 1]);
    }
    return result;
  }

  it('matches a minute-by-minute reference on random unsorted, overlapping slots and bookings', () => {
    fc.assert(
      fc.property(
        fc.array(span, { maxLength: 12 }),
        fc.array(span, { maxLength: 12 }),
        fc.integer({ min: 0, max: 120 }),
        (open, held, cut) => {
          const windows = freeWindows({
            slots: open.map((pair) => ({ ...minutes(pair), offerId: null, isAvailable: true })),
            bookings: held.map((pair) => ({ ...minutes(pair), status: 'scheduled' })),
            offerId: 'o1',
            now: NOW,
            from: new Date(base + cut * MINUTE),
          });
          const got = windows.map((w) => [(w.start.getTime() - base) / MINUTE, (w.end.getTime() - base) / MINUTE]);
          expect(got).toEqual(reference(open, held, cut));
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });

  it('lets one booking cut several windows and keeps windows that touch a booking at their edges', () => {
    const windows = freeWindows({
      slots: [
        slot('2030-01-02T09:00Z', '2030-01-02T10:00Z'),
        slot('2030-01-02T10:30Z', '2030-01-02T11:00Z'),
        slot('2030-01-02T11:30Z', '2030-01-02T13:00Z'),
      ],
      bookings: [
        { ...iv('2030-01-02T09:30Z', '2030-01-02T12:00Z'), status: 'scheduled' },
        { ...iv('2030-01-02T13:00Z', '2030-01-02T14:00Z'), status: 'paid' },
      ],
      offerId: null,
      now: NOW,
    });
    expect(iso(windows)).toEqual([
      ['2030-01-02T09:00:00.000Z', '2030-01-02T09:30:00.000Z'],
      ['2030-01-02T12:00:00.000Z', '2030-01-02T13:00:00.000Z'],
    ]);
  });

  it('cuts at `from` when it is later than now, and never before now', () => {
    const input = { slots: [slot('2030-01-02T09:00Z', '2030-01-02T12:00Z')], bookings: [], offerId: null };
    expect(iso(freeWindows({ ...input, now: NOW, from: at('2030-01-02T10:10Z') }))).toEqual([
      ['2030-01-02T10:10:00.000Z', '2030-01-02T12:00:00.000Z'],
    ]);
    expect(iso(freeWindows({ ...input, now: at('2030-01-02T11:00Z'), from: at('2030-01-02T08:00Z') }))).toEqual([
      ['2030-01-02T11:00:00.000Z', '2030-01-02T12:00:00.000Z'],
    ]);
  });

  it('is right across the fall-back night (2026-10-25): a booking of the second 02:00 Paris hour', () => {
    // 00:00-05:00 Paris lasts six hours that night; the booking holds 02:00-03:00 after the clocks went back.
    const window = slot(
      parisToUtc('2026-10-25', '00:00').toISOString(),
      parisToUtc('2026-10-25', '05:00').toISOString(),
    );
    const booking = { ...iv('2026-10-25T01:00Z', '2026-10-25T02:00Z'), status: 'scheduled' };
    const windows = freeWindows({ slots: [window], bookings: [booking], offerId: null, now: at('2026-10-01T00:00Z') });
    expect(iso(windows)).toEqual([
      ['2026-10-24T22:00:00.000Z', '2026-10-25T01:00:00.000Z'],
      ['2026-10-25T02:00:00.000Z', '2026-10-25T04:00:00.000Z'],
    ]);
    expect(windows.map((w) => [utcToParis(w.start).time, utcToParis(w.end).time])).toEqual([
      ['00:00', '02:00'], // 02:00 of the first (summer) pass, which is the start of the second one
      ['03:00', '05:00'],
    ]);
  });

  it('cuts the bench helper (2 000 one-hour slots, 1 000 half-hour bookings) into five windows a day', () => {
    const HOUR = 3_600_000;
    const hour = (i: number) => base + (Math.floor(i / 10) * 24 + 8 + (i % 10)) * HOUR;
    const slots = Array.from({ length: 2000 }, (_, i) => ({
      start: new Date(hour(i)),
      end: new Date(hour(i) + HOUR),
      offerId: null,
      isAvailable: true,
    }));
    // Reversed: the rule sorts once, it does not rely on the database's order.
    const bookings = Array.from({ length: 1000 }, (_, i) => ({
      start: new Date(hour(i * 2)),
      end: new Date(hour(i * 2) + HOUR / 2),
      status: 'scheduled',
    })).reverse();
    const windows = freeWindows({ slots, bookings, offerId: null, now: NOW });
    // Ten touching slots make one 08:00-18:00 window a day; five bookings cut it into five pieces.
    expect(windows.length).toBe(200 * 5);
    expect(windows[0]).toEqual({ start: new Date(hour(0) + HOUR / 2), end: new Date(hour(2)) });
    expect(windows[4]).toEqual({ start: new Date(hour(8) + HOUR / 2), end: new Date(hour(9) + HOUR) });
  });
});

describe('startTimes', () => {
  it('offers starts every 15 minutes where the whole duration fits', () => {
    const starts = startTimes([iv('2030-01-02T09:00Z', '2030-01-02T10:00Z')], 30);
    expect(starts.map((d) => d.toISOString().slice(11, 16))).toEqual(['09:00', '09:15', '09:30']);
  });

  it('offers nothing when the duration does not fit', () => {
    expect(startTimes([iv('2030-01-02T09:00Z', '2030-01-02T09:45Z')], 60)).toEqual([]);
  });

  it('aligns starts on the quarter hour when a window starts off the grid', () => {
    const starts = startTimes([iv('2030-01-02T09:10Z', '2030-01-02T10:00Z')], 15);
    expect(starts.map((d) => d.toISOString().slice(11, 16))).toEqual(['09:15', '09:30', '09:45']);
  });

  it('is right on the spring-forward day (2026-03-29): a 01:00-04:00 Paris slot lasts two hours', () => {
    const window = { start: parisToUtc('2026-03-29', '01:00'), end: parisToUtc('2026-03-29', '04:00') };
    const starts = startTimes([window], 60).map((d) => utcToParis(d).time);
    expect(starts).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00']);
  });

  it('is right on the fall-back day (2026-10-25): a 01:00-04:00 Paris slot lasts four hours', () => {
    const window = { start: parisToUtc('2026-10-25', '01:00'), end: parisToUtc('2026-10-25', '04:00') };
    const starts = startTimes([window], 225);
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-24T23:15:00.000Z']);
    expect(starts.map((d) => utcToParis(d).time)).toEqual(['01:00', '01:15']);
  });
});

describe('isBookable', () => {
  const windows = [iv('2030-01-02T09:00Z', '2030-01-02T10:00Z')];
  it('accepts a session inside a window on the grid', () => {
    expect(isBookable(windows, at('2030-01-02T09:15Z'), at('2030-01-02T10:00Z'))).toBe(true);
  });
  it('refuses a session running past the window, off the grid, or empty', () => {
    expect(isBookable(windows, at('2030-01-02T09:30Z'), at('2030-01-02T10:15Z'))).toBe(false);
    expect(isBookable(windows, at('2030-01-02T09:05Z'), at('2030-01-02T09:20Z'))).toBe(false);
    expect(isBookable(windows, at('2030-01-02T09:15Z'), at('2030-01-02T09:15Z'))).toBe(false);
  });
});

describe('timeBarCells', () => {
  it('cuts a range in 5-minute cells marked free inside windows', () => {
    const cells = timeBarCells(
      [iv('2030-01-02T09:05Z', '2030-01-02T09:15Z')],
      at('2030-01-02T09:00Z'),
      at('2030-01-02T09:20Z'),
    );
    expect(cells.map((c) => c.free)).toEqual([false, true, true, false]);
  });
});
