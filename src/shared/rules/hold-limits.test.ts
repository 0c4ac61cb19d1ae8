import { describe, expect, it } from 'vitest';
import {
  LAPSED_HOLDS_BEFORE_COOLDOWN,
  LAPSED_HOLDS_COOLDOWN_HOURS,
  LAPSED_HOLDS_WINDOW_HOURS,
  MAX_UNPAID_HOLDS_PER_HELPER,
  MAX_UNPAID_HOLDS_TOTAL,
} from '../constants.ts';
import { lapsedHoldsCooldownEnd, unpaidHoldRefusal } from './hold-limits.ts';

const HOUR = 3_600_000;
const now = new Date('2030-03-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('unpaidHoldRefusal', () => {
  it('lets a seeker below both caps open a hold', () => {
    expect(unpaidHoldRefusal({ withHelper: MAX_UNPAID_HOLDS_PER_HELPER - 1, total: MAX_UNPAID_HOLDS_TOTAL - 1 })).toBe(
      null,
    );
  });

  it('refuses a second running hold with the same helper first', () => {
    expect(unpaidHoldRefusal({ withHelper: MAX_UNPAID_HOLDS_PER_HELPER, total: MAX_UNPAID_HOLDS_TOTAL })).toBe(
      'with_helper',
    );
  });

  it('refuses once the total cap is reached with other helpers', () => {
    expect(unpaidHoldRefusal({ withHelper: 0, total: MAX_UNPAID_HOLDS_TOTAL })).toBe('total');
  });
});

describe('lapsedHoldsCooldownEnd', () => {
  const series = (...hours: number[]) => hours.map(hoursAgo);

  it('is null below the number of lapses that starts a cooldown', () => {
    expect(
      lapsedHoldsCooldownEnd(series(...Array.from({ length: LAPSED_HOLDS_BEFORE_COOLDOWN - 1 }, (_, i) => i + 1)), now),
    ).toBe(null);
  });

  it('runs from the last of enough lapses within the window', () => {
    const lapses = series(...Array.from({ length: LAPSED_HOLDS_BEFORE_COOLDOWN }, (_, i) => 1 + i));
    expect(lapsedHoldsCooldownEnd(lapses, now)).toEqual(
      new Date(hoursAgo(1).getTime() + LAPSED_HOLDS_COOLDOWN_HOURS * HOUR),
    );
  });

  it('does not count lapses spread wider than the window', () => {
    const step = LAPSED_HOLDS_WINDOW_HOURS / (LAPSED_HOLDS_BEFORE_COOLDOWN - 1) + 1;
    const lapses = series(...Array.from({ length: LAPSED_HOLDS_BEFORE_COOLDOWN }, (_, i) => 1 + i * step));
    expect(lapsedHoldsCooldownEnd(lapses, now)).toBe(null);
  });

  it('ends once the cooldown has run out, whatever the order given', () => {
    const old = LAPSED_HOLDS_COOLDOWN_HOURS + 1;
    const lapses = series(...Array.from({ length: LAPSED_HOLDS_BEFORE_COOLDOWN }, (_, i) => old + i)).reverse();
    expect(lapsedHoldsCooldownEnd(lapses, now)).toBe(null);
  });

  it('runs from the most recent lapse when more than enough lapsed', () => {
    const lapses = series(...Array.from({ length: LAPSED_HOLDS_BEFORE_COOLDOWN + 2 }, (_, i) => 2 + i)).reverse();
    expect(lapsedHoldsCooldownEnd(lapses, now)).toEqual(
      new Date(hoursAgo(2).getTime() + LAPSED_HOLDS_COOLDOWN_HOURS * HOUR),
    );
  });
});
