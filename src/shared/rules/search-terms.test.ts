import { describe, expect, it } from 'vitest';
import {
  buildTsQuery,
  correctableWords,
  maxTyposFor,
  normalizeSearchQuery,
  parseSearchTerms,
  typoCorrections,
  typoDistance,
} from './search-terms.ts';

describe('normalizeSearchQuery', () => {
  it('lowers case and removes accents', () => {
    expect(normalizeSearchQuery('Santé Mentale, ÉCOUTE')).toBe('sante mentale, ecoute');
    expect(normalizeSearchQuery('Créativité à Noël, maïs, garçon, où')).toBe('creativite a noel, mais, garcon, ou');
  });
  it('spells out ligatures and stroked letters', () => {
    expect(normalizeSearchQuery('Œuvre cœur Æsop straße Øre Łódź')).toBe('oeuvre coeur aesop strasse ore lodz');
    expect(normalizeSearchQuery('ﬁn')).toBe('fin');
  });
  it('keeps punctuation for the term parser to split on', () => {
    expect(normalizeSearchQuery("L'après-deuil")).toBe("l'apres-deuil");
  });
});

describe('typoDistance', () => {
  it('counts an adjacent swap as one typo', () => {
    expect(typoDistance('bunrout', 'burnout')).toBe(1);
    expect(typoDistance('deiul', 'deuil')).toBe(1);
  });
  it('counts insertions, deletions and substitutions', () => {
    expect(typoDistance('stres', 'stress')).toBe(1);
    expect(typoDistance('anxiete', 'anxieté')).toBe(1);
    expect(typoDistance('kitten', 'sitting')).toBe(3);
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('same', 'same')).toBe(0);
  });
  it('stops early above the maximum', () => {
    expect(typoDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(typoDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('typoCorrections', () => {
  it('keeps candidates within one typo for short words', () => {
    expect(typoCorrections('bunrout', ['burnout', 'burn', 'bunrout', 'brunch'])).toEqual(['burnout']);
  });
  it('allows two typos from eight letters', () => {
    expect(maxTyposFor('reconvertion')).toBe(2);
    expect(typoCorrections('reconvesrion', ['reconversion', 'conversion'])).toEqual(['reconversion']);
  });
  it('does not correct words under three letters', () => {
    expect(typoCorrections('rh', ['rhe', 'h'])).toEqual([]);
  });
});

describe('parseSearchTerms', () => {
  it('keeps a hyphenated word joined and in pieces', () => {
    expect(parseSearchTerms('burn-out')).toEqual([{ word: 'burnout', parts: ['burn', 'out'] }]);
  });
  it('splits on anything but letters and digits and drops one-letter words', () => {
    expect(parseSearchTerms("l'anxiete   au travail!")).toEqual([
      { word: 'anxiete', parts: [] },
      { word: 'au', parts: [] },
      { word: 'travail', parts: [] },
    ]);
  });
  it('removes tsquery syntax and duplicates', () => {
    expect(parseSearchTerms("deuil & | ! :* ( ) ' deuil")).toEqual([{ word: 'deuil', parts: [] }]);
  });
  it('caps the number of terms', () => {
    expect(parseSearchTerms('aa bb cc dd ee ff gg hh ii jj')).toHaveLength(8);
  });
});

describe('buildTsQuery', () => {
  it('ORs corrections, ANDs terms and prefixes the last word', () => {
    const terms = parseSearchTerms('deuil bunrout');
    expect(correctableWords(terms)).toEqual(['deuil', 'bunrout']);
    expect(buildTsQuery(terms, new Map([['bunrout', ['burnout']]]))).toBe('(deuil) & (bunrout:* | burnout)');
  });
  it('matches a hyphenated word joined or in pieces', () => {
    expect(buildTsQuery(parseSearchTerms('burn-out'), new Map())).toBe('(burnout | (burn & out))');
  });
  it('answers null without terms', () => {
    expect(buildTsQuery(parseSearchTerms(' ! ? '), new Map())).toBeNull();
  });
  it('ignores corrections that are not plain words', () => {
    expect(buildTsQuery(parseSearchTerms('stress'), new Map([['stress', ['a|b', 'stres']]]))).toBe(
      '(stress:* | stres)',
    );
  });
});
