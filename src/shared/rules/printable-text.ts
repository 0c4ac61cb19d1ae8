// A rule of the money documents (src/server/modules/ledger/ledger-pdf.ts), pure so that it is tested
// without a PDF: what of a person's text a font can print, and in which order.

/** One emoji as people type it: a pictograph, its skin tone or presentation marks, joined ones, or a flag. */
const EMOJI =
  /\p{Regional_Indicator}{2}|\p{Extended_Pictographic}[\p{Emoji_Modifier}\ufe0f\u20e3]*(?:\u200d\p{Extended_Pictographic}[\p{Emoji_Modifier}\ufe0f]*)*/gu;
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LTR_LETTER = /(?![\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc])\p{L}/u;
/** What stands for a letter the font cannot draw (a name in a script it lacks): the replacement mark. */
const UNDRAWABLE = '\ufffd';

/**
 * A person's text as a document's font can draw it (`canDraw` asks the font's cmap), instead of
 * empty boxes: an emoji it lacks is left out (a decoration, not a letter of the name), any other
 * character it lacks becomes "\ufffd", and spaces are tidied (no-break spaces kept).
 */
export function printable(text: string, canDraw: (codePoint: number) => boolean): string {
  const drawable = (value: string) => [...value].every((char) => canDraw(char.codePointAt(0) ?? 0));
  return (
    text
      // An emoji the font draws keeps its pictograph; its presentation mark (U+FE0F) is a hint to a
      // colour font that no document font honours.
      .replace(EMOJI, (emoji) => {
        const bare = emoji.replace(/\ufe0f/gu, '');
        return drawable(bare) ? bare : '';
      })
      .replace(/[^\s]/gu, (char) => (drawable(char) ? char : UNDRAWABLE))
      .replace(/[^\S\u00a0]+/gu, ' ')
      .trim()
  );
}

/**
 * Whether a text is written right to left only (an Arabic name): a document lays it out as one run,
 * right-aligned, so that its words read from the right. A text mixing both directions keeps the
 * left-to-right layout.
 */
export function isRightToLeft(text: string): boolean {
  return RTL_LETTER.test(text) && !LTR_LETTER.test(text);
}
