import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { auth, passwordReset } from '../messages/auth.ts';
import { emailVerification } from '../messages/email-verification.ts';
import { validation } from '../messages/common.ts';
import { impersonatesTeam } from '../rules/reserved-names.ts';
import { personNameString } from './common.ts';
import { EmailSchema, PasswordSchema, UsernameSchema } from './users.ts';

export const SignupRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  display_name: personNameString().trim().min(1).max(DISPLAY_NAME_MAX_LENGTH).optional(),
  username: UsernameSchema.refine((name) => !impersonatesTeam(name), validation.reservedName).optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, auth.emailRequired).max(320),
  password: z.string().min(1, auth.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const TokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });

export const ForgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1, auth.emailRequired).max(320) });

export const ResetPasswordRequestSchema = z.object({
  token: z.string().trim().min(1, passwordReset.tokenMissing).max(200),
  new_password: PasswordSchema,
});

/** POST /auth/verify-email: the token of the link mailed to prove an address. */
export const VerifyEmailRequestSchema = z.object({
  token: z.string().trim().min(1, emailVerification.tokenMissing).max(200),
});

/** What the link proved: the account's own address, or the new one it moved to (`changed`). */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), email: z.string(), changed: z.boolean() });

/** Client-side forms add the confirmation field (spec 1 section 5, spec 2 section 5). */
export const SignupFormSchema = SignupRequestSchema.extend({ confirm_password: z.string() }).refine(
  (value) => value.password === value.confirm_password,
  { message: auth.passwordsDontMatch, path: ['confirm_password'] },
);
export const ResetPasswordFormSchema = z
  .object({ new_password: PasswordSchema, confirm_password: z.string() })
  .refine((value) => value.new_password === value.confirm_password, {
    message: auth.passwordsDontMatch,
    path: ['confirm_password'],
  });
