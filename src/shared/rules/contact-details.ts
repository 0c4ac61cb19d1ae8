/**
 * Contact details in a chat message (DESIGN.md section 8, issue 10 section 2): until the two parties
 * share a scheduled or paid booking, a message carrying any of them is masked for its recipient. We
 * look for phone numbers (French and international, spaced, dotted, written out in French words),
 * e-mail addresses (also "arobase"/"at" and "point"/"dot" spellings), URLs (also bare domains) and
 * invitations to move to a messaging app (WhatsApp, Telegram, Signal, Instagram… and @handles).
 *
 * A false positive hides an honest message, so prices, dates, times, durations, counts, postcodes
 * and the emergency numbers (15, 112, 3114…) must never match: a phone needs at least 9 digits in a
 * phone-like run, and bare domains need a known top-level domain.
 *
 * The text is first normalised (lower case, accents and compatibility forms folded) while keeping, for
 * every normalised character, where it came from, so each match is reported as the user wrote it.
 */
export type ContactDetailKind = 'phone' | 'email' | 'url' | 'messaging_app';

export type ContactDetail = { kind: ContactDetailKind; match: string };

/** A match in the normalised text: [start, end) in normalised positions. */
type Span = { kind: ContactDetailKind; start: number; end: number };

type Normalised = {
  text: string;
  /** Original index of the character that produced each normalised character. */
  from: number[];
  /** Original index just after that character. */
  to: number[];
};

/** Invisible format characters (zero-width space and joiners, soft hyphen, bidi controls). */
const INVISIBLE = /\p{Cf}/u;
const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * A decimal digit of any script ("٦", "६") as its ASCII digit. Unicode encodes each script's digits
 * as a run of ten code points from zero, so the value is the count of digits just before it, mod 10.
 */
function asciiDigit(char: string): string {
  if (!DECIMAL_DIGIT.test(char) || /[0-9]/.test(char)) return char;
  const code = char.codePointAt(0) ?? 0;
  let zero = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

function normalise(original: string): Normalised {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of original) {
    // Dropped, so "06\u200b12…" or "what\u200bsapp" read as written on screen.
    if (INVISIBLE.test(char)) {
      index += char.length;
      continue;
    }
    // NFKD folds accents apart and maps compatibility forms (full-width ＠, ligatures) to plain ones.
    const folded = char.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    for (const piece of [...folded].map(asciiDigit)) {
      text += piece;
      for (let unit = 0; unit < piece.length; unit += 1) {
        from.push(index);
        to.push(index + char.length);
      }
    }
    index += char.length;
  }
  return { text, from, to };
}

function originalText(original: string, normalised: Normalised, span: Span): string {
  const start = normalised.from[span.start] ?? 0;
  const end = normalised.to[span.end - 1] ?? original.length;
  return original.slice(start, end);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

/** Fewest digits of a phone number: 9 (a French number without its leading 0). */
const PHONE_MIN_DIGITS = 9;
/** Longest run of separators between two groups of a phone ("06 . 12" is still one number). */
const PHONE_MAX_SEPARATOR = 3;
/** Longest run of blanks alone (spaces, line breaks) between two groups of a phone. */
const PHONE_MAX_BLANKS = 16;
/** Short numbers people in distress may write (never masked, even side by side). */
const EMERGENCY_NUMBERS = new Set(['15', '17', '18', '112', '114', '115', '119', '196', '3114', '3919']);

const UNITS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
};
const TEENS: Record<string, number> = {
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};
const TENS: Record<string, number> = {
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  // Belgian and Swiss forms.
  septante: 70,
  huitante: 80,
  octante: 80,
  nonante: 90,
};
const ZERO_WORDS = new Set(['zero']);
const NUMBER_WORDS_MAX = 6;
const HUNDRED_WORDS = new Set(['cent', 'cents']);

function isNumberWord(word: string): boolean {
  return (
    word in UNITS || word in TEENS || word in TENS || ZERO_WORDS.has(word) || HUNDRED_WORDS.has(word) || word === 'dix'
  );
}

type Token =
  | { type: 'word'; value: string; start: number; end: number }
  | { type: 'plus'; start: number; end: number }
  | { type: 'sep'; value: string; start: number; end: number }
  | { type: 'other'; start: number; end: number };

