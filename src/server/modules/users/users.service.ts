import { randomInt } from 'node:crypto';
import type { Role } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import { role as roleMessages } from '#shared/messages/role.ts';
import { profile } from '#shared/messages/profile.ts';
import { toggledRole } from '#shared/rules/roles.ts';
import { usernameBaseFromEmail, usernameWithSuffix } from '#shared/rules/username.ts';
import type {
  AvatarResponseSchema,
  CurrentUser,
  PublicUser,
  ToggleRoleResponseSchema,
  UpdateMeRequest,
  UpdateMeResponse,
} from '#shared/schemas/users.ts';
import type { z } from 'zod';
import { isAcceptedAvatarImage, toAvatarWebp, UnreadableImageError } from '../../adapters/storage/avatar-image.ts';
import { removeAvatar, saveAvatar } from '../../adapters/storage/uploads.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { mailErrorForLog } from '../../adapters/mail/mailer.ts';
import { badRequest, conflict, forbidden, notFound, pgConstraint, pgErrorCode, PgErrorCode } from '../../errors.ts';
import { runInBackground } from '../../lib/background.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { countPasswordAttempt, fromSession, passwordAccepted } from '../../lib/login-failures.ts';
import { hiddenByBlock } from '../blocks/blocks.service.ts';
import * as repo from './users.repository.ts';

// ---------------------------------------------------------------------------------------------
// DTO mappers: the only way a user row leaves the server (STYLE.md habit 5).

/** What anyone may read: never the e-mail, the password hash or the token version. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    display_name: row.displayName,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    bio: row.bio,
    avatar_url: row.avatarUrl,
    // The spec's client reads either name for the same picture (spec 1 section 3).
    profile_image_url: row.avatarUrl,
    tags: row.tags,
    is_verified: row.isVerified,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

/** The logged-in user's own view: the public fields plus the e-mail. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toPublicUser(row), email: row.email };
}

// ---------------------------------------------------------------------------------------------
// Unique e-mail and username.

const EMAIL_CONSTRAINT = 'users_email_lower_key';
const USERNAME_CONSTRAINT = 'users_username_lower_key';
const DERIVED_USERNAME_ATTEMPTS = 8;

const emailTaken = () => conflict(ErrorCode.EMAIL_TAKEN, auth.emailTaken);
const usernameTaken = () => conflict(ErrorCode.USERNAME_TAKEN, auth.usernameTaken);

/** A unique violation on e-mail or username becomes its 409; anything else is rethrown as is. */
function uniqueViolationToConflict(error: unknown): unknown {
  if (pgErrorCode(error) !== PgErrorCode.uniqueViolation) return error;
  const constraint = pgConstraint(error);
  if (constraint === EMAIL_CONSTRAINT) return emailTaken();
  if (constraint === USERNAME_CONSTRAINT) return usernameTaken();
  return error;
}

function isUsernameViolation(error: unknown): boolean {
  return pgErrorCode(error) === PgErrorCode.uniqueViolation && pgConstraint(error) === USERNAME_CONSTRAINT;
}

async function availableUsername(db: Executor, email: string): Promise<string> {
  const base = usernameBaseFromEmail(email);
  if (!(await repo.usernameExists(db, base))) return base;
  for (let attempt = 0; attempt < DERIVED_USERNAME_ATTEMPTS; attempt++) {
    const candidate = usernameWithSuffix(base, randomInt(1000, 100_000));
    if (!(await repo.usernameExists(db, candidate))) return candidate;
  }
  return usernameWithSuffix(base, Date.now());
}

export type NewUserInput = {
  email: string;
  passwordHash: string;
  displayName?: string | null;
  /** When absent, one is derived from the e-mail and made unique. */
  username?: string | null;
  role?: Role;
  firstName?: string | null;
  lastName?: string | null;
  bio?: string | null;
  tags?: string[];
  avatarUrl?: string | null;
  isVerified?: boolean;
};

/**
 * Inserts a user; 409 EMAIL_TAKEN / USERNAME_TAKEN when either is already used, whatever its case.
 * The database's unique indexes decide (a check before insert would race); a derived username that
 * loses a race simply gets another suffix.
 */
