import { z } from 'zod';
import {
  LAPSED_HOLDS_BEFORE_COOLDOWN,
  LAPSED_HOLDS_COOLDOWN_HOURS,
  LAPSED_HOLDS_WINDOW_HOURS,
  MAX_UNPAID_HOLDS_PER_HELPER,
  MAX_UNPAID_HOLDS_TOTAL,
  PAYMENT_HOLD_MINUTES,
} from '#shared/constants.ts';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  CheckoutSessionRequestSchema,
  CheckoutSessionSchema,
  CheckoutSessionStatusSchema,
} from '#shared/schemas/payments.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import { setRefundExecutor } from '../bookings/bookings.service.ts';
import { checkoutSessionStatus, createCheckoutSession, handleWebhook, refundExecutor } from './payments.service.ts';
import { bookingAttemptRateLimit } from '../../plugins/account-rate-limits.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
  429: ErrorResponseSchema,
  502: ErrorResponseSchema,
};
const security = [{ bearer: [] }];

/** Payments (spec 1 section 7, spec 2 section 7; issue 9 sections 2 and 3). */
export async function paymentsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  // A paid booking's cancellation refunds through this module (bookings cannot import it).
  setRefundExecutor(refundExecutor);

  app.post(
    '/payments/checkout-session',
    {
      preHandler: [authenticated, verifiedEmail],
      config: { rateLimit: bookingAttemptRateLimit },
      schema: {
        tags: ['payments'],
        summary: 'Réserver une option payante : bloquer le temps et ouvrir le paiement',
        description: `Toutes les règles de POST /bookings/, plus : option payante (sinon 400 PAYMENT_FREE_OFFER), compte de versement de l'aidant acceptant les paiements (409 PAYMENT_HELPER_NOT_READY), success_url (avec {CHECKOUT_SESSION_ID}) et cancel_url sur PUBLIC_URL (400 PAYMENT_RETURN_URL_INVALID). Crée une réservation pending_payment qui bloque le temps ${PAYMENT_HOLD_MINUTES} minutes, puis la session de paiement (clé d'idempotence : l'id de la réservation). La même personne redemandant le même horaire pendant son blocage reçoit la même session. Si le prestataire échoue, le blocage est levé (502 PAYMENT_PROVIDER_ERROR). Paiements non finalisés : au plus ${MAX_UNPAID_HOLDS_PER_HELPER} en cours avec un même aidant (409 BOOKING_UNPAID_HOLD_WITH_HELPER) et ${MAX_UNPAID_HOLDS_TOTAL} en tout (409 BOOKING_UNPAID_HOLDS_LIMIT) ; ${LAPSED_HOLDS_BEFORE_COOLDOWN} paiements laissés expirer avec un même aidant en ${LAPSED_HOLDS_WINDOW_HOURS} h bloquent tout nouveau paiement avec lui pendant ${LAPSED_HOLDS_COOLDOWN_HOURS} h (429 BOOKING_LAPSED_HOLDS_COOLDOWN).`,
        security,
        body: CheckoutSessionRequestSchema,
        response: { 200: CheckoutSessionSchema, ...errors },
      },
    },
    async (request) => createCheckoutSession(ctx, requireUser(request), request.body),
  );

  app.get(
    '/payments/checkout-session/:session_id',
    {
      preHandler: authenticated,
      schema: {
        tags: ['payments'],
        summary: 'État d’une session de paiement (page de succès)',
        description:
          "La personne qui paie, l'aidant et les administrateurs ; toute autre personne reçoit 404, comme pour une session inconnue. payment_status reste « open » tant que le webhook n'a pas confirmé le paiement.",
        security,
        params: z.object({ session_id: z.string().min(1).max(255) }),
        response: { 200: CheckoutSessionStatusSchema, ...errors },
      },
    },
    async (request) => checkoutSessionStatus(ctx, requireUser(request), request.params.session_id),
  );

  // The webhook needs the exact bytes Stripe signed: its own JSON parser keeps the body a Buffer,
  // in a scope of its own so every other route still gets parsed JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Événements du prestataire de paiement (Stripe, ou le simulateur)',
          description:
            "Corps brut signé (en-tête Stripe-Signature, tolérance 300 s) : 400 WEBHOOK_SIGNATURE_INVALID sinon. Chaque événement n'a d'effet qu'une fois, dans n'importe quel ordre ; un remboursement reçu avant le paiement qu'il concerne répond 409 pour être relivré.",
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleWebhook(ctx, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
