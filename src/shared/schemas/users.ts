import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HELPER_CHARTER_VERSION_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USERNAME_MAX_LENGTH,
} from '../constants.ts';
import { auth } from '../messages/auth.ts';
import { validation } from '../messages/common.ts';
import { multiLineString, singleLineString } from './common.ts';

export const RoleSchema = z.enum(ROLES);

export const UsernameSchema = singleLineString()
  .trim()
  .min(2)
  .max(USERNAME_MAX_LENGTH)
  .regex(/^[a-z0-9._-]+$/, validation.usernameFormat);

export const EmailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

/** A password as chosen at signup, reset or profile change (the auth schemas import it from here). */
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, auth.passwordTooShort).max(PASSWORD_MAX_LENGTH);

/**
 * What was checked about a person, each fact backed by data: the address confirmed through its
 * mailed link, the payout account active at the payment provider (which checks identity), and the
 * last helper charter accepted. Never the address itself, nor any payment provider id.
 */
export const UserVerificationSchema = z.object({
  email_confirmed: z.boolean(),
  /** The payout account at this server's provider has its details submitted and charges enabled. */
  identity_verified: z.boolean(),
  /** The current version (HELPER_CHARTER_VERSION) is accepted. */
  charter_accepted: z.boolean(),
  /** The last version accepted and when; null when none ever was. */
  charter_version: z.string().nullable(),
  charter_accepted_at: z.string().nullable(),
});
export type UserVerification = z.infer<typeof UserVerificationSchema>;

/** What anyone may read about a user: never the e-mail (GET /users/{id}, embedded helpers). */
export const PublicUserSchema = z.object({
  id: z.uuid(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  tags: z.array(z.string()),
  /** The spec's flag, derived: true when every check of `verification` passed (isVerifiedProfile). */
  is_verified: z.boolean(),
  verification: UserVerificationSchema,
  role: RoleSchema,
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/**
 * The logged-in user's own view (GET /users/me): public fields plus the e-mail, whether it is
 * confirmed, and the address a change of e-mail waits to confirm (null when none).
 */
export const CurrentUserSchema = PublicUserSchema.extend({
  email: z.string(),
  email_verified: z.boolean(),
  pending_email: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** PUT /users/me: every field optional; an empty display name or bio clears it. */
export const UpdateMeRequestSchema = z
  .object({
    display_name: singleLineString().trim().max(DISPLAY_NAME_MAX_LENGTH).nullable().optional(),
    username: UsernameSchema.optional(),
    bio: multiLineString().trim().max(BIO_MAX_LENGTH).nullable().optional(),
    email: EmailSchema.optional(),
    new_password: PasswordSchema.optional(),
    /** Required to change the e-mail or the password: a stolen token alone must not take the account. */
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof UpdateMeRequestSchema>;

/**
 * PUT /users/me answers the updated user; after a change of password (which revokes every token
 * issued before) also a fresh `access_token` that keeps the current session logged in. A new e-mail
 * shows as `pending_email` until its link is opened.
 */
export const UpdateMeResponseSchema = CurrentUserSchema.extend({ access_token: z.string().optional() });
export type UpdateMeResponse = z.infer<typeof UpdateMeResponseSchema>;

/** POST /users/me/charter: the version the person read (the current one, or 409 CHARTER_VERSION_OUTDATED). */
export const AcceptCharterRequestSchema = z
  .object({ version: z.string().trim().min(1).max(HELPER_CHARTER_VERSION_MAX_LENGTH) })
  .strict();
export type AcceptCharterRequest = z.infer<typeof AcceptCharterRequestSchema>;

export const ToggleRoleResponseSchema = z.object({ role: RoleSchema, message: z.string() });

export const AvatarResponseSchema = z.object({ success: z.literal(true), avatar_url: z.string(), message: z.string() });
