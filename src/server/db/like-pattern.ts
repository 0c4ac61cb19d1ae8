/**
 * `%text%` for LIKE/ILIKE with the text taken literally: `\`, `%` and `_` are LIKE's own characters,
 * so a search for "100%" looks for those characters, not for anything after "100".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
