import { RESERVED_TEAM_NAMES } from '../constants.ts';

/**
 * Letters that pass for Latin ones (Cyrillic, Greek, a few Latin letters NFKD keeps whole) and the
 * digits and signs of leetspeak, each read as the letter it imitates. `l` and `1` both read as `i`,
 * on both sides of the comparison: "AdmIn", "Adm1n" and "Admln" look alike.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'i',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ı: 'i',
  ł: 'i',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ɑ: 'a',
  ɡ: 'g',
  l: 'i',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
};

/**
 * A name's words, folded: lower case, accents dropped (NFKD also folds full-width and mathematical
 * letters), look-alikes read as their Latin letter; anything else (spaces, punctuation, invisible
 * characters) separates words.
 */
export function foldedWords(name: string): string[] {
  const folded = [...name.normalize('NFKD').toLowerCase().replace(/\p{M}/gu, '')]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('')
    .replace(/[^a-z]+/g, ' ');
  return folded.split(' ').filter((word) => word !== '');
}

/** Letters run together, "rn" read as "m" and a doubled letter as one ("Suppport", "Adrnin"). */
function skeleton(letters: string): string {
  return letters.replace(/rn/g, 'm').replace(/(.)\1+/g, '$1');
}

const RESERVED_SKELETONS = new Set(RESERVED_TEAM_NAMES.map((name) => skeleton(foldedWords(name).join(''))));

/**
 * True when some run of the name's words reads as a reserved name: "L'équipe Appui", "S.U.P.P.O.R.T",
 * "Mоdératiоn" with Cyrillic o, "Adm1n - Marie". A word that only contains one ("Badminton",
 * "Supporter") does not.
 */
export function impersonatesTeam(name: string): boolean {
  const words = foldedWords(name);
  for (let start = 0; start < words.length; start++) {
    let run = '';
    for (let end = start; end < words.length; end++) {
      run += words[end];
      if (RESERVED_SKELETONS.has(skeleton(run))) return true;
    }
  }
  return false;
}