// Separators inside a phone number: spaces, dots, dashes (all kinds), brackets, and the "_ * ~ ·"
// people put in to dodge a filter. Not "/" (dates), not ":" (times), not "," (decimals and lists).
const SEPARATOR = /[\s.()\u2010-\u2015_*~\u00b7-]/;

function tokenize(text: string, blocked: boolean[]): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const start = index;
    const char = text[index] ?? '';
    if (blocked[index]) {
      while (index < text.length && blocked[index]) index += 1;
      tokens.push({ type: 'other', start, end: index });
    } else if (/[a-z0-9]/.test(char)) {
      while (index < text.length && !blocked[index] && /[a-z0-9]/.test(text[index] ?? '')) index += 1;
      tokens.push({ type: 'word', value: text.slice(start, index), start, end: index });
    } else if (char === '+') {
      index += 1;
      tokens.push({ type: 'plus', start, end: index });
    } else if (SEPARATOR.test(char)) {
      while (index < text.length && !blocked[index] && SEPARATOR.test(text[index] ?? '')) index += 1;
      tokens.push({ type: 'sep', value: text.slice(start, index), start, end: index });
    } else {
      index += 1;
      tokens.push({ type: 'other', start, end: index });
    }
  }
  return tokens;
}

/** Dates written with dots or dashes ("12.03.2026", "2026-03-12"): never part of a phone number. */
const DATE_PATTERNS = [/\b\d{1,2}([./-])\d{1,2}\1(?:19|20)\d{2}\b/g, /\b(?:19|20)\d{2}-\d{1,2}-\d{1,2}\b/g];

function blockedDates(text: string): boolean[] {
  const blocked = Array.from({ length: text.length }, () => false);
  for (const pattern of DATE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      for (let index = match.index; index < match.index + match[0].length; index += 1) blocked[index] = true;
    }
  }
  return blocked;
}

/** A group of digits inside a candidate phone number. */
type Group = { digits: string; start: number; end: number; spelled: boolean };

/** "o6" read as "06", "l2" and "i2" as "12" (letters typed for digits, next to a digit). */
function digitsOfWord(word: string): string | null {
  if (/^\d+$/.test(word)) return word;
  if (/^[oil\d]+$/.test(word) && /\d/.test(word)) return word.replaceAll('o', '0').replace(/[il]/g, '1');
  return null;
}

/**
 * Reads a French number written in words from tokens[index] ("soixante-dix-huit", "vingt et un",
 * "quatre-vingt-douze", "deux cent trente"), greedily. Words may be joined by spaces or dashes.
 * Returns the value and the index of the first token after it, or null.
 */
function readNumberWords(tokens: Token[], index: number): { value: number; next: number } | null {
  const words: { value: string; index: number }[] = [];
  // Collect the following words joined by spaces or dashes only (a dot ends a spelled number); a
  // number below 1 000 takes at most 6 words ("deux cent quatre-vingt-dix-sept").
  for (let position = index; position < tokens.length && words.length < NUMBER_WORDS_MAX; position += 1) {
    const token = tokens[position];
    if (!token) break;
    if (token.type === 'word') {
      if (!isNumberWord(token.value) && token.value !== 'et') break;
      words.push({ value: token.value, index: position });
    } else if (token.type === 'sep' && /^[\s\u2010-\u2015-]+$/.test(token.value) && token.value.length <= 3) {
      continue;
    } else {
      break;
    }
  }
  let cursor = 0;
  const peek = (offset = 0): string | undefined => words[cursor + offset]?.value;
  const first = peek();
  if (first === undefined || first === 'et') return null;
  if (ZERO_WORDS.has(first)) return { value: 0, next: (words[0]?.index ?? index) + 1 };

  let value = 0;
  let read = false;
  // Hundreds: "cent", "deux cent(s)".
  const unitBefore = UNITS[first];
  if (unitBefore !== undefined && HUNDRED_WORDS.has(peek(1) ?? '')) {
    value = unitBefore * 100;
    cursor += 2;
    read = true;
  } else if (HUNDRED_WORDS.has(first)) {
    value = 100;
    cursor += 1;
    read = true;
  }
  // Tens and units.
  const word = peek();
  if (word !== undefined && word !== 'et') {
    if (word === 'quatre' && (peek(1) === 'vingt' || peek(1) === 'vingts')) {
      value += 80;
      cursor += 2;
      read = true;
      cursor += readTeenOrUnit(peek(), peek(1), (extra) => (value += extra));
    } else if (TENS[word] !== undefined) {
      value += TENS[word];
      cursor += 1;
      read = true;
      if (peek() === 'et' && (peek(1) === 'un' || peek(1) === 'une' || peek(1) === 'onze')) {
        value += peek(1) === 'onze' ? 11 : 1;
        cursor += 2;
      } else if (word === 'soixante') {
        cursor += readTeenOrUnit(peek(), peek(1), (extra) => (value += extra));
      } else {
        const unit = UNITS[peek() ?? ''];
        if (unit !== undefined) {
          value += unit;
          cursor += 1;
        }
      }
    } else {
      const consumed = readTeenOrUnit(word, peek(1), (extra) => (value += extra));
      if (consumed > 0) read = true;
      cursor += consumed;
    }
  }
  if (!read || cursor === 0) return null;
  const last = words[cursor - 1];
  return last ? { value, next: last.index + 1 } : null;
}

