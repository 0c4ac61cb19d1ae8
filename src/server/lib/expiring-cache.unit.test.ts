import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache.ts';

describe('ExpiringCache', () => {
  it('answers a stored value until it expires', () => {
    let now = 1_000;
    const cache = new ExpiringCache<string, number>(500, 10, () => now);
    cache.set('deuil', 1);
    expect(cache.get('deuil')).toBe(1);
    now += 499;
    expect(cache.get('deuil')).toBe(1);
    now += 1;
    expect(cache.get('deuil')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest entry when full, and a rewrite makes an entry young again', () => {
    const cache = new ExpiringCache<string, number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(3);
    expect(cache.get('c')).toBe(4);
  });
});

describe('ExpiringCache with an expiry per entry', () => {
  it('ends an entry at its own expiry when that comes before the TTL, never after the TTL', () => {
    let now = 1_000;
    const cache = new ExpiringCache<string, number>(500, 10, () => now);
    cache.set('hold', 1, 1_100);
    cache.set('far', 2, 9_999);
    now = 1_099;
    expect(cache.get('hold')).toBe(1);
    now = 1_100;
    expect(cache.get('hold')).toBeUndefined();
    now = 1_499;
    expect(cache.get('far')).toBe(2);
    now = 1_500;
    expect(cache.get('far')).toBeUndefined();
  });

  it('deletes the entries a predicate matches', () => {
    const cache = new ExpiringCache<string, number>(60_000, 10);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.deleteWhere((value) => value % 2 === 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, undefined]);
  });
});
