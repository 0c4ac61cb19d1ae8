import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useParisToday } from './use-paris-today.ts';

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
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(result.current).toBe('2026-12-14');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe('2026-12-15');
    // And again the night after.
    act(() => {
      vi.advanceTimersByTime(24 * 3_600_000);
    });
    expect(result.current).toBe('2026-12-16');
  });
});
