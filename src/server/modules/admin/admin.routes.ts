import { ADMIN_OFFERS_EXACT_COUNT_CAP } from '#shared/constants.ts';
import { admin as adminMessages } from '#shared/messages/admin.ts';
import {
  AdminOfferListQuerySchema,
  AdminOfferListSchema,
  AdminOfferSchema,
  AdminOfferUpdateSchema,
  AdminOverviewSchema,
  AdminStatsSchema,
} from '#shared/schemas/admin.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import type { App, AppContext } from '../../app-types.ts';
import { adminOnly, requireUser } from '../../plugins/auth.ts';
import * as service from './admin.service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const refusals = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const errors = { ...refusals, 404: ErrorResponseSchema, 422: ValidationErrorResponseSchema };

/** The admin console's API (spec 2 sections 3, 6 and 7; issue 12 section 3). */
export async function adminRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    '/admin/stats',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Chiffres du tableau de bord (comptés sur les données)',
        security,
        response: { 200: AdminStatsSchema, ...refusals },
      },
    },
    async () => service.getStats(ctx),
  );

  app.get(
    '/admin/overview',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Aperçu du support (ouverts, en cours, priorité haute) et dernières actions des administrateurs',
        security,
        response: { 200: AdminOverviewSchema, ...refusals },
      },
    },
    async () => service.getOverview(ctx),
  );

  app.get(
    '/admin/offers',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Offres (masquées comprises, sauf supprimées), les plus récentes d’abord',
        description:
          'Recherche sans accents ni casse : chaque mot doit figurer dans le titre, la description ou le nom de l’aidant. ' +
          `\`total\` est exact jusqu’à ${ADMIN_OFFERS_EXACT_COUNT_CAP} offres, estimé au-delà.`,
        security,
        querystring: AdminOfferListQuerySchema,
        response: { 200: AdminOfferListSchema, ...refusals, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => service.listOffers(ctx, request.query),
  );

  app.put(
    '/admin/offers/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Modifier une offre (titre, description, prix et durée de la première option de tarif)',
        description:
          'Prix en centimes d’euros entiers ; une durée proposée par le formulaire des offres. Un prix payant exige le compte de paiement de l’aidant (400 PAYOUT_ACCOUNT_REQUIRED).',
        security,
        params: IdParamsSchema,
        body: AdminOfferUpdateSchema,
        response: { 200: AdminOfferSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => service.updateOffer(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/offers/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Supprimer une offre (suppression douce : l’historique des réservations est conservé)',
        description:
          'Refusé (409 OFFER_HAS_ACTIVE_BOOKINGS) tant que des réservations à venir sont actives, comme pour l’aidant ; masquer l’offre la retire aussitôt de la recherche.',
        security,
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteOffer(ctx, requireUser(request), request.params.id);
      return { message: adminMessages.deleted };
    },
  );

  app.post(
    '/admin/offers/:id/toggle',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Masquer ou rendre visible une offre',
        security,
        params: IdParamsSchema,
        response: { 200: AdminOfferSchema, ...errors },
      },
    },
    async (request) => service.toggleOffer(ctx, requireUser(request), request.params.id),
  );
}
