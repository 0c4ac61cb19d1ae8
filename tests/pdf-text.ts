import { inflateSync } from 'node:zlib';

const OBJECT = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/;
/** In a content stream: a font selection, a text object's start or end, or a hex string. */
const CONTENT_TOKEN = /\/([A-Za-z0-9]+)\s+[\d.]+\s+Tf|\bBT\b|\bET\b|<([0-9a-fA-F\s]*)>/g;
const FONT_ENTRY = /\/([A-Za-z0-9]+)\s+(\d+) 0 R/g;
/** pdfkit's ToUnicode CMaps: `<first> <last> [<utf-16> <utf-16> …]` ranges. */
const BF_RANGE = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g;
/** A run of right-to-left letters (and the spaces between them), drawn in visual order. */
const RTL_RUN = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]+(?:\s+[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]+)*/gu;

/** WinAnsi's 0x80–0x9F (Node's TextDecoder may read windows-1252 as plain Latin-1 there). */
const WIN_ANSI_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte),
  ).join('');

type PdfObject = { dictionary: string; stream: string | undefined };

function readObjects(pdf: Buffer): Map<string, PdfObject> {
  const objects = new Map<string, PdfObject>();
  for (const [, id = '', body = ''] of pdf.toString('latin1').matchAll(OBJECT)) {
    const streamMatch = STREAM.exec(body);
    let stream: string | undefined;
    if (streamMatch) {
      const raw = Buffer.from(streamMatch[1] ?? '', 'latin1');
      try {
        stream = inflateSync(raw).toString('latin1');
      } catch {
        stream = raw.toString('latin1');
      }
    }
    objects.set(id, { dictionary: streamMatch ? body.slice(0, streamMatch.index) : body, stream });
  }
  return objects;
}

/** An embedded font's glyph codes to their text, from its ToUnicode CMap. */
function toUnicode(cmap: string): Map<number, string> {
  const codes = new Map<number, string>();
  for (const [, first = '0', , entries = ''] of cmap.matchAll(BF_RANGE)) {
    [...entries.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((entry, offset) => {
      const units = (entry[1] ?? '')
        .trim()
        .split(/\s+/)
        .map((hex) => Number.parseInt(hex, 16));
      codes.set(Number.parseInt(first, 16) + offset, String.fromCharCode(...units));
    });
  }
  return codes;
}

/** Each font resource name (/F1 …) to its decoder: the ToUnicode CMap, or WinAnsi for a standard font. */
function fontDecoders(objects: Map<string, PdfObject>): Map<string, (hex: string) => string> {
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dictionary } of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dictionary);
    for (const [, name = '', id = ''] of fonts?.[1]?.matchAll(FONT_ENTRY) ?? []) {
      const cmapId = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(id)?.dictionary ?? '')?.[1];
      const cmap = cmapId ? objects.get(cmapId)?.stream : undefined;
      if (!cmap) {
        decoders.set(name, (hex) => winAnsi(Buffer.from(hex, 'hex')));
        continue;
      }
      const codes = toUnicode(cmap);
      decoders.set(name, (hex) =>
        (hex.match(/.{4}/g) ?? []).map((code) => codes.get(Number.parseInt(code, 16)) ?? '').join(''),
      );
    }
  }
  return decoders;
}

/** Right-to-left runs back in reading order (the PDF draws their glyphs from left to right). */
const readingOrder = (text: string) => text.replace(RTL_RUN, (run) => [...run].reverse().join(''));

/**
 * The text pieces of a PDF made by pdfkit, in drawing order: every content stream is inflated
 * (FlateDecode), and each text object (BT … ET) gives one piece, its hex strings decoded through the
 * current font: its ToUnicode CMap for an embedded font (what a PDF reader copies), WinAnsi for a
 * standard one. Right-to-left words read in their own order; no-break spaces read as plain spaces,
 * so a test can write "4 505,00 €". Enough to check our own documents without a PDF parser dependency.
 */
export function pdfTextPieces(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const decoders = fontDecoders(objects);
  const pieces: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue;
    let decode: ((hex: string) => string) | undefined;
    let text = '';
    for (const token of stream.matchAll(CONTENT_TOKEN)) {
      if (token[1] !== undefined) decode = decoders.get(token[1]);
      else if (token[0] === 'BT') text = '';
      else if (token[0] === 'ET') {
        if (text) pieces.push(readingOrder(text).replace(/[\u00a0\u202f]/g, ' '));
        text = '';
      } else if (token[2] !== undefined && decode) text += decode(token[2].replace(/\s/g, ''));
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
