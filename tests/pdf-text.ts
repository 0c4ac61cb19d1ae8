import { inflateSync } from 'node:zlib';

const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
const TEXT_OBJECT = /BT([\s\S]*?)ET/g;
const HEX_STRING = /<([0-9a-fA-F\s]*)>/g;
/** WinAnsi's 0x80–0x9F (Node's TextDecoder may read windows-1252 as plain Latin-1 there). */
const WIN_ANSI_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const winAnsi = {
  decode: (bytes: Buffer) =>
    Array.from(bytes, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte),
    ).join(''),
};

/**
 * The text pieces of a PDF made by pdfkit with its standard fonts, in drawing order: every content
 * stream is inflated (FlateDecode), and each text object (BT … ET) gives one piece, its hex strings
 * decoded as WinAnsi. No-break spaces read as plain spaces, so a test can write "4 505,00 €".
 * Enough to check our own documents' figures without a PDF parser dependency.
 */
export function pdfTextPieces(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const pieces: string[] = [];
  for (const stream of raw.matchAll(STREAM)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream
    }
    for (const object of content.matchAll(TEXT_OBJECT)) {
      const text = [...(object[1] ?? '').matchAll(HEX_STRING)]
        .map((hex) => winAnsi.decode(Buffer.from((hex[1] ?? '').replace(/\s/g, ''), 'hex')))
        .join('');
      if (text) pieces.push(text.replace(/[\u00a0\u202f]/g, ' '));
    }
  }
  return pieces;
}

/** The `count` pieces drawn right after the first piece equal to `label` (a table row's cells). */
export function piecesAfter(pieces: readonly string[], label: string, count: number): string[] {
  const index = pieces.indexOf(label);
  if (index < 0) throw new Error(`"${label}" not in the PDF: ${pieces.join(' | ')}`);
  return pieces.slice(index + 1, index + 1 + count);
}
