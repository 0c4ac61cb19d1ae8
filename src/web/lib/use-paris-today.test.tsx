import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useParisToday } from './use-paris-today.ts';

/** Lets `ms` pass on the fake clock, timers included. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useParisToday', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("turns to the next day at Paris midnight, not at the browser's or UTC's", () => {
    // 23:59:30 in Paris (winter: UTC+1) is 22:59:30 UTC.
    vi.setSystemTime(new Date('2026-12-14T22:59:30Z'));
    const { result } = renderHook(() => useParisToday());
    expect(result.current).toBe('2026-12-14');
    advance(29_000);
    expect(result.current).toBe('2026-12-14');
    advance(1_000);
    expect(result.current).toBe('2026-12-15');
    // And again the night after.
    advance(24 * 3_600_000);
    expect(result.current).toBe('2026-12-16');
  });

  it('reads the date again when the page is shown after the computer slept past midnight', () => {
    vi.setSystemTime(new Date('2026-12-14T21:00:00Z'));
    const { result } = renderHook(() => useParisToday());
    expect(result.current).toBe('2026-12-14');
    // Asleep for nine hours: the clock moved, the timers did not.
    vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe('2026-12-15');
  });

  it('waits again when its timer fires before midnight', () => {
    vi.setSystemTime(new Date('2026-12-14T22:59:59.000Z'));
    const { result } = renderHook(() => useParisToday());
    // The timer fires a second early: the clock was set back a second meanwhile.
    vi.setSystemTime(new Date('2026-12-14T22:59:58.000Z'));
    advance(1_000);
    expect(result.current).toBe('2026-12-14');
    advance(1_000);
    expect(result.current).toBe('2026-12-15');
  });
});
