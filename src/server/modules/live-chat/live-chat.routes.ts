import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_DEFAULT_SUBJECT,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_SESSIONS_PER_HOUR,
  SOCKET_CONNECTS_PER_MINUTE,
} from '#shared/constants.ts';
import {
  ChatMessageCreateSchema,
  ChatMessageListQuerySchema,
  ChatMessageSchema,
  ChatSessionCreateSchema,
  ChatSessionListQuerySchema,
  ChatSessionSchema,
  ChatSessionTokenQuerySchema,
  ChatSessionUpdateSchema,
  ChatStatsSchema,
} from '#shared/schemas/chat.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import type { App, AppContext } from '../../app-types.ts';
import { adminOnly, authenticated, requireUser } from '../../plugins/auth.ts';
import { allowedSocketOrigins, assertSocketOrigin } from '../realtime/realtime.service.ts';
import {
  changeChatSessionStatus,
  chatStats,
  createSession,
  endChatSession,
  getChatSession,
  listChatMessages,
  listChatSessions,
  postChatMessage,
  type ChatCaller,
  type ChatHub,
} from './live-chat.service.ts';

/** The signed-in user (if any) and the session token of the query (if any). */
const caller = (request: FastifyRequest, sessionToken: string | undefined): ChatCaller => ({
  user: request.user,
  sessionToken,
});

const tags = ['live-chat'];
/** Optional bearer: a guest calls with the session token instead (OpenAPI's `{}` = no auth needed). */
const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
const adminSecurity = [{ bearer: [] }];
const readErrors = { 404: ErrorResponseSchema, 422: ValidationErrorResponseSchema };
const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ValidationErrorResponseSchema };

/** The chat socket's query: read by the hub, so a bad value closes 1008 after the upgrade instead of a 4xx. */
const ChatSocketQuerySchema = z.object({
  session_id: z.string().optional(),
  auth_token: z.string().optional(),
  session_token: z.string().optional(),
  after: z.string().optional(),
});

/**
 * Live chat (spec 2 sections 2, 3, 4 and 7; issue 12 section 2). A session belongs to the user who
 * opened it, or to whoever holds its `session_token` (given once, to the guest who opened it); it
 * and its messages are readable by that owner and by admins only — anyone else gets 404.
 */