/** "dix-huit", "douze", "six": reads 1 to 19 from one or two words; returns the words consumed. */
function readTeenOrUnit(word: string | undefined, following: string | undefined, add: (value: number) => void): number {
  if (word === undefined) return 0;
  if (word === 'dix' && (following === 'sept' || following === 'huit' || following === 'neuf')) {
    add(10 + (UNITS[following] ?? 0));
    return 2;
  }
  const teen = TEENS[word];
  if (teen !== undefined) {
    add(teen);
    return 1;
  }
  const unit = UNITS[word];
  if (unit !== undefined) {
    add(unit);
    return 1;
  }
  return 0;
}

/** "1 500 000", "12.000.000": thousands grouping of an amount, not a phone number. */
function isThousandsGrouping(groups: Group[], separators: string[]): boolean {
  const [first, ...rest] = groups;
  if (!first || rest.length === 0 || first.spelled || rest.some((group) => group.spelled)) return false;
  if (first.digits.startsWith('0') || first.digits.length > 3) return false;
  if (!separators.every((separator) => separator === ' ' || separator === '.' || /^\s$/.test(separator))) return false;
  return rest.every((group) => group.digits.length === 3);
}

function isPhone(groups: Group[], separators: string[], hasPlus: boolean): boolean {
  const digits = groups.map((group) => group.digits).join('');
  if (digits.length < PHONE_MIN_DIGITS) return false;
  if (groups.every((group) => EMERGENCY_NUMBERS.has(group.digits))) return false;
  if (!hasPlus && isThousandsGrouping(groups, separators)) return false;
  return true;
}

