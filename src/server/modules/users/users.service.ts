import { randomInt } from 'node:crypto';
import {
  EMAIL_VERIFICATION_MAILS_MAX,
  EMAIL_VERIFICATION_MAILS_WINDOW_MINUTES,
  EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR,
  EMAIL_VERIFICATION_TTL_HOURS,
  HELPER_CHARTER_VERSION,
  type Role,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import { charterErrors } from '#shared/messages/charter.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { role as roleMessages } from '#shared/messages/role.ts';
import { profile } from '#shared/messages/profile.ts';
import { validation } from '#shared/messages/common.ts';
import { PAGE_PATTERNS } from '#shared/page-routes.ts';
import { impersonatesTeam } from '#shared/rules/reserved-names.ts';
import { isAdminRole, toggledRole } from '#shared/rules/roles.ts';
import { usernameBaseFromEmail, usernameWithSuffix } from '#shared/rules/username.ts';
import { isPayoutAccountActive } from '#shared/rules/payout-state.ts';
import { isCurrentCharter, isVerifiedProfile } from '#shared/rules/verification.ts';
import type {
  AcceptCharterRequest,
  AvatarResponseSchema,
  CurrentUser,
  PublicUser,
  ToggleRoleResponseSchema,
  UpdateMeRequest,
  UpdateMeResponse,
  UserVerification,
} from '#shared/schemas/users.ts';
import type { z } from 'zod';
import { isAcceptedAvatarImage, toAvatarWebp, UnreadableImageError } from '../../adapters/storage/avatar-image.ts';
import { removeAvatar, saveAvatar } from '../../adapters/storage/uploads.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { mailErrorForLog } from '../../adapters/mail/mailer.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  pgConstraint,
  pgErrorCode,
  PgErrorCode,
} from '../../errors.ts';
import { runInBackground } from '../../lib/background.ts';
import { publishEvent } from '../../lib/realtime-bus.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens.ts';
import { createTokenIssuer, requireVerifiedEmail } from '../../plugins/auth.ts';
import { countersFor } from '../../plugins/rate-limit-store.ts';
import { countPasswordAttempt, fromSession, passwordAccepted } from '../../lib/login-failures.ts';
import { hiddenByBlock } from '../blocks/blocks.service.ts';
import { helperPayoutStatus } from '../payouts/payouts.service.ts';
import * as repo from './users.repository.ts';

// ---------------------------------------------------------------------------------------------
// DTO mappers: the only way a user row leaves the server (STYLE.md habit 5).

/**
 * What was checked about the person (UserVerificationSchema), each fact read from its own record:
 * the address's confirmation, the payout account's flags as this server's provider last gave them
 * (the payouts module's copy: a visitor's read never calls the provider), the last charter accepted.
 */
export async function verificationOf(ctx: AppContext, row: UserRow): Promise<UserVerification> {
  const [payout, charter] = await Promise.all([
    helperPayoutStatus(ctx, row.id),
    repo.findLastCharterAcceptance(ctx.db, row.id),
  ]);
  return {
    email_confirmed: row.emailVerifiedAt !== null,
    identity_verified: isPayoutAccountActive(payout),
    charter_accepted: isCurrentCharter(charter?.version),
    charter_version: charter?.version ?? null,
    charter_accepted_at: charter ? charter.acceptedAt.toISOString() : null,
  };
}

