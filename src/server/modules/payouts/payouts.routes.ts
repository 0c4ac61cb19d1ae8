import { z } from 'zod';
import { TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS, TEST_CHECKOUT_DEFAULT_FEE_CENTS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { payoutErrors } from '#shared/messages/payouts.ts';
import { HelperPayoutStatusSchema } from '#shared/schemas/bookings.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  AccountSessionSchema,
  AccountStatusSchema,
  CreateAccountResponseSchema,
  DashboardLinkSchema,
} from '#shared/schemas/payments.ts';
import type { App, AppContext } from '../../app-types.ts';
import { unauthorized } from '../../errors.ts';
import { authenticated, requireRole, requireUser, userFromToken } from '../../plugins/auth.ts';
import {
  createPayoutAccount,
  helperPayoutStatus,
  payoutAccountSession,
  payoutAccountStatus,
  payoutDashboardLink,
  testCheckout,
  testOnboardingUrl,
} from './payouts.service.ts';
import { payoutProviderCallsRateLimit } from '../../plugins/account-rate-limits.ts';

const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
  502: ErrorResponseSchema,
};
const security = [{ bearer: [] }];
const helperOnly = requireRole(['helper'], ErrorCode.HELPER_ROLE_REQUIRED, payoutErrors.helperRequired);
const adminOnly = requireRole(['admin']);
const cents = z.coerce.number().int().min(1).max(1_000_000);

/**
 * Payout accounts (spec 2 sections 4 and 7) and the endpoints of the /stripe-test page. Paths are the
 * spec's under the API base: /api/v1/payments/… and /api/v1/onboard|checkout/{userId}.
 */
export async function payoutsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/payments/create-account',
    {
      preHandler: helperOnly,
      config: { rateLimit: payoutProviderCallsRateLimit },
      schema: {
        tags: ['payouts'],
        summary: 'Créer (ou retrouver) son compte de versement',
        description:
          'Aidants seulement. Réutilise le compte existant ; onboarding_url tant que les informations ne sont pas envoyées, null ensuite.',
        security,
        response: { 200: CreateAccountResponseSchema, ...errors },
      },
    },
    async (request) => createPayoutAccount(ctx, requireUser(request)),
  );

  app.get(
    '/payments/account-status',
    {
      preHandler: authenticated,
      config: { rateLimit: payoutProviderCallsRateLimit },
      schema: {
        tags: ['payouts'],
        summary: 'État de son propre compte de versement',
        description:
          'Tout à null/false sans compte. Relu auprès du prestataire tant que le compte n’est pas actif ; onboarding_url tant que les informations manquent.',
        security,
        response: { 200: AccountStatusSchema, ...errors },
      },
    },
    async (request) => payoutAccountStatus(ctx, requireUser(request)),
  );

  app.get(
    '/payments/helper/:id/stripe-status',
    {
      schema: {
        tags: ['payouts'],
        summary: "État du compte de versement d'un aidant (public)",
        description: 'false/false quand l’aidant n’a pas de compte.',
        params: IdParamsSchema,
        response: { 200: HelperPayoutStatusSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => helperPayoutStatus(ctx, request.params.id),
  );

  app.get(
    '/payments/stripe/dashboard-link/:id',
    {
      preHandler: authenticated,
      config: { rateLimit: payoutProviderCallsRateLimit },
      schema: {
        tags: ['payouts'],
        summary: 'Lien vers le tableau de bord du prestataire',
        description:
          'Pour l’aidant du compte seulement (404 pour toute autre personne, administrateurs compris). 409 tant que la configuration n’est pas terminée.',
        security,
        params: IdParamsSchema,
        response: { 200: DashboardLinkSchema, ...errors },
      },
    },
    async (request) => payoutDashboardLink(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/payments/stripe/account-session/:id',
    {
      preHandler: authenticated,
      config: { rateLimit: payoutProviderCallsRateLimit },
      schema: {
        tags: ['payouts'],
        summary: 'Session des composants intégrés du compte',
        description: 'Pour l’aidant du compte seulement (404 pour toute autre personne, administrateurs compris).',
        security,
        params: IdParamsSchema,
        response: { 200: AccountSessionSchema, ...errors },
      },
    },
    async (request) => payoutAccountSession(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/onboard/:userId',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Page de test : redirection vers la configuration du compte de versement',
        description:
          'Administrateurs, en mode démonstration ou avec des clés Stripe de test (sinon 404). Le jeton d’accès est passé dans token (un lien suivi par le navigateur n’envoie pas d’en-tête) ; il est masqué dans les journaux.',
        params: z.object({ userId: z.uuid() }),
        querystring: z.object({ token: z.string().min(1).max(4096).optional() }),
        response: { 302: z.null(), 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const user = request.user ?? (token ? await userFromToken(ctx, token) : undefined);
      if (!user) throw unauthorized(ErrorCode.NOT_AUTHENTICATED, apiErrors.notAuthenticated);
      const url = await testOnboardingUrl(ctx, user, request.params.userId);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/checkout/:userId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['payouts'],
        summary: 'Page de test : paiement de test vers le compte d’un aidant',
        description: `Administrateurs, en mode démonstration ou avec des clés Stripe de test (sinon 404). Montant et commission en centimes (par défaut ${TEST_CHECKOUT_DEFAULT_AMOUNT_CENTS} et ${TEST_CHECKOUT_DEFAULT_FEE_CENTS}). Aucune réservation n’y est liée.`,
        security,
        params: z.object({ userId: z.uuid() }),
        querystring: z.object({
          amount: cents.optional(),
          fee: z.coerce.number().int().min(0).max(1_000_000).optional(),
        }),
        response: {
          200: z.object({ checkout_url: z.string(), session_id: z.string() }),
          400: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => testCheckout(ctx, requireUser(request), request.params.userId, request.query),
  );
}
