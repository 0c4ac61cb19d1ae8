import { describe, expect, it } from 'vitest';
import { titleHashtag, titleTag } from './offer-tag.ts';

describe('titleTag', () => {
  it('takes the first word of four letters or more, in lower case', () => {
    expect(titleTag('Sortir du burn-out pas à pas')).toBe('sortir');
    expect(titleTag('Le Deuil, en parler')).toBe('deuil');
  });

  it('skips common French function words', () => {
    expect(titleTag('Pour vous aider à réviser')).toBe('aider');
  });

  it('keeps accents and hyphenated words whole', () => {
    expect(titleTag('Un burn-out ?')).toBe('burn-out');
    expect(titleTag('Études et méthode')).toBe('études');
  });

  it('falls back to the first word when every word is short', () => {
    expect(titleTag('Un an de vie')).toBe('un');
    expect(titleTag('  ')).toBe('');
  });
});

describe('titleHashtag', () => {
  it('prefixes the tag with #, and gives nothing for an empty title', () => {
    expect(titleHashtag('Reconversion réussie')).toBe('#reconversion');
    expect(titleHashtag('')).toBe('');
  });
});