export async function createUser(db: Executor, input: NewUserInput): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const chosenUsername = input.username?.trim().toLowerCase() || undefined;
  if (await repo.findUserByEmail(db, email)) throw emailTaken();
  if (chosenUsername && (await repo.usernameExists(db, chosenUsername))) throw usernameTaken();

  for (let attempt = 0; ; attempt++) {
    const username = chosenUsername ?? (await availableUsername(db, email));
    try {
      return await repo.insertUser(db, {
        email,
        passwordHash: input.passwordHash,
        displayName: input.displayName?.trim() || null,
        username,
        role: input.role ?? 'helpee',
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        bio: input.bio ?? null,
        tags: input.tags ?? [],
        avatarUrl: input.avatarUrl ?? null,
        isVerified: input.isVerified ?? false,
      });
    } catch (error) {
      if (!chosenUsername && isUsernameViolation(error) && attempt < DERIVED_USERNAME_ATTEMPTS) continue;
      throw uniqueViolationToConflict(error);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reads used by other modules (auth, seed) and by the routes.

export const findUserById = (db: Executor, id: string) => repo.findUserById(db, id);
/**
 * The account that logs in, asks for a reset link or is promoted with this address. An erased account
 * (issue 13 section 4) answers like an unknown one, whatever reaches its placeholder address.
 */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const row = await repo.findUserByEmail(db, email.trim());
  return row?.erasedAt ? undefined : row;
}
export const countUsers = (db: Executor) => repo.countUsers(db);

/** Spends the user's pending reset links: after a password or e-mail change, none may undo it. */
export const retirePasswordResets = (db: Executor, userId: string) => repo.retirePasswordResets(db, userId);

/**
 * Tells every process, at commit, that the user's tokens were revoked: the app sockets opened with
 * an older token close (4001) before any later event reaches them, instead of at the next ping.
 */
async function announceRevocation(db: Executor, userId: string): Promise<void> {
  await publishEvent(db, { type: 'session.revoked', user_ids: [userId] });
}

/** After the tokens were revoked by a change of credentials or of the account's state: no reset link may undo it either. */
async function endAccessOf(db: Executor, userId: string): Promise<void> {
  await repo.retirePasswordResets(db, userId);
  await announceRevocation(db, userId);
}

/** Sets a new password and revokes every token issued before (token_version + 1); answers the updated row. */
export async function replacePassword(db: Executor, userId: string, passwordHash: string): Promise<UserRow> {
  const row = await repo.updateUser(db, userId, { passwordHash }, { revokeTokens: true });
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  await announceRevocation(db, userId);
  return row;
}

/**
 * Erasure (issue 13 section 4, DESIGN.md section 8), inside the caller's transaction: every personal
 * field replaced — the e-mail by a unique non-deliverable placeholder (so the address can sign up
 * again), the display name by `label` ("Compte supprimé", which every message, review and booking of
 * theirs then shows), the rest cleared — the password by an unknowable hash, every token revoked
 * (token_version + 1, session.revoked at commit) and pending reset links spent. The row itself stays:
 * bookings and payments point at it for accounting.
 */
export async function eraseAccountFields(
  db: Executor,
  userId: string,
  replacement: { email: string; label: string; passwordHash: string },
): Promise<UserRow> {
  const row = await repo.eraseUser(db, userId, replacement);
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  await endAccessOf(db, userId);
  return row;
}

/**
 * GET /users/{id}. Someone the viewer blocked or was blocked by has no profile for them (issue 13
 * section 2): the same 404 as an unknown id, both ways. Admins still read it.
 */
export async function getPublicUser(ctx: AppContext, id: string, viewer: UserRow | null = null): Promise<PublicUser> {
  const row = await repo.findUserById(ctx.db, id);
  // An erased or suspended account has no profile (issue 13 sections 1 and 4): the same 404 as an unknown id.
  const gone = !row || row.erasedAt || row.suspendedAt;
  if (gone || (await hiddenByBlock(ctx.db, viewer, id))) {
    throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  }
  return toPublicUser(row);
}

// ---------------------------------------------------------------------------------------------
// The logged-in user's own profile.

/**
 * The current password, asked before a change of e-mail or password: whoever holds a stolen token
 * could otherwise take the account (and the reset mails with it). Attempts draw on the account's one
 * budgets of password guesses, shared with the login form (login-failures.ts): the session is one more
 * source of guesses, held to the same limits, so the token cannot be used to guess more.
 */
async function checkCurrentPassword(ctx: AppContext, user: UserRow, password: string | undefined): Promise<void> {
  if (!password) throw badRequest(ErrorCode.CURRENT_PASSWORD_REQUIRED, profile.currentPasswordRequired);
  const source = fromSession(user.id);
  await countPasswordAttempt(ctx, user.email, source);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw forbidden(ErrorCode.CURRENT_PASSWORD_WRONG, profile.currentPasswordWrong);
  }
  await passwordAccepted(ctx, user.email, source);
}

