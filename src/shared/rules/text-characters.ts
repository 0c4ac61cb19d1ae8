/**
 * Which characters a text a person types may hold. Two kinds of fields:
 *
 * - A single-line field (a name, a username, a title, a subject, a link) holds no control character
 *   at all — C0 (tab, line feed, carriage return, NUL, escape…), DEL and C1 — nor the Unicode line
 *   and paragraph separators (U+2028, U+2029): a line break in a display name turns into a line of its
 *   own wherever the name is written line by line, in a mail's header or body, a log, a CSV.
 * - A multi-line field (a bio, a description, a message, a note) keeps line feed, carriage return
 *   (clients that send CRLF) and tab, and the separators; any other control character (NUL, escape,
 *   bell, backspace, C1…) is never typed on purpose, shows as nothing or as garbage, and is refused.
 *
 * Format characters (zero-width joiner, bidi marks) are not control characters here: emoji sequences
 * and right-to-left names need them.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN = /(?![\n\r\t])\p{Cc}/u;

/** True when `text` holds no line break and no control character. */
export function isSingleLineText(text: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(text);
}

/** True when `text` holds no control character other than line feed, carriage return and tab. */
export function isMultiLineText(text: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(text);
}
