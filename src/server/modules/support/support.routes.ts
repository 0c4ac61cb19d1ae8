import { z } from 'zod';
import { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, SUPPORT_MESSAGES_PER_HOUR } from '#shared/constants.ts';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  PaginationQuerySchema,
  ValidationErrorResponseSchema,
} from '#shared/schemas/common.ts';
import {
  SupportMessageCreateSchema,
  SupportMessageListQuerySchema,
  SupportMessageSchema,
  SupportMessageUpdateSchema,
  SupportRespondSchema,
  SupportStatsSchema,
} from '#shared/schemas/support.ts';
import type { App, AppContext } from '../../app-types.ts';
import { adminOnly, authenticated, requireUser } from '../../plugins/auth.ts';
import { supportMessagesPerAccount, supportMessagesPerAddress } from './support-rate-limits.ts';
import {
  createSupportMessage,
  getSupportMessage,
  listMySupportMessages,
  listSupportMessages,
  respondToSupportMessage,
  supportStats,
  updateSupportMessageAsAdmin,
} from './support.service.ts';

const security = [{ bearer: [] }];
const tags = ['support'];
const errors = { 401: ErrorResponseSchema, 422: ValidationErrorResponseSchema };
const adminErrors = { ...errors, 403: ErrorResponseSchema };

/**
 * Support centre (spec 2 sections 2, 3, 4 and 7; issue 12 section 1). Writing needs a login (the
 * contact form); the author reads their own messages and the responses; admins read all, change the
 * status and priority, and respond. Every admin change is written to admin_audit.
 */
export async function supportRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/support/messages',
    {
      preHandler: [authenticated, supportMessagesPerAddress(app)],
      config: { rateLimit: supportMessagesPerAccount },
      schema: {
        tags,
        summary: 'Écrire au support (formulaire de contact)',
        description: `Connexion requise (401 sinon). Nom, sujet et message sont obligatoires (« Veuillez remplir tous les champs ») ; pas d'adresse dans le formulaire : la réponse part à l'adresse du compte. Priorité fixée à la création : \`urgent\` si le sujet ou le message parle de suicide, d'automutilation ou d'un danger immédiat, sinon \`normal\` ; statut \`open\`. Au plus ${SUPPORT_MESSAGES_PER_HOUR} messages par heure et par compte, et ${SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR} par heure et par adresse (429).`,
        security,
        body: SupportMessageCreateSchema,
        response: { 201: SupportMessageSchema, 429: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await createSupportMessage(ctx, requireUser(request), request.body);
      reply.code(201);
      return message;
    },
  );

  app.get(
    '/support/my-messages',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Mes messages au support, le plus récent en premier, avec les réponses',
        security,
        querystring: PaginationQuerySchema,
        response: { 200: z.array(SupportMessageSchema), ...errors },
      },
    },
    async (request) => listMySupportMessages(ctx, requireUser(request), request.query),
  );

  app.get(
    '/support/messages',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Tous les messages au support (administrateurs)',
        description:
          'Filtres `status` et `priority`, pagination `skip`/`limit`. Les messages urgents non fermés viennent en premier, puis tous les autres du plus récent au plus ancien.',
        security,
        querystring: SupportMessageListQuerySchema,
        response: { 200: z.array(SupportMessageSchema), ...adminErrors },
      },
    },
    async (request) => listSupportMessages(ctx, request.query),
  );

  app.get(
    '/support/stats',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Chiffres du support (administrateurs)',
        description:
          "Comptés sur les messages : total, ouverts, en cours, fermés (total = ouverts + en cours + fermés). `high_priority_messages` compte les messages de priorité `urgent` ou `high` qui ne sont pas fermés : ceux qui attendent encore quelqu'un.",
        security,
        response: { 200: SupportStatsSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async () => supportStats(ctx),
  );

  app.get(
    '/support/messages/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Un message au support, avec ses réponses (administrateurs)',
        description: 'Identifiant inconnu : 404 SUPPORT_MESSAGE_NOT_FOUND.',
        security,
        params: IdParamsSchema,
        response: { 200: SupportMessageSchema, 404: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request) => getSupportMessage(ctx, request.params.id),
  );

  app.put(
    '/support/messages/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Changer le statut ou la priorité d'un message (administrateurs)",
        description:
          'Statut : vers `closed` depuis tout statut autre que `closed`, vers `in_progress` seulement depuis `open` ; tout autre changement (dont le retour à `open` ou le statut actuel) : 409 SUPPORT_STATUS_TRANSITION, et rien n’est changé. Priorité : `urgent`, `high`, `normal` ou `low`, modifiable dans tout statut. Chaque changement est inscrit au journal des actions administrateur.',
        security,
        params: IdParamsSchema,
        body: SupportMessageUpdateSchema,
        response: { 200: SupportMessageSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request) => updateSupportMessageAsAdmin(ctx, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/support/messages/:id/respond',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Répondre à un message (administrateurs)',
        description:
          "Réponse non vide (« Veuillez saisir une réponse »). Elle s'ajoute aux réponses du message, que son auteur lit dans GET /support/my-messages, et lui est envoyée par e-mail à l'adresse de son compte (sans reprendre son message). Le statut ne change pas. Répond le message à jour (201).",
        security,
        params: IdParamsSchema,
        body: SupportRespondSchema,
        response: { 201: SupportMessageSchema, 404: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const message = await respondToSupportMessage(
        ctx,
        requireUser(request),
        request.params.id,
        request.body.response_text,
      );
      reply.code(201);
      return message;
    },
  );
}
