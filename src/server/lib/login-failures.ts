import { LOGIN_FAILURES_MAX, LOGIN_FAILURES_WINDOW_MINUTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import type { AppContext } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { countersFor } from '../plugins/rate-limit-store.ts';

const LOGIN_FAILURES = 'login-failures';
const WINDOW_MS = LOGIN_FAILURES_WINDOW_MINUTES * 60_000;

/**
 * One budget of password guesses per account, whatever asks for the password: the login form and the
 * current-password check of a profile change (a stolen token must not double the guesses). Each
 * attempt counts before the password is checked, so parallel guesses cannot slip past the count;
 * past LOGIN_FAILURES_MAX the account answers a French 429 naming the wait until the window ends.
 */
export async function countPasswordAttempt(ctx: Pick<AppContext, 'database' | 'config'>, email: string): Promise<void> {
  const attempts = await countersFor(ctx.database, ctx.config.jwtSecret).hit(LOGIN_FAILURES, email, WINDOW_MS);
  if (attempts.count > LOGIN_FAILURES_MAX) {
    const minutes = Math.max(1, Math.ceil(attempts.msLeft / 60_000));
    throw new AppError(ErrorCode.RATE_LIMITED, 429, auth.tooManyLoginAttempts(minutes));
  }
}

/** The right password, or a reset by the mailbox's owner, clears the account's count. */
export async function clearPasswordAttempts(
  ctx: Pick<AppContext, 'database' | 'config'>,
  email: string,
): Promise<void> {
  await countersFor(ctx.database, ctx.config.jwtSecret).clear(LOGIN_FAILURES, email, WINDOW_MS);
}