/** What anyone may read: never the e-mail, the password hash, the token version or a provider id. */
function publicFields(row: UserRow, verification: UserVerification): PublicUser {
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
    is_verified: isVerifiedProfile(verification),
    verification,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

/** The public profile of a row (GET /users/{id}). */
export async function toPublicUser(ctx: AppContext, row: UserRow): Promise<PublicUser> {
  return publicFields(row, await verificationOf(ctx, row));
}

/**
 * The logged-in user's own view: the public fields plus the e-mail, whether it is proven, and the
 * address it asked to move to (known only where the caller looked it up: GET /users/me, PUT).
 */
export async function toCurrentUser(
  ctx: AppContext,
  row: UserRow,
  pendingEmail: string | null = null,
): Promise<CurrentUser> {
  return {
    ...(await toPublicUser(ctx, row)),
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    pending_email: pendingEmail,
  };
}

/** GET /users/me: the account, with the address it asked to move to while that link is valid. */
export async function getMe(ctx: AppContext, user: UserRow): Promise<CurrentUser> {
  return toCurrentUser(ctx, user, (await repo.findPendingEmail(ctx.db, user)) ?? null);
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
  /** Accounts an operator makes (admins) and the demo's: their address counts as proven. */
  emailVerified?: boolean;
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
        emailVerifiedAt: input.emailVerified ? new Date() : null,
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

/**
 * After the tokens were revoked by a change of credentials or of the account's state: no reset link
 * may undo it, and no pending change of address either (one asked by whoever had the password
 * before it changed would otherwise move the account a day later).
 */
async function endAccessOf(db: Executor, userId: string): Promise<void> {
  await repo.retirePasswordResets(db, userId);
  await repo.retireEmailVerifications(db, userId);
  await announceRevocation(db, userId);
}

/**
 * A display name or username that reads as the team's ("Équipe Appui", "Support", "Modération"… and
 * their near spellings: rules/reserved-names.ts) is an administrator's only: 422 RESERVED_NAME for
 * anyone else. Only a new value is judged, so an older name does not block saving the rest.
 */
function refuseTeamNames(user: UserRow, input: UpdateMeRequest): void {
  if (isAdminRole(user.role)) return;
  const changed = [
    input.display_name !== user.displayName ? input.display_name : null,
    input.username !== undefined && input.username.toLowerCase() !== user.username?.toLowerCase()
      ? input.username
      : null,
  ];
  if (changed.some((name) => name && impersonatesTeam(name))) {
    throw new AppError(ErrorCode.RESERVED_NAME, 422, validation.reservedName);
  }
}

/** Sets a new password and revokes every token issued before (token_version + 1); answers the updated row. */
export async function replacePassword(db: Executor, userId: string, passwordHash: string): Promise<UserRow> {
  const row = await repo.updateUser(db, userId, { passwordHash }, { revokeTokens: true });
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  await repo.retireEmailVerifications(db, userId);
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
  return toPublicUser(ctx, row);
}

// ---------------------------------------------------------------------------------------------
// Proven addresses: the link mailed at signup, "Renvoyer le lien", and the change of e-mail.

const VERIFICATION_MAILS = 'email-verification-mails';
const CHANGE_MAILS_PER_ADDRESS = 'email-change-mails-per-address';
const VERIFICATION_MAILS_WINDOW_MS = EMAIL_VERIFICATION_MAILS_WINDOW_MINUTES * 60_000;
const VERIFICATION_TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 3_600_000;

const nameOf = (user: UserRow) => user.displayName ?? user.username ?? user.email;

/** Sends a mail after the answer; a failure is logged with the account, never with the address. */
function mailAfterAnswer(ctx: AppContext, user: UserRow, to: string, what: string, send: () => Promise<void>): void {
  runInBackground(ctx, send, (error) =>
    ctx.log.error({ err: mailErrorForLog(error, to), userId: user.id }, `${what} mail could not be sent`),
  );
}

/**
 * Links mailed draw on budgets per window: one per account (resends and changes of address alike),
 * so no change of client address escapes it, and one per client address for changes of address
 * (many accounts of one sender must not mail Appui's words to anyone; the resend route has its own).
 * Past either, a French 429 with the wait.
 */
async function countVerificationMail(
  ctx: AppContext,
  budget: 'account' | 'client-address',
  key: string,
): Promise<void> {
  const [name, max] =
    budget === 'account'
      ? [VERIFICATION_MAILS, EMAIL_VERIFICATION_MAILS_MAX]
      : [CHANGE_MAILS_PER_ADDRESS, EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR];
  const mails = await countersFor(ctx.database, ctx.config.jwtSecret).hit(name, key, VERIFICATION_MAILS_WINDOW_MS);
  if (mails.count > max) {
    const minutes = Math.max(1, Math.ceil(mails.msLeft / 60_000));
    throw new AppError(ErrorCode.VERIFICATION_MAILS_LIMITED, 429, emailVerification.tooManyMails(minutes));
  }
}

/**
 * Stores a new link proving `email` for the account and answers its token. A change of address
 * spends every older link (one pending address at a time); a resend spends only the older links of
 * the same address, so it never cancels a pending change. The account's row is locked first, so two
 * requests at once cannot both leave a live link.
 */
async function storeVerificationLink(
  ctx: AppContext,
  user: UserRow,
  email: string,
  spends: 'all' | 'same-address',
): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await ctx.db.transaction(async (tx) => {
    await repo.lockUserRow(tx, user.id);
    await repo.retireEmailVerifications(tx, user.id, spends === 'same-address' ? email : undefined);
    await repo.insertEmailVerification(tx, {
      userId: user.id,
      email,
      tokenHash,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
  });
  return token;
}

/** The mail carrying a link; the token leaves only in it, never in a log or an answer. */
async function mailVerificationLink(ctx: AppContext, user: UserRow, email: string, token: string): Promise<void> {
  const link = `${ctx.config.publicUrl}${PAGE_PATTERNS.verifyEmail}?token=${encodeURIComponent(token)}`;
  const ownAddress = email === user.email.toLowerCase();
  await ctx.mailer.send({
    to: email,
    subject: ownAddress ? emailVerification.signupMailSubject : emailVerification.changeMailSubject,
    text: ownAddress
      ? emailVerification.signupMailText(nameOf(user), link)
      : emailVerification.changeMailText(nameOf(user), link),
  });
}

/** A link to the account's own address, stored and mailed after the answer. */
function sendOwnAddressLink(ctx: AppContext, user: UserRow): void {
  const email = user.email.toLowerCase();
  mailAfterAnswer(ctx, user, email, 'email verification', async () =>
    mailVerificationLink(ctx, user, email, await storeVerificationLink(ctx, user, email, 'same-address')),
  );
}

/** Signup: the first link goes after the answer (the account is usable for browsing at once). */
export function sendSignupVerification(ctx: AppContext, user: UserRow): void {
  sendOwnAddressLink(ctx, user);
}

/** POST /auth/verify-email/resend: a new link to the account's own address, unless it is proven already. */
export async function resendVerification(ctx: AppContext, user: UserRow): Promise<{ message: string }> {
  if (user.emailVerifiedAt) return { message: emailVerification.alreadyVerified };
  await countVerificationMail(ctx, 'account', user.id);
  sendOwnAddressLink(ctx, user);
  return { message: emailVerification.resent(user.email) };
}

/**
 * A change of e-mail asked with the current password: nothing changes until the new address opens
 * its link. Everything a caller can observe is the same whether that address is free or another
 * account's: a link is stored either way (for a taken address its token is dropped, so it can never
 * be opened, and GET /users/me shows the same pending address), and the taken address's owner is told
 * instead of getting a link. The current address is told of the request either way.
 */
async function requestEmailChange(ctx: AppContext, user: UserRow, email: string, clientAddress: string): Promise<void> {
  await countVerificationMail(ctx, 'account', user.id);
  await countVerificationMail(ctx, 'client-address', clientAddress);
  const owner = await findUserByEmail(ctx.db, email);
  const token = await storeVerificationLink(ctx, user, email, 'all');
  if (owner && owner.id !== user.id) {
    mailAfterAnswer(ctx, owner, email, 'address in use', () =>
      ctx.mailer.send({
        to: email,
        subject: emailVerification.addressInUseMailSubject,
        text: emailVerification.addressInUseMailText(nameOf(owner)),
      }),
    );
  } else {
    mailAfterAnswer(ctx, user, email, 'email change', () => mailVerificationLink(ctx, user, email, token));
  }
  mailAfterAnswer(ctx, user, user.email, 'email change notice', () =>
    ctx.mailer.send({
      to: user.email,
      subject: emailVerification.changeNoticeMailSubject,
      text: emailVerification.changeNoticeMailText(nameOf(user), email),
    }),
  );
}

export type VerifyEmailResult = { message: string; email: string; changed: boolean };

/**
 * POST /auth/verify-email: spends the link. The account's own address becomes proven; an address it
 * asked to move to becomes its e-mail, proven, and every token issued before is revoked (as after
 * any change of credentials); the old address is told. A suspended or erased account's link is dead.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<VerifyEmailResult> {
  const invalid = () => badRequest(ErrorCode.INVALID_VERIFICATION_TOKEN, emailVerification.invalidToken);
  let before: UserRow | undefined;
  let result: VerifyEmailResult;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const link = await repo.consumeEmailVerification(tx, hashLinkToken(token));
      if (!link) throw invalid();
      before = await repo.findUserById(tx, link.userId);
      if (!before) throw invalid();
      if (link.email === before.email.toLowerCase()) {
        if (!(await repo.markEmailVerified(tx, link.userId, link.email))) throw invalid();
        return { message: emailVerification.confirmed, email: link.email, changed: false };
      }
      if (!(await repo.moveToEmail(tx, link.userId, link.email))) throw invalid();
      await endAccessOf(tx, link.userId);
      return { message: emailVerification.confirmedChange(link.email), email: link.email, changed: true };
    });
  } catch (error) {
    // The address became another account's after the link was sent: only its mailbox's owner sees this.
    if (pgErrorCode(error) === PgErrorCode.uniqueViolation && pgConstraint(error) === EMAIL_CONSTRAINT) {
      throw conflict(ErrorCode.EMAIL_TAKEN, emailVerification.addressTakenMeanwhile);
    }
    throw error;
  }
  if (result.changed && before) mailAccountChange(ctx, before, ['email']);
  return result;
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
 * e-mail or password needs the current password. A new password revokes every token issued before
 * and answers a fresh one for this session; the old address is told. A new e-mail changes nothing
 * yet: a link goes to it (see requestEmailChange), and the answer names it as `pending_email`.
 */
export async function updateMe(
  ctx: AppContext,
  user: UserRow,
  input: UpdateMeRequest,
  clientAddress: string,
): Promise<UpdateMeResponse> {
  refuseTeamNames(user, input);
  const patch: repo.UserPatch = {};
  if (input.display_name !== undefined) patch.displayName = input.display_name || null;
  if (input.bio !== undefined) patch.bio = input.bio || null;
  const username = input.username?.toLowerCase();
  if (username !== undefined && username !== user.username?.toLowerCase()) patch.username = username;
  const newEmail = input.email !== undefined && input.email !== user.email.toLowerCase() ? input.email : undefined;
  const passwordChange = input.new_password !== undefined;

  if (newEmail !== undefined || passwordChange) await checkCurrentPassword(ctx, user, input.current_password);
  // Friendly 409 for the common case; the unique index still settles concurrent updates below.
  if (patch.username !== undefined && username !== undefined && (await repo.usernameExists(ctx.db, username))) {
    throw usernameTaken();
  }
  if (input.new_password !== undefined) patch.passwordHash = await hashPassword(input.new_password);
  // After the password's transaction, which spends pending links: this request's link must survive it.
  const askForEmail = async () => {
    if (newEmail !== undefined) await requestEmailChange(ctx, user, newEmail, clientAddress);
    return newEmail ?? (await repo.findPendingEmail(ctx.db, user)) ?? null;
  };
  if (Object.keys(patch).length === 0) return toCurrentUser(ctx, user, await askForEmail());
  let row: UserRow | undefined;
  try {
    // A reset link already sent would otherwise undo a new password for another hour: spent in the
    // same transaction.
    row = await ctx.db.transaction(async (tx) => {
      const updated = await repo.updateUser(tx, user.id, patch, { revokeTokens: passwordChange });
      if (updated && passwordChange) await endAccessOf(tx, user.id);
      return updated;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  const pendingEmail = await askForEmail();
  if (!passwordChange) return toCurrentUser(ctx, row, pendingEmail);
  mailAccountChange(ctx, user, ['password']);
  return {
    ...(await toCurrentUser(ctx, row, pendingEmail)),
    access_token: await createTokenIssuer(ctx.config.jwtSecret).issue(row),
  };
}

export type ToggleRoleResponse = z.infer<typeof ToggleRoleResponseSchema>;

/**
 * Whether the user accepted the current helper charter: becoming a helper and publishing an offer
 * need it (a new version is accepted again).
 */
export async function hasAcceptedCurrentCharter(db: Executor, userId: string): Promise<boolean> {
  return isCurrentCharter((await repo.findLastCharterAcceptance(db, userId))?.version);
}

/**
 * POST /users/me/charter: records that the user read and accepted the charter. The version sent is
 * the one the person read: an older text (a page left open across a change) is refused with 409, so
 * nobody accepts a version they did not see. Accepting again keeps the first date.
 */
export async function acceptCharter(
  ctx: AppContext,
  user: UserRow,
  input: AcceptCharterRequest,
): Promise<UserVerification> {
  if (!isCurrentCharter(input.version)) {
    throw conflict(ErrorCode.CHARTER_VERSION_OUTDATED, charterErrors.versionOutdated);
  }
  await recordCharterAcceptance(ctx.db, user.id);
  return verificationOf(ctx, user);
}

/** Records the acceptance of the current charter (the route above; the demo helpers at seed time). */
export const recordCharterAcceptance = (db: Executor, userId: string) =>
  repo.insertCharterAcceptance(db, userId, HELPER_CHARTER_VERSION);

/**
 * POST /users/toggle-role: helper <-> helpee; admins cannot switch (DESIGN.md section 8). Becoming a
 * helper needs the current charter accepted first (POST /users/me/charter), so the spec's call keeps
 * its empty body; going back to seeker needs nothing.
 */
export async function toggleRole(ctx: AppContext, user: UserRow): Promise<ToggleRoleResponse> {
  const next = toggledRole(user.role);
  if (!next) throw forbidden(ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED, roleMessages.adminCannotChange);
  // Back to seeker is always allowed: it restricts the account, never widens it.
  if (next === 'helper') {
    requireVerifiedEmail(user);
    if (!(await hasAcceptedCurrentCharter(ctx.db, user.id))) {
      throw forbidden(ErrorCode.CHARTER_NOT_ACCEPTED, charterErrors.notAcceptedToBecomeHelper);
    }
  }
  const row = await repo.setUserRole(ctx.db, user.id, next);
  if (!row) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
  return { role: row.role, message: roleMessages.changeSuccess };
}

/** Every charter acceptance of the user, oldest first (the data export lists them as consents). */
export const listCharterAcceptances = (db: Executor, userId: string) => repo.listCharterAcceptances(db, userId);

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

export type EnsureAdminResult = {
  user: UserRow;
  outcome: 'created' | 'promoted' | 'unchanged' | 'refused';
};

/**
 * Makes `email` an administrator: creates the account with `password` when there is none, and
 * promotes an existing one only when `password` is that account's own. Otherwise it is someone
 * else's signup (perhaps made while the address was free) and stays as it is: `refused`. An
 * operator's account, made or proven here, counts as a confirmed address.
 */
export async function ensureAdmin(db: Executor, email: string, password: string): Promise<EnsureAdminResult> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role === 'admin') return { user: existing, outcome: 'unchanged' };
    if (!(await verifyPassword(existing.passwordHash, password))) return { user: existing, outcome: 'refused' };
    const promoted = await repo.setUserRole(db, existing.id, 'admin');
    if (!promoted) throw notFound(ErrorCode.USER_NOT_FOUND, profile.userNotFound);
    return { user: (await repo.markEmailVerified(db, promoted.id, promoted.email)) ?? promoted, outcome: 'promoted' };
  }
  const user = await createUser(db, {
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerified: true,
  });
  return { user, outcome: 'created' };
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start (DESIGN.md section 5): answers the line to print. A refusal
 * is one error line and the server starts without promoting anyone.
 */
export async function ensureConfiguredAdmin(ctx: AppContext): Promise<string[]> {
  const admin = ctx.config.admin;
  if (!admin) return [];
  const { user, outcome } = await ensureAdmin(ctx.db, admin.email, admin.password);
  if (outcome === 'refused') {
    ctx.log.error(
      { userId: user.id },
      'ADMIN_EMAIL names an existing account whose password is not ADMIN_PASSWORD: not promoted',
    );
    return [];
  }
  ctx.log.info({ userId: user.id, outcome }, 'configured administrator checked');
  const what = {
    created: 'compte administrateur créé',
    promoted: 'compte existant promu administrateur (son mot de passe est celui de ADMIN_PASSWORD)',
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
