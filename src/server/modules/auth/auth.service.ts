import {
  PASSWORD_RESET_MAILS_MAX,
  PASSWORD_RESET_MAILS_WINDOW_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth, passwordReset } from '#shared/messages/auth.ts';
import { trust } from '#shared/messages/trust.ts';
import type { LoginRequest, SignupRequest } from '#shared/schemas/auth.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import type { AppContext } from '../../app-types.ts';
import { mailErrorForLog } from '../../adapters/mail/mailer.ts';
import { badRequest, forbidden, unauthorized } from '../../errors.ts';
import { hashLinkToken, mailLinkOnRequest, newLinkToken } from '../../lib/link-tokens.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import {
  clearPasswordAttempts,
  countPasswordAttempt,
  fromAddress,
  passwordAccepted,
} from '../../lib/login-failures.ts';
import {
  createUser,
  findUserByEmail,
  replacePassword,
  retirePasswordResets,
  sendSignupVerification,
  toCurrentUser,
} from '../users/users.service.ts';
import * as repo from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';

/** Only the sha-256 of a reset token is stored: a database leak does not leak usable links. */
export const hashResetToken = hashLinkToken;

/**
 * POST /auth/signup: a new seeker (`helpee`); the client logs in right after (spec 1 section 4). The
 * link proving the address goes after the answer.
 */
export async function signup(ctx: AppContext, input: SignupRequest): Promise<CurrentUser> {
  const passwordHash = await hashPassword(input.password);
  const user = await createUser(ctx.db, {
    email: input.email,
    passwordHash,
    displayName: input.display_name,
    username: input.username,
    role: 'helpee',
  });
  sendSignupVerification(ctx, user);
  return toCurrentUser(ctx, user);
}

/**
 * POST /auth/login. An unknown e-mail and a wrong password give the same 401 after the same work
 * (a hash is verified either way), so the answer does not reveal which accounts exist.
 *
 * Each attempt counts against the account and the client's address before the password is checked
 * (so parallel guesses count too): an address past its budget on the account, or one that already
 * tried an account many addresses are trying, answers 429 with the wait; an address that has not
 * tried it still gets in with the right password (login-failures.ts). A successful login clears its
 * address's count. Unknown e-mails are counted the same way: the 429 reveals no account either.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  clientIp: string,
): Promise<{ access_token: string; token_type: 'bearer' }> {
  const source = fromAddress(clientIp);
  await countPasswordAttempt(ctx, input.email, source);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw unauthorized(ErrorCode.INVALID_CREDENTIALS, auth.invalidCredentials);
  await passwordAccepted(ctx, input.email, source);
  // Told only with the right password, so the answer reveals a suspension to its owner alone.
  if (user.suspendedAt) throw forbidden(ErrorCode.ACCOUNT_SUSPENDED, trust.accountSuspended);
  const accessToken = await createTokenIssuer(ctx.config.jwtSecret).issue(user);
  return { access_token: accessToken, token_type: 'bearer' };
}

/**
 * POST /auth/forgot-password: always the same answer, at the same speed. A known address gets a
 * single-use link valid PASSWORD_RESET_TTL_MINUTES, at most PASSWORD_RESET_MAILS_MAX per window
 * (past it, silently nothing: the answer must not differ). The link is created and mailed after
 * the answer: writing a mail takes long enough that waiting for it would tell which accounts exist.
 * A failure then is logged without the address, never shown (it would reveal the account).
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<{ message: string }> {
  await mailLinkOnRequest(
    ctx,
    email,
    { name: 'password-reset-mails', max: PASSWORD_RESET_MAILS_MAX, windowMinutes: PASSWORD_RESET_MAILS_WINDOW_MINUTES },
    () => sendResetLink(ctx, email),
    'password reset mail could not be sent',
  );
  return { message: passwordReset.forgotGeneric };
}

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const { token, tokenHash } = newLinkToken();
  await repo.insertPasswordReset(ctx.db, {
    userId: user.id,
    tokenHash,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const name = user.displayName ?? user.username ?? user.email;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: passwordReset.mailSubject,
      text: passwordReset.mailText(name, link),
    });
  } catch (error) {
    ctx.log.error(
      { err: mailErrorForLog(error, user.email), userId: user.id },
      'password reset mail could not be sent',
    );
  }
}

/**
 * POST /auth/reset-password: spends the link, sets the new hash and bumps token_version (every
 * token issued before is refused from now on), all in one transaction.
 *
 * It also clears the account's failed logins and those of the address the reset came from: the
 * owner, who proves they read the mailbox, signs in again at once from there, even from an address
 * guessers share.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
  clientIp: string,
): Promise<{ message: string }> {
  // Hashing is slow: do it before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashResetToken(token);
  const user = await ctx.db.transaction(async (tx) => {
    const id = await repo.consumePasswordReset(tx, tokenHash);
    if (!id) throw badRequest(ErrorCode.INVALID_RESET_TOKEN, passwordReset.invalidOrExpiredToken);
    const updated = await replacePassword(tx, id, passwordHash);
    await retirePasswordResets(tx, id);
    return updated;
  });
  await clearPasswordAttempts(ctx, user.email, fromAddress(clientIp));
  return { message: passwordReset.resetSuccess };
}
