/**
 * The tag an offer card shows (spec 1 section 2: "a hashtag derived from the title"): the first word
 * of the title that carries meaning, lower case. Short French function words ("le", "pour", "mon")
 * would make every tag alike, so words under four letters and a few common ones are skipped.
 */

const SKIPPED_WORDS = new Set([
  'avec',
  'dans',
  'pour',
  'sans',
  'vous',
  'votre',
  'vos',
  'mon',
  'mes',
  'une',
  'des',
  'les',
  'aux',
  'sur',
  'par',
]);
const MIN_TAG_LENGTH = 4;

function words(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}

/** "Sortir du burn-out pas à pas" -> "sortir"; "Le deuil" -> "deuil"; "" -> "". */
export function titleTag(title: string): string {
  const all = words(title);
  const meaningful = all.find((word) => Array.from(word).length >= MIN_TAG_LENGTH && !SKIPPED_WORDS.has(word));
  return meaningful ?? all[0] ?? '';
}

/** The landing page's form: "#sortir", or "" when the title has no word. */
export function titleHashtag(title: string): string {
  const tag = titleTag(title);
  return tag ? `#${tag}` : '';
}
