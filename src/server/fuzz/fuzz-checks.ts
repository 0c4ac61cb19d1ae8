import type { LightMyRequestResponse } from 'fastify';

/**
 * The fuzzer's properties on one answer (issue 14 section 1): below 500; an error is a French
 * `{detail, code}` or DESIGN.md's 422 list with French messages; no stack trace or SQL anywhere.
 * "French" is read pragmatically: a non-empty text holding none of the English texts that Fastify,
 * zod, JSON.parse or Node write by default.
 */

/** Fastify's, zod's and Node's English texts: an error body that holds one is not in French. */
const ENGLISH_GIVEAWAYS = [
  /\bBad Request\b/,
  /\bNot Found\b/,
  /\bInternal Server Error\b/,
  /\bUnauthorized\b/,
  /\bForbidden\b/,
  /\bToo Many Requests\b/,
  /\bRate limit exceeded\b/i,
  /\bPayload Too Large\b/,
  /\bUnsupported Media Type\b/,
  /\bmust (be|have|match|NOT)\b/,
  /\bExpected\b/,
  /\bexpected\b/,
  /\bInvalid\b/,
  /\binvalid\b/,
  /\bRequired\b/,
  /\bUnexpected (token|end)\b/,
  /\bis not valid JSON\b/,
  /\bbody\//,
  /\bquerystring\//,
  /\bparams\//,
  /\bRoute \w+:/,
  /\bBody cannot be empty\b/,
  /\bcannot\b/,
  /\bfailed\b/i,
  /\berror\b/i,
];

/** Internals that must never reach a client. */
const LEAKS = [
  /\bat .+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\/work\//,
  /\bSELECT\b/,
  /\bINSERT\b/,
  /\bUPDATE\s+"?\w+"?\s+SET\b/,
  /\bsyntax error\b/,
  /\brelation "/,
  /\bviolates\b/,
  /\bduplicate key\b/,
  /\bdrizzle\b/i,
  /\bPGlite\b/i,
  /\bZodError\b/,
  /\bFST_[A-Z_]+/,
];

/** Why this answer breaks a property, or null when it is fine. */
export function violation(response: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>): string | null {
  if (response.statusCode >= 500) return `answer ${response.statusCode}`;
  const body = response.body;
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  if (response.statusCode < 400) {
    // A success may echo what the fuzzer sent (a message "SELECT…"): only internals are looked for.
    if (isJson && /\bat .+\.(ts|js|mjs):\d+/.test(body)) return 'a stack trace in a success body';
    return null;
  }
  if (!isJson) return `an error answered as ${String(response.headers['content-type'])}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'an error body that is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'an error body that is not an object';
  const { detail, code } = parsed as { detail?: unknown; code?: unknown };
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) return 'an error without a stable code';
  const texts: string[] = [];
  if (typeof detail === 'string') texts.push(detail);
  else if (Array.isArray(detail) && response.statusCode === 422 && detail.length > 0) {
    for (const item of detail as { loc?: unknown; msg?: unknown; type?: unknown }[]) {
      if (!Array.isArray(item.loc) || typeof item.msg !== 'string' || typeof item.type !== 'string') {
        return 'a 422 item without loc, msg and type';
      }
      texts.push(item.msg);
    }
  } else return 'an error without a detail';
  for (const text of texts) {
    if (text.trim() === '') return 'an empty error text';
    const english = ENGLISH_GIVEAWAYS.find((pattern) => pattern.test(text));
    if (english) return `an English error text (${String(english)}): ${text}`;
  }
  const leak = LEAKS.find((pattern) => pattern.test(texts.join('\n')));
  if (leak) return `internals in an error text (${String(leak)})`;
  return null;
}
