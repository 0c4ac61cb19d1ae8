import { describe, expect, it } from 'vitest';
import {
  formatDateLong,
  formatDateTimeLong,
  formatDateTimeShort,
  formatMoney,
  formatTime,
  initials,
  truncate,
} from './format.ts';

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

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('court', 10)).toBe('court');
    expect(truncate('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncate('abcde fghijk', 6)).toBe('abcde…');
  });
});

describe('Paris dates', () => {
  it('formats in Paris time in winter (UTC+1)', () => {
    expect(formatDateTimeLong('2024-12-03T13:30:00Z')).toBe('mardi 3 décembre à 14 h 30');
    expect(formatDateTimeShort('2024-12-03T13:30:00Z')).toBe('03/12 14:30');
  });
  it('formats in Paris time in summer (UTC+2) and across midnight', () => {
    expect(formatDateTimeLong('2025-07-14T07:05:00Z')).toBe('lundi 14 juillet à 9 h 05');
    expect(formatDateTimeShort('2025-06-30T22:30:00Z')).toBe('01/07 00:30');
    expect(formatDateLong('2025-06-30T22:30:00Z')).toBe('mardi 1 juillet 2025');
    expect(formatTime(new Date('2025-03-30T01:00:00Z'))).toBe('03:00');
  });
});
