import { describe, expect, it } from 'vitest';
import { isRightToLeft, printable } from './printable-text.ts';

/** A font that draws Latin-1, Cyrillic, Arabic and one pictograph (☺), as DejaVu Sans roughly does. */
const canDraw = (codePoint: number) =>
  codePoint <= 0xff ||
  (codePoint >= 0x400 && codePoint <= 0x4ff) ||
  (codePoint >= 0x600 && codePoint <= 0x6ff) ||
  codePoint === 0x263a;

describe('printable', () => {
  it('keeps what the font draws', () => {
    expect(printable('Ольга Иванова', canDraw)).toBe('Ольга Иванова');
    expect(printable('ليلى', canDraw)).toBe('ليلى');
    expect(printable('50,00\u00a0€'.replace('€', 'E'), canDraw)).toBe('50,00\u00a0E');
  });

  it('leaves out an emoji the font lacks (with its tone, joins and marks) and tidies the spaces', () => {
    expect(printable('Zoé 🌿', canDraw)).toBe('Zoé');
    expect(printable('Zoé 👩🏽‍🚀 Martin', canDraw)).toBe('Zoé Martin');
    expect(printable('🇫🇷 Paul', canDraw)).toBe('Paul');
    expect(printable('Paul ☺️', canDraw)).toBe('Paul ☺');
  });

  it('marks any other character the font lacks with the replacement character', () => {
    expect(printable('Wang 王', canDraw)).toBe('Wang \ufffd');
  });
});

describe('isRightToLeft', () => {
  it('is true for a text in a right-to-left script only', () => {
    expect(isRightToLeft('ليلى أحمد')).toBe(true);
    expect(isRightToLeft('ليلى Martin')).toBe(false);
    expect(isRightToLeft('Zoé')).toBe(false);
    expect(isRightToLeft('123')).toBe(false);
  });
});
