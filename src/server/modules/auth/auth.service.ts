import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth, passwordReset } from '#shared/messages.ts';
import type { LoginRequest, SignupRequest } from '#shared/schemas/auth.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import type { AppContext } from '../../app-types.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { createUser, findUserByEmail, replacePassword, toCurrentUser } from '../users/users.service.ts';
import * as repo from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';

const RESET_TOKEN_BYTES = 32;

/** Only the sha-256 of a reset token is stored: a database leak does not leak usable links. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** POST /auth/signup: a new seeker (`helpee`); the client logs in right after (spec 1 section 4). */
export async function signup(ctx: AppContext, input: SignupRequest): Promise<CurrentUser> {
  const passwordHash = await hashPassword(input.password);
  const user = await createUser(ctx.db, {
    email: input.email,
    passwordHash,
    displayName: input.display_name,
    username: input.username,
    role: 'helpee',
  });
  return toCurrentUser(user);
}

/**
 * POST /auth/login. An unknown e-mail and a wrong password give the same 401 after the same work
 * (a hash is verified either way), so the answer does not reveal which accounts exist.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
): Promise<{ access_token: string; token_type: 'bearer' }> {
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw unauthorized(ErrorCode.INVALID_CREDENTIALS, auth.invalidCredentials);
  const accessToken = await createTokenIssuer(ctx.config.jwtSecret).issue(user);
  return { access_token: accessToken, token_type: 'bearer' };
}

/**
 * POST /auth/forgot-password: always the same answer. A known address gets a single-use link valid
 * PASSWORD_RESET_TTL_MINUTES; a mail failure is logged, never shown (it would reveal the account).
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
    await repo.insertPasswordReset(ctx.db, {
      userId: user.id,
      tokenHash: hashResetToken(token),
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
      ctx.log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
    }
  }
  return { message: passwordReset.forgotGeneric };
}

/**
 * POST /auth/reset-password: spends the link, sets the new hash and bumps token_version (every
 * token issued before is refused from now on), all in one transaction.
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<{ message: string }> {
  // Hashing is slow: do it before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(newPassword);
  const tokenHash = hashResetToken(token);
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.consumePasswordReset(tx, tokenHash);
    if (!userId) throw badRequest(ErrorCode.INVALID_RESET_TOKEN, passwordReset.invalidOrExpiredToken);
    await replacePassword(tx, userId, passwordHash);
    await repo.retireOtherResets(tx, userId);
  });
  return { message: passwordReset.resetSuccess };
}
