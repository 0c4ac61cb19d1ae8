import { createHash, randomBytes } from 'node:crypto';
import { mailErrorForLog } from '../adapters/mail/mailer.ts';
import type { AppContext } from '../app-types.ts';
import { countersFor } from '../plugins/rate-limit-store.ts';
import { runInBackground } from './background.ts';

const LINK_TOKEN_BYTES = 32;

/**
 * Only the sha-256 of a mailed link's token is stored (password resets, data-rights links): a
 * database leak does not leak usable links. 256 random bits cannot be guessed, so no salt is needed.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token for a mailed link, and the digest to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/**
 * A link asked for by e-mail address (password reset, data rights): the caller answers the same
 * whatever happens here. At most `budget.max` sends per address and window (past it, silently
 * nothing); `send` runs after the answer, since writing a mail takes long enough that waiting for it
 * would tell which accounts exist. A failure is logged with the address masked, never shown.
 */
export async function mailLinkOnRequest(
  ctx: AppContext,
  email: string,
  budget: { name: string; max: number; windowMinutes: number },
  send: () => Promise<void>,
  failure: string,
): Promise<void> {
  const counters = countersFor(ctx.database, ctx.config.jwtSecret);
  const mails = await counters.hit(budget.name, email, budget.windowMinutes * 60_000);
  if (mails.count > budget.max) return;
  runInBackground(ctx, send, (error) => ctx.log.error({ err: mailErrorForLog(error, email) }, failure));
}