/** Tells the old address that the e-mail or the password changed, after the answer; a failure is logged. */
function mailAccountChange(ctx: AppContext, user: UserRow, changes: readonly ('email' | 'password')[]): void {
  const lines = changes.map((change) =>
    change === 'email' ? profile.accountChangedEmail : profile.accountChangedPassword,
  );
  const name = user.displayName ?? user.username ?? user.email;
  runInBackground(
    ctx,
    () =>
      ctx.mailer.send({
        to: user.email,
        subject: profile.accountChangedMailSubject,
        text: profile.accountChangedMailText(name, lines.join('\n')),
      }),
    (error) =>
      ctx.log.error(
        { err: mailErrorForLog(error, user.email), userId: user.id },
        'account change mail could not be sent',
      ),
  );
}

/**
 * PUT /users/me: only the fields present change; an empty display name or bio clears it. A new
 * e-mail or password needs the current password, revokes every token issued before and answers a
 * fresh one for this session; the old address is told.
 */
export async function updateMe(ctx: AppContext, user: UserRow, input: UpdateMeRequest): Promise<UpdateMeResponse> {
  const patch: repo.UserPatch = {};
  if (input.display_name !== undefined) patch.displayName = input.display_name || null;
  if (input.bio !== undefined) patch.bio = input.bio || null;
  const username = input.username?.toLowerCase();
  if (username !== undefined && username !== user.username?.toLowerCase()) patch.username = username;
  const email = input.email;
  if (email !== undefined && email !== user.email.toLowerCase()) patch.email = email;
  const changes: ('email' | 'password')[] = [];
  if (patch.email !== undefined) changes.push('email');
  if (input.new_password !== undefined) changes.push('password');

  // Before the 409s: a token alone must not even learn which addresses are taken.
  if (changes.length > 0) await checkCurrentPassword(ctx, user, input.current_password);
  // Friendly 409s for the common case; the unique indexes still settle concurrent updates below.
  if (patch.email !== undefined && email !== undefined) {
    const owner = await repo.findUserByEmail(ctx.db, email);
    if (owner && owner.id !== user.id) throw emailTaken();
  }
  if (patch.username !== undefined && username !== undefined && (await repo.usernameExists(ctx.db, username))) {
    throw usernameTaken();
  }
  if (input.new_password !== undefined) patch.passwordHash = await hashPassword(input.new_password);
  if (Object.keys(patch).length === 0) return toCurrentUser(user);
  let row: UserRow | undefined;
  try {
    // A reset link already sent (perhaps to a mailbox the owner is leaving because it was taken)
    // would otherwise undo this change for another hour: spent in the same transaction.
    row = await ctx.db.transaction(async (tx) => {
      const updated = await repo.updateUser(tx, user.id, patch, { revokeTokens: changes.length > 0 });
      if (updated && changes.length > 0) {
        await endAccessOf(tx, user.id);
      }
      return updated;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  if (changes.length === 0) return toCurrentUser(row);
  mailAccountChange(ctx, user, changes);
  return { ...toCurrentUser(row), access_token: await createTokenIssuer(ctx.config.jwtSecret).issue(row) };
}

export type ToggleRoleResponse = z.infer<typeof ToggleRoleResponseSchema>;

/** POST /users/toggle-role: helper <-> helpee; admins cannot switch (DESIGN.md section 8). */
export async function toggleRole(ctx: AppContext, user: UserRow): Promise<ToggleRoleResponse> {
  const next = toggledRole(user.role);
  if (!next) throw forbidden(ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED, roleMessages.adminCannotChange);
  const row = await repo.setUserRole(ctx.db, user.id, next);
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  return { role: row.role, message: roleMessages.changeSuccess };
}

export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;

/**
 * POST /users/me/avatar, once the route has read the bytes (size already checked by multipart):
 * type by the bytes, re-encode, store, point the user at it, then remove the previous file.
 */
export async function updateAvatar(ctx: AppContext, user: UserRow, bytes: Buffer): Promise<AvatarResponse> {
  if (!(await isAcceptedAvatarImage(bytes))) {
    throw badRequest(ErrorCode.AVATAR_UNSUPPORTED_TYPE, profile.unsupportedFileType);
  }
  let webp: Buffer;
  try {
    webp = await toAvatarWebp(bytes);
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw badRequest(ErrorCode.AVATAR_UNSUPPORTED_TYPE, profile.avatarUnreadable);
    throw error;
  }
  const avatarUrl = await saveAvatar(ctx.config.dataDir, user.id, webp);
  let row: UserRow | undefined;
  try {
    row = await repo.updateUser(ctx.db, user.id, { avatarUrl });
  } catch (error) {
    await removeAvatar(ctx.config.dataDir, avatarUrl);
    throw error;
  }
  if (!row) {
    await removeAvatar(ctx.config.dataDir, avatarUrl);
    throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  }
  // The previous picture is only garbage now; failing to delete it must not fail the upload.
  await removeAvatar(ctx.config.dataDir, user.avatarUrl).catch((error: unknown) => {
    ctx.log.warn({ err: error, userId: user.id }, 'could not remove the previous avatar');
  });
  return { success: true, avatar_url: avatarUrl, message: profile.avatarUploaded };
}

// ---------------------------------------------------------------------------------------------
// Administrators (ADMIN_EMAIL at start, `npm run admin:create`).

export type EnsureAdminResult = { user: UserRow; outcome: 'created' | 'promoted' | 'unchanged' };

/**
 * Makes `email` an administrator: promotes an existing account (its password is left alone) or
 * creates one with `password`.
 */
export async function ensureAdmin(db: Executor, email: string, password: string): Promise<EnsureAdminResult> {
  const existing = await repo.findUserByEmail(db, email.trim());
  if (existing) {
    if (existing.role === 'admin') return { user: existing, outcome: 'unchanged' };
    const promoted = await repo.setUserRole(db, existing.id, 'admin');
    if (!promoted) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
    return { user: promoted, outcome: 'promoted' };
  }
  const user = await createUser(db, {
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    isVerified: true,
  });
  return { user, outcome: 'created' };
}

/** ADMIN_EMAIL / ADMIN_PASSWORD at start (DESIGN.md section 5); answers the line to print. */
export async function ensureConfiguredAdmin(ctx: AppContext): Promise<string[]> {
  const admin = ctx.config.admin;
  if (!admin) return [];
  const { user, outcome } = await ensureAdmin(ctx.db, admin.email, admin.password);
  ctx.log.info({ userId: user.id, outcome }, 'configured administrator checked');
  const what = {
    created: 'compte administrateur créé',
    promoted: 'compte existant promu administrateur (mot de passe inchangé)',
    unchanged: 'administrateur déjà en place',
  }[outcome];
  return [`Administrateur ${user.email} : ${what}`];
}

/**
 * A report's decision suspends the account (issue 13 section 1), inside the caller's transaction:
 * suspended_at set, every token revoked (token_version + 1, session.revoked at commit, like a password
 * change) and pending reset links spent. Login then answers 403 ACCOUNT_SUSPENDED and the profile 404.
 * Answers the row, or undefined when it was already suspended (or erased): nothing is done twice.
 */
export async function suspendAccount(db: Executor, userId: string): Promise<UserRow | undefined> {
  const row = await repo.suspendUser(db, userId);
  if (!row) return undefined;
  await endAccessOf(db, userId);
  return row;
}
