import { describe, expect, it } from 'vitest';
import { commissionCents, helperNetCents } from './commission.ts';

describe('commissionCents', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1],
    [14, 1],
    [15, 2],
    [4500, 450],
    [4505, 451],
    [4504, 450],
    [999, 100],
    [12_345, 1235],
  ])('takes 10%% of %i cents rounded half up: %i', (price, expected) => {
    expect(commissionCents(price)).toBe(expected);
  });

  it('refuses what is not a whole, non-negative number of cents', () => {
    expect(() => commissionCents(-1)).toThrow(RangeError);
    expect(() => commissionCents(10.5)).toThrow(RangeError);
  });

  it('leaves the helper the rest', () => {
    expect(helperNetCents(4505)).toBe(4054);
    expect(helperNetCents(4505) + commissionCents(4505)).toBe(4505);
  });
});
