import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, initials, publicName, truncate } from './format.ts';

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
