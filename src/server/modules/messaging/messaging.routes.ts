import {
  CONVERSATIONS_PER_HOUR,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_HOUR,
  MESSAGES_PER_MINUTE,
} from '#shared/constants.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  ConversationCreateQuerySchema,
  ConversationListQuerySchema,
  ConversationReadResponseSchema,
  ConversationReadSchema,
  ConversationSchema,
  MessageCreateSchema,
  MessageListQuerySchema,
  MessageSchema,
  UnreadSummarySchema,
  ConversationListSchema,
  MessageListSchema,
} from '#shared/schemas/messages.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser, verifiedEmail } from '../../plugins/auth.ts';
import {
  conversationCreateRateLimit,
  messageSendExtraLimits,
  messagesPerMinuteRateLimit,
} from './messaging-rate-limits.ts';
import {
  getConversation,
  listConversationMessages,
  listConversations,
  markConversationRead,
  openConversation,
  sendMessage,
  unreadSummary,
} from './messaging.service.ts';

const errors = {
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
};
const security = [{ bearer: [] }];
const tags = ['messages'];

/**
 * Messaging (spec 2 sections 2, 3, 4 and 7; DESIGN.md section 8). Only the two parties of a
 * conversation read and write it; an admin reads any (moderation) but does not write; anyone else
 * gets 404, as for an unknown id.
 */
export async function messagingRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/messages/conversations',
    {
      preHandler: [authenticated, verifiedEmail],
      config: { rateLimit: conversationCreateRateLimit },
      schema: {
        tags,
        summary: "Ouvrir la conversation avec l'aidant d'une offre",
        description: `Crée la conversation de l'appelant (personne aidée) et de cette offre (201), ou répond celle qui existe déjà (200). Offre inconnue, supprimée ou masquée : 404 OFFER_NOT_FOUND ; sa propre offre : 400 CONVERSATION_OWN_OFFER ; l'un des deux a bloqué l'autre : 403 USER_BLOCKED. Au plus ${CONVERSATIONS_PER_HOUR} nouvelles conversations par heure et par compte (429).`,
        security,
        querystring: ConversationCreateQuerySchema,
        response: {
          200: ConversationSchema,
          201: ConversationSchema,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await openConversation(ctx, requireUser(request), request.query.offer_id);
      reply.code(created ? 201 : 200);
      return conversation;
    },
  );

  app.get(
    '/messages/conversations',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Mes conversations, la plus récemment active en premier',
        description:
          "En tant qu'aidant ou personne aidée. `search` cherche, sans tenir compte des accents ni de la casse, dans le nom de l'autre personne, le titre de l'offre et le contenu des messages (un message masqué n'est trouvé que par son auteur, un message retiré par la modération ne l'est plus par personne). `last_message` et `unread_count` sont ceux de l'appelant.",
        security,
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListSchema, ...errors },
      },
    },
    async (request) => listConversations(ctx, requireUser(request), request.query),
  );

  app.get(
    '/messages/conversations/:id',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Une conversation',
        description:
          "Telle que la voit l'une des deux personnes (dernier message, non lus, chat activé) : pour ouvrir une conversation depuis un lien sans parcourir la liste. Sinon 404.",
        security,
        params: IdParamsSchema,
        response: { 200: ConversationSchema, ...errors },
      },
    },
    async (request) => getConversation(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/messages/conversations/:id/messages',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "Messages d'une conversation, du plus ancien au plus récent",
        description:
          'Sans curseur : les `limit` plus récents. `before` : la page juste plus ancienne que ce message ; `after` : les messages plus récents que celui-ci (rattrapage après une reconnexion). Un message masqué arrive vide (`masked` true) à son destinataire. Les deux personnes de la conversation, ou un administrateur (modération) ; sinon 404.',
        security,
        params: IdParamsSchema,
        querystring: MessageListQuerySchema,
        response: { 200: MessageListSchema, ...errors },
      },
    },
    async (request) => listConversationMessages(ctx, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/messages/conversations/:id/messages',
    {
      preHandler: [authenticated, verifiedEmail, messageSendExtraLimits(app)],
      config: { rateLimit: messagesPerMinuteRateLimit },
      schema: {
        tags,
        summary: 'Envoyer un message',
        description: `Contenu sans espaces autour, de 1 à ${MESSAGE_MAX_LENGTH} caractères. Les deux personnes de la conversation seulement (404 sinon). L'aidant peut toujours écrire ; la personne aidée, pour son premier message ou avec une réservation non annulée avec cet aidant (403 CHAT_DISABLED sinon). Si l'un des deux a bloqué l'autre, personne n'écrit plus (403 USER_BLOCKED). Un message contenant des coordonnées avant toute réservation confirmée est enregistré masqué. Au plus ${MESSAGES_PER_MINUTE} messages par minute et ${MESSAGES_PER_HOUR} par heure et par compte (429).`,
        security,
        params: IdParamsSchema,
        body: MessageCreateSchema,
        response: { 201: MessageSchema, 403: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(ctx, requireUser(request), request.params.id, request.body.content);
      reply.code(201);
      return message;
    },
  );

  app.post(
    '/messages/conversations/:id/read',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "Marquer la conversation comme lue jusqu'à un message",
        description:
          "La marque de lecture ne recule jamais. Suit l'utilisateur sur tous ses appareils. Un message d'une autre conversation : 404 MESSAGE_NOT_FOUND.",
        security,
        params: IdParamsSchema,
        body: ConversationReadSchema,
        response: { 200: ConversationReadResponseSchema, ...errors },
      },
    },
    async (request) => markConversationRead(ctx, requireUser(request), request.params.id, request.body.message_id),
  );

  app.get(
    '/messages/unread',
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: 'Messages non lus (total et nombre de conversations)',
        security,
        response: { 200: UnreadSummarySchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => unreadSummary(ctx, requireUser(request).id),
  );
}