export async function liveChatRoutes(app: App, { ctx, hub }: { ctx: AppContext; hub: ChatHub }): Promise<void> {
  app.post(
    '/support/chat/sessions',
    {
      // Per client address (a guest has nothing else); the service also counts per account.
      config: { rateLimit: { max: CHAT_SESSIONS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Démarrer un chat en direct',
        description: `Connecté : la session est celle du compte. Invité : \`guest_name\` et \`guest_email\` sont requis (400 CHAT_GUEST_IDENTITY_REQUIRED). Sujet vide : « ${CHAT_DEFAULT_SUBJECT} ». La réponse (201) contient \`session_token\`, une seule fois : il n'est conservé que haché ; il ouvre la session (GET, PUT, DELETE, messages, socket) sans compte. Au plus ${CHAT_SESSIONS_PER_HOUR} sessions par heure par adresse et par compte (429).`,
        security,
        body: ChatSessionCreateSchema,
        response: { 201: ChatSessionSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const session = await createSession(ctx, request.user, request.body);
      reply.code(201);
      return session;
    },
  );

  app.get(
    '/support/chat/sessions',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Sessions de chat',
        description:
          'Administrateur : toutes les sessions, la plus récemment active en premier ; `view=active` : ouvertes et actives, `view=archived` : fermées et archivées. Autre compte : ses propres sessions. La liste ne contient pas les messages (`chat_messages` vide) : GET /support/chat/sessions/{id} les donne. `session_token` est toujours null.',
        security: adminSecurity,
        querystring: ChatSessionListQuerySchema,
        response: { 200: z.array(ChatSessionSchema), 401: ErrorResponseSchema, 422: ValidationErrorResponseSchema },
      },
    },
    async (request) => listChatSessions(ctx, requireUser(request), request.query),
  );

  app.get(
    '/support/chat/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Une session de chat et ses messages',
        description:
          'Messages du plus ancien au plus récent. Pour son propriétaire (le compte qui l’a ouverte, ou `session_token`) et les administrateurs ; sinon 404 CHAT_SESSION_NOT_FOUND.',
        security,
        params: IdParamsSchema,
        querystring: ChatSessionTokenQuerySchema,
        response: { 200: ChatSessionSchema, 401: ErrorResponseSchema, ...readErrors },
      },
    },
    async (request) => getChatSession(ctx, caller(request, request.query.session_token), request.params.id),
  );

  app.put(
    '/support/chat/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Changer le statut d’une session de chat',
        description:
          'Administrateur : `active` (prise en charge) depuis `open` ; `closed` depuis `open` ou `active` ; `archived` depuis tout statut sauf `archived`. Propriétaire : `closed` (fin du chat) depuis `open` ou `active`. Autre changement : 409 CHAT_STATUS_TRANSITION. Chaque action d’un administrateur est journalisée ; les sockets de la session sont prévenus (fermée ou archivée : fermeture 1008).',
        security,
        params: IdParamsSchema,
        querystring: ChatSessionTokenQuerySchema,
        body: ChatSessionUpdateSchema,
        response: { 200: ChatSessionSchema, 401: ErrorResponseSchema, 409: ErrorResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      changeChatSessionStatus(
        ctx,
        caller(request, request.query.session_token),
        request.params.id,
        request.body.status,
      ),
  );

  app.delete(
    '/support/chat/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Terminer une session de chat',
        description:
          "Le propriétaire ou un administrateur termine le chat : la session passe à `closed` (204). Rien n'est effacé : la conversation reste consultable. Une session déjà fermée ou archivée reste telle quelle (204).",
        security,
        params: IdParamsSchema,
        querystring: ChatSessionTokenQuerySchema,
        response: { 204: z.null(), 401: ErrorResponseSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      await endChatSession(ctx, caller(request, request.query.session_token), request.params.id);
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/support/chat/sessions/:id/messages',
    {
      schema: {
        tags,
        summary: 'Écrire dans un chat',
        description: `Contenu sans espaces autour, de 1 à ${CHAT_MESSAGE_MAX_LENGTH} caractères. Le propriétaire écrit en son nom, un administrateur au nom de l'équipe (« Équipe Appui », journalisé). Session fermée ou archivée : 409 CHAT_SESSION_CLOSED. Le message part aussi sur les sockets de la session. Au plus ${CHAT_MESSAGES_PER_MINUTE} messages par minute et par auteur (429).`,
        security,
        params: IdParamsSchema,
        querystring: ChatSessionTokenQuerySchema,
        body: ChatMessageCreateSchema,
        response: {
          201: ChatMessageSchema,
          401: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const message = await postChatMessage(
        ctx,
        caller(request, request.query.session_token),
        request.params.id,
        request.body.content,
      );
      reply.code(201);
      return message;
    },
  );

  app.get(
    '/support/chat/messages',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Messages de chat (administrateur)',
        description:
          'Avec `session_id` : les messages de cette session, du plus ancien au plus récent (404 si elle n’existe pas). Sans : les plus récents de toutes les sessions, du plus récent au plus ancien.',
        security: adminSecurity,
        querystring: ChatMessageListQuerySchema,
        response: { 200: z.array(ChatMessageSchema), 404: ErrorResponseSchema, ...adminErrors },
      },
    },
    async (request) => listChatMessages(ctx, request.query),
  );

  app.get(
    '/support/chat/stats',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Chiffres du chat en direct (administrateur)',
        description:
          '`closed_sessions` compte les sessions fermées et archivées : ouvertes + actives + fermées = total.',
        security: adminSecurity,
        response: { 200: ChatStatsSchema, ...adminErrors },
      },
    },
    async () => chatStats(ctx),
  );

  const origins = allowedSocketOrigins(ctx.config);
  app.get(
    '/support/chat/ws',
    {
      websocket: true,
      config: { rateLimit: { max: SOCKET_CONNECTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Socket du chat en direct',
        description:
          "`session_id`, et `auth_token` (compte propriétaire ou administrateur) et/ou `session_token`. Origine étrangère : 403 avant l'ouverture. Jeton manquant ou mauvais, session inconnue, fermée ou archivée : le socket s'ouvre puis se ferme (1008). Reçoit `system_message` à la connexion, puis les messages après `after` (tous sans `after`), puis chaque nouveau message (`chat_message`) ; envoie `{type: 'chat_message', content}`.",
        querystring: ChatSocketQuerySchema,
      },
      preValidation: async (request) => {
        assertSocketOrigin(origins, request.headers.origin);
      },
    },
    (socket, request) => {
      const query = request.query;
      hub.add(socket, {
        sessionId: query.session_id ?? '',
        authToken: query.auth_token,
        sessionToken: query.session_token,
        after: query.after,
      });
    },
  );
}
