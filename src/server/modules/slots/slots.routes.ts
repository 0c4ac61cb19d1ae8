import { z } from 'zod';
import { FRAGMENTS_DEFAULT_DAYS, FRAGMENTS_MAX_DAYS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { slots as slotMessages } from '#shared/messages/availability.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  BulkSlotsCreatedSchema,
  BulkSlotsCreateSchema,
  CalendarSlotCreatedSchema,
  CalendarSlotCreateSchema,
  CalendarSlotSchema,
  DeletedSchema,
  FragmentsParamsSchema,
  FragmentsQuerySchema,
  LegacySlotSchema,
  MySlotsQuerySchema,
  FragmentListSchema,
} from '#shared/schemas/slots.ts';
import type { App, AppContext } from '../../app-types.ts';
import { sendTaggedJson } from '../../lib/etag.ts';
import { requireRole, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import {
  bulkCreateSlots,
  createCalendarSlot,
  deleteSlot,
  fragmentsAnswer,
  listCalendarSlots,
  listLegacySlots,
  startFreeTimeInvalidation,
  toggleSlotAvailability,
} from './slots.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const security = [{ bearer: [] }];
const PARIS_NOTE = 'Dates et heures en heure de Paris (Europe/Paris) ; start_at/end_at en UTC.';

/** Availability slots (spec 1 sections 2, 5 and 7). Writes and own lists are for helpers only. */
export async function slotsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  const helperOnly = requireRole(['helper'], ErrorCode.HELPER_ROLE_REQUIRED, slotMessages.helperRequired);
  // Cached free windows follow every write of every process (slots.service.ts fragmentsAnswer).
  let stopFreeTimeInvalidation: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopFreeTimeInvalidation = await startFreeTimeInvalidation(ctx);
  });
  app.addHook('onClose', async () => {
    await stopFreeTimeInvalidation?.();
  });

  app.post(
    '/appui-calendar/slots',
    {
      preHandler: [helperOnly, verifiedEmail],
      schema: {
        tags: ['slots'],
        summary: 'Créer un créneau (date, heure de début, durée)',
        description: PARIS_NOTE,
        security,
        body: CalendarSlotCreateSchema,
        response: {
          201: CalendarSlotCreatedSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await createCalendarSlot(ctx, requireUser(request), request.body);
      reply.code(201);
      return result;
    },
  );

  app.get(
    '/appui-calendar/my-slots',
    {
      preHandler: helperOnly,
      schema: {
        tags: ['slots'],
        summary: 'Mes créneaux (format calendrier)',
        description: `${PARIS_NOTE} Avec offer_id : les créneaux attachés à cette offre uniquement. Sans include_past, les créneaux terminés sont omis.`,
        security,
        querystring: MySlotsQuerySchema,
        response: { 200: z.array(CalendarSlotSchema), ...errors },
      },
    },
    async (request) => listCalendarSlots(ctx, requireUser(request), request.query),
  );

  app.delete(
    '/appui-calendar/slots/:id',
    {
      preHandler: helperOnly,
      schema: {
        tags: ['slots'],
        summary: 'Supprimer un de mes créneaux',
        security,
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => deleteSlot(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/time-slots/',
    {
      preHandler: helperOnly,
      schema: {
        tags: ['slots'],
        summary: 'Mes créneaux (format historique)',
        description: PARIS_NOTE,
        security,
        querystring: MySlotsQuerySchema,
        response: { 200: z.array(LegacySlotSchema), ...errors },
      },
    },
    async (request) => listLegacySlots(ctx, requireUser(request), request.query),
  );

  app.post(
    '/time-slots/bulk',
    {
      preHandler: [helperOnly, verifiedEmail],
      schema: {
        tags: ['slots'],
        summary: 'Créer plusieurs créneaux : tous ou aucun',
        description: `${PARIS_NOTE} Les lignes entièrement vides sont ignorées ; la première ligne invalide est refusée avec un message qui nomme sa date.`,
        security,
        body: BulkSlotsCreateSchema,
        response: {
          201: BulkSlotsCreatedSchema,
          409: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const result = await bulkCreateSlots(ctx, requireUser(request), request.body);
      reply.code(201);
      return result;
    },
  );

  app.delete(
    '/time-slots/:id',
    {
      preHandler: helperOnly,
      schema: {
        tags: ['slots'],
        summary: 'Supprimer un de mes créneaux',
        security,
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => deleteSlot(ctx, requireUser(request), request.params.id),
  );

  app.patch(
    '/time-slots/:id/toggle-availability',
    {
      preHandler: helperOnly,
      schema: {
        tags: ['slots'],
        summary: 'Activer ou désactiver un de mes créneaux',
        security,
        params: IdParamsSchema,
        response: { 200: LegacySlotSchema, ...errors },
      },
    },
    async (request) => toggleSlotAvailability(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/time-slots/helper/:helper_id/fragments',
    {
      schema: {
        tags: ['slots'],
        summary: "Plages libres d'un aidant pour une offre (public)",
        description:
          "Créneaux disponibles de l'offre (ou de toutes ses offres) moins le temps déjà réservé, triés, instants UTC ISO. " +
          "Une offre masquée, supprimée ou d'un autre aidant répond 404, comme GET /offers/{id} ; sans offer_id, " +
          'les créneaux des offres masquées ou supprimées ne comptent pas, et une personne bloquée reçoit 404. ' +
          `Plages qui chevauchent [from, to), coupées à from (jamais avant maintenant) ; par défaut les ${FRAGMENTS_DEFAULT_DAYS} jours à venir, ` +
          `${FRAGMENTS_MAX_DAYS} jours au plus. Réponse avec ETag : If-None-Match donne 304 si rien n'a changé.`,
        params: FragmentsParamsSchema,
        querystring: FragmentsQuerySchema,
        response: {
          200: FragmentListSchema,
          304: z.null().describe('Inchangé depuis l’ETag envoyé dans If-None-Match'),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { helper_id: helperId } = request.params;
      const answer = await fragmentsAnswer(ctx, helperId, request.query.offer_id ?? null, request.query, request.user);
      return sendTaggedJson(request, reply, answer);
    },
  );
}