function findPhones(text: string): Span[] {
  const tokens = tokenize(text, blockedDates(text));
  const spans: Span[] = [];
  let groups: Group[] = [];
  let separators: string[] = [];
  let pendingSeparator: string | null = null;
  let plusStart: number | null = null;
  let hasPlus = false;

  const flush = (): void => {
    const first = groups[0];
    const last = groups.at(-1);
    if (first && last && isPhone(groups, separators, hasPlus)) {
      let start = hasPlus && plusStart !== null ? plusStart : first.start;
      // "(+33) 6 12…": the bracket belongs to the number.
      if (hasPlus && text[start - 1] === '(') start -= 1;
      spans.push({ kind: 'phone', start, end: last.end });
    }
    groups = [];
    separators = [];
    pendingSeparator = null;
    plusStart = null;
    hasPlus = false;
  };

  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token) break;
    if (token.type === 'word') {
      const digits = digitsOfWord(token.value);
      // Digits glued to letters ("14h30", "2e", "90min") are not part of a phone number.
      const spelled = digits === null ? readNumberWords(tokens, index) : null;
      if (digits === null && spelled === null) {
        flush();
        index += 1;
        continue;
      }
      if (groups.length > 0 && pendingSeparator === null) flush();
      if (groups.length > 0 && pendingSeparator !== null) separators.push(pendingSeparator);
      pendingSeparator = null;
      if (digits !== null) {
        groups.push({ digits, start: token.start, end: token.end, spelled: false });
        index += 1;
      } else if (spelled) {
        const end = tokens[spelled.next - 1]?.end ?? token.end;
        groups.push({ digits: String(spelled.value), start: token.start, end, spelled: true });
        index = spelled.next;
      }
      continue;
    }
    if (token.type === 'sep') {
      const fits =
        token.value.length <= PHONE_MAX_SEPARATOR ||
        (/^\s+$/.test(token.value) && token.value.length <= PHONE_MAX_BLANKS);
      if (groups.length > 0 && fits) {
        pendingSeparator = token.value;
      } else if (groups.length > 0) {
        flush();
      }
      index += 1;
      continue;
    }
    if (token.type === 'plus') {
      flush();
      plusStart = token.start;
      hasPlus = true;
      // "+ 33" is tolerated: the plus stays pending until the next group.
      pendingSeparator = null;
      index += 1;
      const next = tokens[index];
      if (next?.type === 'sep' && /^\s$/.test(next.value)) index += 1;
      if (tokens[index]?.type !== 'word') {
        plusStart = null;
        hasPlus = false;
      }
      continue;
    }
    flush();
    index += 1;
  }
  flush();
  return spans;
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses, URLs, messaging apps
// ---------------------------------------------------------------------------------------------

/** Top-level domains we accept for bare domains and spelled-out addresses (common, not French words). */
const TLDS = [
  'fr',
  'com',
  'net',
  'org',
  'io',
  'be',
  'ch',
  'ca',
  'eu',
  'me',
  'info',
  'ly',
  'gl',
  'co',
  'app',
  'dev',
  'biz',
  'xyz',
  'tv',
  'uk',
  'pro',
  'site',
  'online',
  'shop',
  'link',
  'page',
  'gg',
  'cc',
];
const TLD = `(?:${TLDS.join('|')})`;
/** Mail providers people name without a top-level domain ("jean arobase gmail"). */
const PROVIDERS = 'gmail|hotmail|yahoo|outlook|live|orange|free|laposte|sfr|wanadoo|icloud|protonmail|proton|gmx|aol';

const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const OPEN = '[(\\[{<]';
const CLOSE = '[)\\]}>]';
const SPELLED_AT = `(?:\\s*${OPEN}\\s*(?:at|arobase|arobas|a|@)\\s*${CLOSE}\\s*|\\s+(?:at|arobase|arobas|arrobase)\\s+)`;
const AT = `(?:\\s*@\\s*|${SPELLED_AT})`;
const SPELLED_DOT = `(?:\\s*${OPEN}\\s*(?:dot|point|pt|\\.)\\s*${CLOSE}\\s*|\\s+(?:dot|point)\\s+)`;
const DOT = `(?:\\s*\\.\\s*|${SPELLED_DOT})`;
const LOCAL = `[a-z0-9_%+-](?:[a-z0-9._%+-]*[a-z0-9_%+-])?(?:${SPELLED_DOT}[a-z0-9_%+-](?:[a-z0-9._%+-]*[a-z0-9_%+-])?)*`;

const EMAIL_PATTERNS = [
  // jean.dupont@gmail.com, with any top-level domain.
  /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/g,
  // jean arobase gmail point com, jean (at) gmail (dot) com, jean @ gmail . com, jean arobase gmail.
  new RegExp(`(?<![a-z0-9._%+-])${LOCAL}${AT}(?:${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}|(?:${PROVIDERS}))\\b`, 'g'),
];

