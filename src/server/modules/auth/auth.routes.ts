import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  TokenResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '#shared/schemas/auth.ts';
import { ErrorResponseSchema, MessageResponseSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import { CurrentUserSchema } from '#shared/schemas/users.ts';
import { EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR } from '#shared/constants.ts';
import type { App, AppContext } from '../../app-types.ts';
import { backgroundSettled } from '../../lib/background.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { resendVerification, verifyEmail } from '../users/users.service.ts';
import { forgotPassword, login, resetPassword, signup } from './auth.service.ts';

export async function authRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  // Per client address, per route: slows down password guessing and reset-mail flooding. The
  // service adds per-account limits (failed logins, reset mails) that no change of address escapes.
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  // Accounts per address and hour: signup must say when an e-mail is taken (spec 1 section 4), so
  // it is the route that would let one client test many addresses.
  const signupRateLimit = { max: ctx.config.signupRateLimitPerHour, timeWindow: '1 hour' };
  // Reset mails go out after the answer: closing the app waits for them.
  app.addHook('onClose', () => backgroundSettled(ctx));

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: signupRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Créer un compte (rôle aidé)',
        description: 'Le client se connecte ensuite avec POST /auth/login.',
        body: SignupRequestSchema,
        response: {
          201: CurrentUserSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signup(ctx, request.body);
      reply.code(201);
      return user;
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Se connecter',
        description:
          'Un compte suspendu par la modération reçoit 403 ACCOUNT_SUSPENDED (avec le bon mot de passe seulement).',
        body: LoginRequestSchema,
        response: {
          200: TokenResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => login(ctx, request.body, request.ip),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Recevoir un lien de réinitialisation du mot de passe',
        description: 'Réponse identique que le compte existe ou non.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 422: ValidationErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => forgotPassword(ctx, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choisir un nouveau mot de passe avec le lien reçu par e-mail',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => resetPassword(ctx, request.body.token, request.body.new_password, request.ip),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Confirmer une adresse e-mail avec le lien reçu',
        description:
          'Le lien de l’inscription confirme l’adresse du compte ; celui d’un changement d’adresse fait ' +
          'de la nouvelle l’adresse du compte (`changed`) et déconnecte toutes les sessions. ' +
          'Lien inconnu, déjà utilisé ou expiré : 400 INVALID_VERIFICATION_TOKEN.',
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => verifyEmail(ctx, request.body.token),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      preHandler: authenticated,
      // Per client address here; the service adds a budget per account.
      config: { rateLimit: { max: EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Recevoir un nouveau lien de confirmation de l’adresse e-mail',
        security: [{ bearer: [] }],
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => resendVerification(ctx, requireUser(request)),
  );
}
