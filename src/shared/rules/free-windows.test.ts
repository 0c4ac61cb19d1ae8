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
