import { describe, expect, it } from 'vitest';
import { SEARCH_LONGEST_WALK, SEARCH_RECENT_SCAN, walkFor } from './offers-search.repository.ts';

describe('walkFor', () => {
  it('keeps the first step when the newest offers hold enough matches', () => {
    expect(walkFor(101, 101)).toBe(SEARCH_RECENT_SCAN);
    expect(walkFor(500, 101)).toBe(SEARCH_RECENT_SCAN);
  });

  it('walks as far as their density says, with a quarter more', () => {
    // 94 matches in 3 000 offers: 101 are expected within 3 224 offers, so 4 030.
    expect(walkFor(94, 101)).toBe(4030);
    expect(walkFor(94, 101)).toBeLessThanOrEqual(SEARCH_LONGEST_WALK);
  });

  it('leaves sparse matches to the whole table', () => {
    expect(walkFor(0, 101)).toBeNull();
    expect(walkFor(10, 101)).toBeNull();
    expect(walkFor(63, 101)).toBeNull();
  });
});
