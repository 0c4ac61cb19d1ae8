import { reviews as reviewMessages } from '#shared/messages/bookings.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PaginationQuerySchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import {
  ReviewCreateSchema,
  ReviewSchema,
  ReviewsQuerySchema,
  ReviewSummaryQuerySchema,
  ReviewSummarySchema,
  ReviewListSchema,
} from '#shared/schemas/reviews.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import { createReview, deleteReview, getReviewSummary, listReviews } from './reviews.service.ts';

const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
};
const security = [{ bearer: [] }];

/** Reviews (spec 1 section 7; DESIGN.md section 8: one per completed booking, by its seeker). */
export async function reviewsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/reviews',
    {
      preHandler: [authenticated, verifiedEmail],
      schema: {
        tags: ['reviews'],
        summary: 'Laisser un avis sur une séance terminée',
        description:
          'Par la personne aidée de la réservation, une seule fois. Note entière de 1 à 5, commentaire facultatif.',
        security,
        body: ReviewCreateSchema,
        response: { 201: ReviewSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(ctx, requireUser(request), request.body);
      reply.code(201);
      return review;
    },
  );

  app.get(
    '/reviews/',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Avis (d’un aidant), les plus récents en premier',
        querystring: PaginationQuerySchema.extend(ReviewsQuerySchema.shape),
        response: { 200: ReviewListSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => listReviews(ctx, request.query.helper_id, request.query.skip, request.query.limit),
  );

  app.get(
    '/reviews/summary',
    {
      schema: {
        tags: ['reviews'],
        summary: "Note moyenne et nombre d'avis d'un aidant",
        querystring: ReviewSummaryQuerySchema,
        response: { 200: ReviewSummarySchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => getReviewSummary(ctx, request.query.helper_id),
  );

  app.delete(
    '/reviews/:id',
    {
      preHandler: authenticated,
      schema: {
        tags: ['reviews'],
        summary: 'Supprimer un avis (son auteur ou un administrateur)',
        security,
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteReview(ctx, requireUser(request), request.params.id);
      return { message: reviewMessages.deleted };
    },
  );
}
