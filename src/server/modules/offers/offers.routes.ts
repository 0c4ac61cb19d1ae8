import { ErrorCode } from '#shared/error-codes.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PaginationQuerySchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import {
  OfferCreateRequestSchema,
  OfferListSchema,
  OfferUpdateRequestSchema,
  PrivateOfferSchema,
  PublicOfferSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '#shared/schemas/offers.ts';
import type { App, AppContext } from '../../app-types.ts';
import { sendJson } from '../../lib/etag.ts';
import { authenticated, requireRole, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import * as search from './offers-search.service.ts';
import * as service from './offers.service.ts';

const tags = ['offers'];
const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
};
// Permission checks run before body validation: a seeker posting a bad form learns it is not allowed, not what is wrong.
const helperOnly = requireRole(['helper'], ErrorCode.HELPER_ROLE_REQUIRED, offerMessages.helperRequired);

/** Offers, search and contact information (spec 1 sections 3, 5, 7 and 8). */
export async function offersRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  // Cached search answers follow every write of every process (offers-search.service.ts).
  let stopSearchInvalidation: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopSearchInvalidation = await search.startSearchInvalidation(ctx);
  });
  app.addHook('onClose', async () => {
    await stopSearchInvalidation?.();
  });
  // The spec writes /offers/ with a trailing slash; both spellings answer, only one is documented.
  for (const url of ['/offers/', '/offers']) {
    app.get(
      url,
      {
        schema: {
          hide: url === '/offers',
          tags,
          summary: 'Offres visibles des aidants, les plus récentes d’abord',
          querystring: PaginationQuerySchema,
          response: { 200: OfferListSchema, 422: ValidationErrorResponseSchema },
        },
      },
      async (request) => service.listOffers(ctx, { ...request.query, askerId: request.user?.id }),
    );

    app.post(
      url,
      {
        preValidation: [helperOnly, verifiedEmail],
        schema: {
          hide: url === '/offers',
          tags,
          summary: 'Créer une offre (aidants)',
          body: OfferCreateRequestSchema,
          response: { 201: PrivateOfferSchema, 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const offer = await service.createOffer(ctx, requireUser(request), request.body);
        reply.code(201);
        return offer;
      },
    );
  }

  app.get(
    '/offers/for-user',
    {
      preValidation: authenticated,
      schema: {
        tags,
        summary: 'Offres visibles, plus les offres masquées de l’aidant connecté',
        querystring: PaginationQuerySchema,
        response: { 200: OfferListSchema, 401: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => service.listOffers(ctx, { ...request.query, viewer: requireUser(request) }),
  );

  app.get(
    '/offers/search',
    {
      schema: {
        tags,
        summary: 'Rechercher des offres',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request, reply) =>
      sendJson(reply, await search.searchOffersJson(ctx, request.query, null, request.user?.id)),
  );

  app.get(
    '/offers/search-for-user',
    {
      preValidation: authenticated,
      schema: {
        tags,
        summary: 'Rechercher des offres (connecté : inclut les offres masquées de l’aidant)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 401: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request, reply) => sendJson(reply, await search.searchOffersJson(ctx, request.query, requireUser(request))),
  );

  app.get(
    '/offers/:id',
    {
      schema: {
        tags,
        summary: 'Une offre (sans les informations de contact)',
        params: IdParamsSchema,
        response: { 200: PublicOfferSchema, 404: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => service.getOffer(ctx, request.params.id, request.user),
  );

  app.get(
    '/offers/:id/private',
    {
      preValidation: authenticated,
      schema: {
        tags,
        summary: 'Une offre avec ses informations de contact (aidant, admin, ou réservation confirmée)',
        params: IdParamsSchema,
        response: { 200: PrivateOfferSchema, ...errors },
      },
    },
    async (request) => service.getPrivateOffer(ctx, request.params.id, requireUser(request)),
  );

  app.put(
    '/offers/:id',
    {
      preValidation: [helperOnly, verifiedEmail],
      schema: {
        tags,
        summary: 'Modifier son offre',
        params: IdParamsSchema,
        body: OfferUpdateRequestSchema,
        response: { 200: PrivateOfferSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => service.updateOffer(ctx, request.params.id, requireUser(request), request.body),
  );

  app.delete(
    '/offers/:id',
    {
      preValidation: helperOnly,
      schema: {
        tags,
        summary: 'Supprimer son offre (refusé tant que des réservations sont actives)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteOffer(ctx, request.params.id, requireUser(request));
      return { message: offerMessages.deleted };
    },
  );
}
