import { BOOKING_CREATE_RATE_LIMIT_PER_HOUR, MAX_UPCOMING_BOOKINGS_PER_HELPER } from '#shared/constants.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  PaginationQuerySchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import {
  BookingCreateSchema,
  BookingSchema,
  BookingStatsSchema,
  BookingUpdateSchema,
  CancelBookingResponseSchema,
  CancelBookingSchema,
  BookingListSchema,
} from '#shared/schemas/bookings.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import {
  bookingStats,
  cancelBooking,
  createBooking,
  getBooking,
  listMyBookings,
  updateBookingStatus,
} from './bookings.service.ts';
import { bookingAttemptRateLimit } from '../../plugins/account-rate-limits.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
};
const security = [{ bearer: [] }];

/** Bookings (spec 1 sections 4, 5 and 7; DESIGN.md section 8). */
export async function bookingsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/bookings/',
    {
      preHandler: [authenticated, verifiedEmail],
      config: { rateLimit: bookingAttemptRateLimit },
      schema: {
        tags: ['bookings'],
        summary: 'Réserver une séance gratuite',
        description: `Le serveur revérifie tout : offre visible, pas la sienne, aucun blocage entre les deux (403 USER_BLOCKED), durée égale à une option de tarif, début futur, dans une plage libre. Prix pris de l'option. Une option payante répond 400 BOOKING_PAYMENT_REQUIRED : passer par POST /payments/checkout-session. Deux demandes concurrentes pour le même temps : une seule réussit, l'autre reçoit 409 BOOKING_TIME_TAKEN. Au plus ${MAX_UPCOMING_BOOKINGS_PER_HELPER} réservations à venir d'une même personne avec un même aidant (409 BOOKING_UPCOMING_LIMIT_REACHED) et ${BOOKING_CREATE_RATE_LIMIT_PER_HOUR} tentatives par heure et par compte (429).`,
        security,
        body: BookingCreateSchema,
        response: { 201: BookingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const booking = await createBooking(ctx, requireUser(request), request.body);
      reply.code(201);
      return booking;
    },
  );

  app.get(
    '/bookings/',
    {
      preHandler: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Mes réservations (en tant qu’aidé et reçues en tant qu’aidant)',
        description:
          'À venir (non terminées) de la plus proche à la plus lointaine, puis passées de la plus récente à la plus ancienne.',
        security,
        querystring: PaginationQuerySchema,
        response: { 200: BookingListSchema, ...errors },
      },
    },
    async (request) => listMyBookings(ctx, requireUser(request), request.query.skip, request.query.limit),
  );

  app.get(
    '/bookings/stats',
    {
      preHandler: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Chiffres du tableau de bord',
        description:
          "Revenu du mois (heure de Paris) : prix moins commission des séances payées ou terminées de l'aidant. Séances terminées : comme aidant pour un aidant, comme aidé sinon. Note moyenne et nombre d'avis reçus.",
        security,
        response: { 200: BookingStatsSchema, ...errors },
      },
    },
    async (request) => bookingStats(ctx, requireUser(request)),
  );

  app.get(
    '/bookings/:id',
    {
      preHandler: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Une réservation (parties et administrateurs)',
        description: 'Toute autre personne reçoit 404, comme pour une réservation inconnue.',
        security,
        params: IdParamsSchema,
        response: { 200: BookingSchema, ...errors },
      },
    },
    async (request) => getBooking(ctx, requireUser(request), request.params.id),
  );

  app.put(
    '/bookings/:id',
    {
      preHandler: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Correction administrateur : marquer terminée une séance commencée',
        description:
          "Seul un administrateur peut modifier une réservation, et seulement pour passer à « completed » une séance programmée ou payée dont le début est passé. Prix, horaires et parties ne changent jamais ; l'annulation passe par POST /bookings/{id}/cancel et le paiement par le prestataire.",
        security,
        params: IdParamsSchema,
        body: BookingUpdateSchema,
        response: { 200: BookingSchema, ...errors },
      },
    },
    async (request) => updateBookingStatus(ctx, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      preHandler: authenticated,
      schema: {
        tags: ['bookings'],
        summary: 'Annuler une réservation à venir (l’une ou l’autre partie)',
        description:
          "Réservations programmées ou payées dont le début est à venir. Remboursement intégral d'une séance payée si l'aidant annule ou si l'aidé annule plus de 24 h avant ; aucun sinon. L'aidant peut aussi libérer un paiement en cours (pending_payment) sur son temps : l'horaire est libéré, la session de paiement expirée chez le prestataire et l'aidé prévenu. Répond qui a été informé et l'issue du remboursement.",
        security,
        params: IdParamsSchema,
        body: CancelBookingSchema,
        response: { 200: CancelBookingResponseSchema, ...errors },
      },
    },
    async (request) => cancelBooking(ctx, requireUser(request), request.params.id, request.body.cancellation_reason),
  );
}
