import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BLOCKS_PER_HOUR } from '#shared/constants.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  PaginationQuerySchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import { BlockedUserSchema, BlockedUserListSchema } from '#shared/schemas/privacy.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { blockUser, listMyBlocks, unblockUser } from './blocks.service.ts';

const security = [{ bearer: [] }];
const tags = ['users'];
const errors = {
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Blocks and unblocks share one per-account budget, counted after authentication in the shared store. */
const blocksRateLimit = {
  max: BLOCKS_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler',
  groupId: 'blocks',
  keyGenerator: (request: FastifyRequest) => `blocks:${requireUser(request).id}`,
} as const;

/** Blocking (issue 13 section 2; DESIGN.md section 8). */
export async function blocksRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/users/:id/block',
    {
      preHandler: authenticated,
      config: { rateLimit: blocksRateLimit },
      schema: {
        tags,
        summary: 'Bloquer une personne',
        description:
          'Tant que l’un des deux a bloqué l’autre : aucune nouvelle conversation, aucun message, aucune ' +
          'réservation de leurs offres (403 USER_BLOCKED), et chacun disparaît des recherches et des profils ' +
          'de l’autre. Les réservations existantes restent et peuvent être annulées. 201 à la création, 200 si ' +
          `déjà bloquée ; soi-même : 400 BLOCK_SELF ; compte inconnu : 404. Au plus ${BLOCKS_PER_HOUR} ` +
          'blocages ou déblocages par heure (429). La personne bloquée n’est pas prévenue.',
        security,
        params: IdParamsSchema,
        response: { 200: BlockedUserSchema, 201: BlockedUserSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { block, created } = await blockUser(ctx, requireUser(request), request.params.id);
      reply.code(created ? 201 : 200);
      return block;
    },
  );

  app.delete(
    '/users/:id/block',
    {
      preHandler: authenticated,
      config: { rateLimit: blocksRateLimit },
      schema: {
        tags,
        summary: 'Débloquer une personne',
        description:
          'Lève le blocage fait par l’appelant (204, y compris s’il n’y en avait pas) ; un blocage fait par ' +
          'l’autre personne reste. Compte inconnu : 404.',
        security,
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unblockUser(ctx, requireUser(request), request.params.id);
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/users/me/blocks',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Les personnes que j’ai bloquées',
        description: 'Les plus récentes d’abord. Jamais les personnes qui ont bloqué l’appelant.',
        security,
        querystring: PaginationQuerySchema,
        response: { 200: BlockedUserListSchema, 401: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => listMyBlocks(ctx, requireUser(request), request.query),
  );
}
