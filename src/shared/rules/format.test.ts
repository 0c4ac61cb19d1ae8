import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatNumber, initials, publicName, truncate } from './format.ts';

// Intl writes a narrow no-break space before the euro sign and as thousands separator in fr-FR.
const normalise = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoney', () => {
  it('shows "Gratuit" for 0', () => {
    expect(formatMoney(0)).toBe('Gratuit');
  });
  it('shows euros with two decimals in fr-FR', () => {
    expect(normalise(formatMoney(5000))).toBe('50,00 €');
    expect(normalise(formatMoney(123456, 'eur'))).toBe('1 234,56 €');
  });
  it('handles dollars', () => {
    expect(normalise(formatMoney(1999, 'usd'))).toBe('19,99 $US');
  });
});

describe('formatAmount', () => {
  it('writes 0 as an amount, not as "Gratuit"', () => {
    expect(normalise(formatAmount(0))).toBe('0,00 €');
    expect(normalise(formatAmount(123456, 'eur'))).toBe('1 234,56 €');
  });
});

// The written-out formats must equal Intl's exactly (format.ts says why they are not Intl).
describe('formatAmount and formatNumber write what Intl.NumberFormat fr-FR writes', () => {
  const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  const decimals = [0, 1, 2].map(
    (digits) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );

  it('for any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatAmount(cents)).toBe(euros.format(cents / 100));
      }),
      { numRuns: 5000 },
    );
    // Beyond 2^53 / 100 euros Intl formats an inexact double: no price comes near it.
    for (const cents of [0, -0, 5, 99, 100, 99_999, 100_000, -1, -100_000]) {
      expect(formatAmount(cents)).toBe(euros.format(cents / 100));
    }
  });

  it('for any number, with 0, 1 or 2 decimals (halves, ratings, large and tiny values)', () => {
    const numbers = fc.oneof(
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100), // 4.35, 12.25: halves of the shortest form
      fc.integer({ min: 100, max: 500 }).map((n) => n / 100 + 0.005), // ratings as averages come
    );
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 2 }), (value, digits) => {
        expect(formatNumber(value, digits)).toBe(decimals[digits]!.format(value));
      }),
      { numRuns: 20_000 },
    );
    for (const [value, digits] of [
      [4.35, 1],
      [4.25, 1],
      [-0.04, 1],
      [-0, 0],
      [999, 0],
      [1000, 0],
      [9.96, 1],
      [1e-7, 2],
      [Infinity, 0],
    ] as const) {
      expect(formatNumber(value, digits)).toBe(decimals[digits]!.format(value));
    }
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, upper case', () => {
    expect(initials('marie claire dupont')).toBe('MC');
    expect(initials('  Élodie   ')).toBe('É');
    expect(initials('jean-paul sartre')).toBe('JS');
  });
  it('is empty without a name', () => {
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('publicName', () => {
  it('prefers the display name, trimmed, then the username, then nothing', () => {
    expect(publicName({ display_name: '  Léa  ', username: 'lea' })).toBe('Léa');
    expect(publicName({ display_name: '   ', username: 'lea' })).toBe('lea');
    expect(publicName({ display_name: null, username: null })).toBe('');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('court', 10)).toBe('court');
    expect(truncate('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncate('abcde fghijk', 6)).toBe('abcde…');
  });
});
