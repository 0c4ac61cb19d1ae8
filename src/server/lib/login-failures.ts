import { LOGIN_FAILURES_ACCOUNT_ALERT, LOGIN_FAILURES_MAX, LOGIN_FAILURES_WINDOW_MINUTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import type { AppContext } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { addressBucket, countersFor } from '../plugins/rate-limit-store.ts';

/** All attempts on one account, whatever they come from. */
const ACCOUNT_ATTEMPTS = 'login-failures';
/** Attempts on one account from one source (a client address, or a signed-in session). */
const SOURCE_ATTEMPTS = 'login-failures-source';
const WINDOW_MS = LOGIN_FAILURES_WINDOW_MINUTES * 60_000;

type Ctx = Pick<AppContext, 'database' | 'config'>;

/**
 * Where a password attempt comes from: the client's address for the login form (an IPv6 client by
 * its /64, like the per-address limits), the account's own session for a check made with a token
 * (a stolen token is one more source, held to the same budgets).
 */
export const fromAddress = (ip: string): string => `address:${addressBucket(ip)}`;
export const fromSession = (userId: string): string => `session:${userId}`;

const sourceKey = (email: string, source: string) => `${email}|${source}`;

/**
 * One budget of password guesses per account and source, and one alarm per account, whatever asks
 * for the password: the login form and the current-password checks of a profile change or an erasure
 * (docs/decisions/0010-login-failures-per-source.md).
 * - A source past LOGIN_FAILURES_MAX attempts on the account answers a French 429 naming the wait.
 * - Past LOGIN_FAILURES_ACCOUNT_ALERT attempts on the account from all sources, a source that already
 *   tried it in the window is refused as well: guesses spread over many addresses get one each. A
 *   source that has not tried it still gets its answer, so strangers cannot lock the owner out.
 * Each attempt counts before the password is checked, so parallel guesses cannot slip past the count.
 * Unknown addresses are counted alike: the 429 reveals no account.
 */
export async function countPasswordAttempt(ctx: Ctx, email: string, source: string): Promise<void> {
  const counters = countersFor(ctx.database, ctx.config.jwtSecret);
  const [account, fromSource] = await Promise.all([
    counters.hit(ACCOUNT_ATTEMPTS, email, WINDOW_MS),
    counters.hit(SOURCE_ATTEMPTS, sourceKey(email, source), WINDOW_MS),
  ]);
  const underAttack = account.count > LOGIN_FAILURES_ACCOUNT_ALERT;
  if (fromSource.count > LOGIN_FAILURES_MAX || (underAttack && fromSource.count > 1)) {
    const minutes = Math.max(1, Math.ceil(fromSource.msLeft / 60_000));
    throw new AppError(ErrorCode.RATE_LIMITED, 429, auth.tooManyLoginAttempts(minutes));
  }
}

/**
 * The right password clears its source's count. The account's count runs on to the end of its
 * window: the owner signing in must not hand the guessers their budgets back.
 */
export async function passwordAccepted(ctx: Ctx, email: string, source: string): Promise<void> {
  await countersFor(ctx.database, ctx.config.jwtSecret).clear(SOURCE_ATTEMPTS, sourceKey(email, source), WINDOW_MS);
}

/**
 * A reset by the mailbox's owner clears the account's count and that of the address the reset came
 * from, so the owner signs in again at once from there (the guessers' own addresses keep theirs).
 */
export async function clearPasswordAttempts(ctx: Ctx, email: string, source: string): Promise<void> {
  const counters = countersFor(ctx.database, ctx.config.jwtSecret);
  await Promise.all([
    counters.clear(ACCOUNT_ATTEMPTS, email, WINDOW_MS),
    counters.clear(SOURCE_ATTEMPTS, sourceKey(email, source), WINDOW_MS),
  ]);
}
