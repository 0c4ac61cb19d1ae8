/** A mail of the outbox (raw RFC 822, as nodemailer writes it) read back for assertions. */
export type ReadMail = { to: string; subject: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // RFC 2047 encoded words (`=?UTF-8?Q?...?=` or `=?UTF-8?B?...?=`), possibly folded over lines.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Parses a single-part text mail (or the text/plain part of a multipart one). */
export function parseMail(raw: string): ReadMail {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const headerEnd = unfolded.indexOf('\n\n');
  const headerText = unfolded.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of headerText.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = unfolded.slice(headerEnd + 2);
  let encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    const textPart = body.split(`--${boundary}`).find((part) => /content-type:\s*text\/plain/i.test(part)) ?? '';
    const partHeaderEnd = textPart.indexOf('\n\n');
    encoding = /content-transfer-encoding:\s*(\S+)/i.exec(textPart.slice(0, partHeaderEnd))?.[1]?.toLowerCase();
    body = textPart.slice(partHeaderEnd + 2);
  }
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { to: headers.get('to') ?? '', subject: decodeHeader(headers.get('subject') ?? ''), text };
}