const URL_PATTERNS = [
  /\b(?:https?|ftp):\/\/[^\s<>"]+/g,
  /\bwww\.[^\s<>"]+/g,
  // monsite.fr/rdv, bit.ly/xyz (a path is optional).
  new RegExp(`(?<![a-z0-9@.-])(?:${LABEL}\\.)+${TLD}(?![a-z0-9@-])(?:/[^\\s<>"]*)?`, 'g'),
  // monsite point fr, monsite (point) com, monsite [.] fr.
  new RegExp(`(?<![a-z0-9@.-])${LABEL}${SPELLED_DOT}(?:fr|com|net|org)\\b`, 'g'),
  // monsite . fr: a dot set apart by blanks (not "net", a French word).
  new RegExp(`(?<![a-z0-9@.-])${LABEL}(?:\\s+\\.\\s*|\\s*\\.\\s+)(?:fr|com|org)\\b`, 'g'),
];

const MESSAGING_PATTERNS = [
  /\b(?:wa|t|m|ig)\.me(?:\/[^\s<>"]*)?/g,
  /\b(?:whats\s?app|whatsap|watsapp|watsap|wathsapp|watsup)\b/g,
  /\b(?:telegram|instagram|insta|snapchat|snap|messenger|skype|discord|viber|wechat)\b/g,
  // "signal" is also a French word ("pas de signal"): only as an app, after sur / via / par / on.
  /(?<=\b(?:sur|via|par|on|avec)\s+(?:l['\u2019]?app(?:li(?:cation)?)?\s+)?)signal\b/g,
  // @handles; the at sign must not follow an e-mail's local part.
  /(?<![a-z0-9._%+-])@[a-z_][a-z0-9_.]*[a-z0-9_]/g,
];

/** Trailing punctuation is the sentence's, not the URL's. */
function trimUrlEnd(text: string, start: number, end: number): number {
  let stop = end;
  while (stop > start && /[.,;:!?)\]}'"»]/.test(text[stop - 1] ?? '')) stop -= 1;
  return stop;
}

/**
 * "merci.Bonne journée", "top.Me voilà": two sentences glued together, not a domain. A bare domain
 * whose top-level domain the user started with a capital letter and that has no path is skipped.
 */
function isGluedSentence(original: string, normalised: Normalised, text: string, start: number, end: number): boolean {
  const matched = text.slice(start, end);
  if (matched.includes('/')) return false;
  const lastDot = matched.lastIndexOf('.');
  const tldStart = normalised.from[start + lastDot + 1];
  if (tldStart === undefined) return false;
  const char = original[tldStart] ?? '';
  return char !== char.toLowerCase();
}

function findPatternSpans(
  original: string,
  normalised: Normalised,
  patterns: RegExp[],
  kind: ContactDetailKind,
): Span[] {
  const { text } = normalised;
  const spans: Span[] = [];
  patterns.forEach((pattern, patternIndex) => {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      let end = start + match[0].length;
      if (kind === 'url' || kind === 'messaging_app') end = trimUrlEnd(text, start, end);
      if (end <= start) continue;
      if (kind === 'url' && patternIndex === 2 && isGluedSentence(original, normalised, text, start, end)) continue;
      spans.push({ kind, start, end });
    }
  });
  return spans;
}

/** On overlaps the earliest, then longest match wins; on a tie the more specific kind. */
const KIND_PRIORITY: Record<ContactDetailKind, number> = { messaging_app: 0, email: 1, phone: 2, url: 3 };

function resolveOverlaps(spans: Span[]): Span[] {
  const sorted = [...spans].sort(
    (a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || KIND_PRIORITY[a.kind] - KIND_PRIORITY[b.kind],
  );
  const kept: Span[] = [];
  for (const span of sorted) {
    const previous = kept.at(-1);
    if (previous && span.start < previous.end) continue;
    kept.push(span);
  }
  return kept;
}

/** Every contact detail of a text, in reading order, each as the user wrote it. */
export function findContactDetails(text: string): ContactDetail[] {
  if (text.trim() === '') return [];
  const normalised = normalise(text);
  const spans = [
    ...findPatternSpans(text, normalised, EMAIL_PATTERNS, 'email'),
    ...findPatternSpans(text, normalised, MESSAGING_PATTERNS, 'messaging_app'),
    ...findPatternSpans(text, normalised, URL_PATTERNS, 'url'),
    ...findPhones(normalised.text),
  ];
  return resolveOverlaps(spans).map((span) => ({ kind: span.kind, match: originalText(text, normalised, span) }));
}

export function containsContactDetails(text: string): boolean {
  return findContactDetails(text).length > 0;
}
