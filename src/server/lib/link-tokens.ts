import { createHash, randomBytes } from 'node:crypto';

const LINK_TOKEN_BYTES = 32;

/** A token for a link sent by e-mail: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(LINK_TOKEN_BYTES).toString('base64url');
}

/** Only the sha-256 of a mailed token is stored: a database leak does not leak usable links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
