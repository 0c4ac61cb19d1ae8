import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatMessageTimeLong } from './message-time.ts';

const HOUR_MS = 3_600_000;
const at = (iso: string): Date => new Date(iso);
const before = (now: Date, ms: number): Date => new Date(now.getTime() - ms);

describe('formatMessageTime', () => {
  const now = at('2026-12-10T15:00:00.000Z'); // 16:00 in Paris (winter, UTC+1)

  it('shows the Paris time for a message of a few minutes ago', () => {
    expect(formatMessageTime(at('2026-12-10T13:30:00.000Z'), now)).toBe('14:30');
  });

  it('shows a time just under 24 hours and a date from 24 hours on', () => {
    expect(formatMessageTime(before(now, 24 * HOUR_MS - 1000), now)).toBe('16:00');
    expect(formatMessageTime(before(now, 24 * HOUR_MS), now)).toBe('9 déc.');
    expect(formatMessageTime(before(now, 24 * HOUR_MS + 1000), now)).toBe('9 déc.');
  });

  it('shows the day and short month in French for older messages', () => {
    expect(formatMessageTime(at('2026-12-03T10:00:00.000Z'), now)).toBe('3 déc.');
    expect(formatMessageTime(at('2026-01-15T10:00:00.000Z'), now)).toBe('15 janv.');
    expect(formatMessageTime(at('2026-05-01T10:00:00.000Z'), now)).toBe('1 mai');
  });

  it('accepts an ISO string as the API sends it', () => {
    expect(formatMessageTime('2026-12-10T13:30:00.000Z', now)).toBe('14:30');
    expect(formatMessageTime('2026-12-03T10:00:00.000Z', now)).toBe('3 déc.');
  });

  it('uses the Paris day, not the UTC one, across midnight', () => {
    // 23:30 UTC on 2 December is 00:30 on 3 December in Paris.
    expect(formatMessageTime(at('2026-12-02T23:30:00.000Z'), now)).toBe('3 déc.');
    // A message of last night, after Paris midnight, within 24 hours: a time.
    const morning = at('2026-12-10T07:00:00.000Z');
    expect(formatMessageTime(at('2026-12-09T23:30:00.000Z'), morning)).toBe('00:30');
    expect(formatMessageTime(at('2026-12-09T22:50:00.000Z'), morning)).toBe('23:50');
  });

  it('shows the right Paris time on the spring-forward day (29 March 2026)', () => {
    const later = at('2026-03-29T10:00:00.000Z');
    expect(formatMessageTime(at('2026-03-29T00:30:00.000Z'), later)).toBe('01:30');
    expect(formatMessageTime(at('2026-03-29T01:30:00.000Z'), later)).toBe('03:30');
  });

  it('shows the right Paris time on the fall-back day (25 October 2026)', () => {
    const later = at('2026-10-25T10:00:00.000Z');
    expect(formatMessageTime(at('2026-10-25T00:30:00.000Z'), later)).toBe('02:30');
    expect(formatMessageTime(at('2026-10-25T01:30:00.000Z'), later)).toBe('02:30');
    expect(formatMessageTime(at('2026-10-25T02:30:00.000Z'), later)).toBe('03:30');
  });

  it('measures 24 hours as elapsed time across a DST change, not as wall-clock time', () => {
    // From 10:00 Paris on 28 March to 10:00 Paris on 29 March is only 23 hours (spring forward).
    const now = at('2026-03-29T08:00:00.000Z');
    expect(formatMessageTime(at('2026-03-28T09:00:00.000Z'), now)).toBe('10:00');
    expect(formatMessageTime(at('2026-03-28T08:00:00.000Z'), now)).toBe('28 mars');
  });

  it('shows a time for a timestamp in the future (clock skew)', () => {
    expect(formatMessageTime(at('2026-12-10T15:00:05.000Z'), now)).toBe('16:00');
    expect(formatMessageTime(at('2026-12-11T15:00:00.000Z'), now)).toBe('16:00');
  });

  it('uses the current time by default', () => {
    expect(formatMessageTime(new Date())).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('formatMessageTimeLong', () => {
  it('writes the full French date and time in Paris time', () => {
    expect(formatMessageTimeLong(at('2026-12-01T13:30:00.000Z'))).toBe('mardi 1 décembre à 14\u00a0h\u00a030');
    expect(formatMessageTimeLong('2026-07-14T07:05:00.000Z')).toBe('mardi 14 juillet à 9\u00a0h\u00a005');
  });
});
