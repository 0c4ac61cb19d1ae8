/**
 * Pure parts of offer search (DESIGN.md section 8: accent- and case-insensitive French full-text,
 * tolerant of small typos). These functions normalize the query the way the database normalizes the
 * indexed text (appui_unaccent + lower), split it into terms, keep the vocabulary words within one
 * typo of each term, and write the `to_tsquery` expression.
 */

/** Words shorter than this are not typo-corrected (too many near neighbours to mean anything). */
export const TYPO_MIN_WORD_LENGTH = 3;
/** Words at least this long tolerate two typos, shorter ones one. */
export const TWO_TYPOS_MIN_WORD_LENGTH = 8;
/** A query longer than this many terms is cut: the rest adds cost, not precision. */
export const MAX_SEARCH_TERMS = 8;

/**
 * Letters that Unicode decomposition leaves whole but PostgreSQL's unaccent rules rewrite (its
 * unaccent.rules file): ligatures and stroked letters a French or European name may contain.
 */
const UNACCENT_EXTRA: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ŀ: 'l',
  ŧ: 't',
  þ: 'th',
  ﬀ: 'ff',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬅ: 'st',
  ﬆ: 'st',
};
const UNACCENT_EXTRA_PATTERN = new RegExp(`[${Object.keys(UNACCENT_EXTRA).join('')}]`, 'g');

/**
 * The query in the form of the indexed text, computed here rather than by a database round trip:
 * lower case, combining marks removed after canonical decomposition ("Santé" -> "sante"), ligatures
 * and stroked letters spelled out ("Œuvre" -> "oeuvre", "ﬁ" -> "fi"). The API tests check it
 * against the SQL `lower(appui_unaccent(...))` on both databases.
 */
export function normalizeSearchQuery(query: string): string {
  return query
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(UNACCENT_EXTRA_PATTERN, (letter) => UNACCENT_EXTRA[letter] ?? letter);
}

export type SearchTerm = {
  /** The word as typed (normalized), or the joined form of a hyphenated word ("burn-out" -> "burnout"). */
  word: string;
  /** The pieces of a hyphenated word, also matched together ("burn" & "out"); empty otherwise. */
  parts: string[];
};

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions): insertions,
 * deletions, substitutions and swaps of two neighbours each cost 1 ("bunrout" -> "burnout" is 1).
 * Stops early and answers max + 1 once the distance is known to exceed `max`.
 */
export function typoDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = current;
  }
  return prev[cols - 1] ?? 0;
}

export function maxTyposFor(word: string): number {
  if (word.length < TYPO_MIN_WORD_LENGTH) return 0;
  return word.length >= TWO_TYPOS_MIN_WORD_LENGTH ? 2 : 1;
}

/** The vocabulary candidates (from the trigram index) that are within the allowed typos of `word`. */
export function typoCorrections(word: string, candidates: readonly string[]): string[] {
  const max = maxTyposFor(word);
  if (max === 0) return [];
  return [...new Set(candidates)].filter(
    (candidate) => candidate !== word && typoDistance(word, candidate, max) <= max,
  );
}

/**
 * Splits a normalized query (lower case, no accents) into terms. Only [a-z0-9] survive, so nothing
 * the user types can reach the tsquery syntax. One-letter words are dropped (l', d', a).
 */
export function parseSearchTerms(normalized: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const push = (term: SearchTerm) => {
    if (term.word.length < 2 || seen.has(term.word)) return;
    seen.add(term.word);
    terms.push(term);
  };
  for (const chunk of normalized.toLowerCase().split(/\s+/)) {
    if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(chunk)) {
      const parts = chunk.split('-');
      push({ word: parts.join(''), parts });
      continue;
    }
    for (const piece of chunk.split(/[^a-z0-9]+/)) push({ word: piece, parts: [] });
  }
  return terms.slice(0, MAX_SEARCH_TERMS);
}

/** The words of the terms worth typo-correcting against the vocabulary. */
export function correctableWords(terms: readonly SearchTerm[]): string[] {
  return terms.map((term) => term.word).filter((word) => word.length >= TYPO_MIN_WORD_LENGTH);
}

/**
 * The `to_tsquery('french', …)` text: each term is the typed word OR its corrections (OR its hyphen
 * pieces together), and all terms must match. The last typed word also matches as a prefix
 * ("anxi" finds "anxiété") since people search as they type. Null when there is nothing to search.
 */
export function buildTsQuery(
  terms: readonly SearchTerm[],
  corrections: ReadonlyMap<string, readonly string[]>,
): string | null {
  if (terms.length === 0) return null;
  const clauses = terms.map((term, index) => {
    const isLast = index === terms.length - 1;
    const typed =
      isLast && term.parts.length === 0 && term.word.length >= TYPO_MIN_WORD_LENGTH ? `${term.word}:*` : term.word;
    const alternatives = [typed, ...(corrections.get(term.word) ?? []).filter((word) => /^[a-z0-9]+$/.test(word))];
    if (term.parts.length > 1) alternatives.push(`(${term.parts.join(' & ')})`);
    return `(${[...new Set(alternatives)].join(' | ')})`;
  });
  return clauses.join(' & ');
}
