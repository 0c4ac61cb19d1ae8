import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { REPORTS_PER_ADDRESS_PER_HOUR, REPORTS_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  AdminReportListQuerySchema,
  AdminReportListSchema,
  AdminReportSchema,
  ReportCreatedSchema,
  ReportCreateSchema,
  ReportDecisionBodySchema,
} from '#shared/schemas/reports.ts';
import type { App, AppContext } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { adminOnly, authenticated, requireUser } from '../../plugins/auth.ts';
import { createReport, decideReport, getReport, listReports } from './reports.service.ts';

const security = [{ bearer: [] }];
const refusals = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const invalid = { 422: ValidationErrorResponseSchema };

/** Reports per account and hour, counted after authentication in the shared store (rate-limit-store.ts). */
const reportsPerAccount = {
  max: REPORTS_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler',
  groupId: 'reports',
  keyGenerator: (request: FastifyRequest) => `reports:${requireUser(request).id}`,
} as const;

/**
 * The second budget (@fastify/rate-limit runs one route limit per request): per client address and
 * hour, all accounts together, so a handful of fresh accounts cannot flood the queue.
 */
function reportsPerAddress(app: App): preHandlerAsyncHookHandler {
  // `groupId` names the budget in the shared store (the plugin's types omit it from createRateLimit).
  const limiter = app.createRateLimit({
    max: REPORTS_PER_ADDRESS_PER_HOUR,
    timeWindow: '1 hour',
    groupId: 'reports-address',
  } as Parameters<App['createRateLimit']>[0]);
  return async (request, reply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(ErrorCode.RATE_LIMITED, 429, apiErrors.rateLimited);
    }
  };
}

/** Reports and the admin queue (issue 13 section 1; DESIGN.md section 8 "Reports and blocks"). */
export async function reportsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post(
    '/reports',
    {
      preHandler: [authenticated, reportsPerAddress(app)],
      config: { rateLimit: reportsPerAccount },
      schema: {
        tags: ['reports'],
        summary: 'Signaler un profil, une offre, un avis, un message ou une conversation du chat',
        description:
          'Connexion requise. La cible doit être visible de l’appelant : un profil, une offre visible, un avis, ' +
          'un message d’une de ses conversations, une session de chat qui lui appartient ; sinon 404 ' +
          'REPORT_TARGET_NOT_FOUND. Se signaler soi-même ou son propre contenu : 400 REPORT_SELF. Un seul ' +
          'signalement ouvert par personne et par cible (409 REPORT_DUPLICATE). Le contenu est copié tel quel ' +
          `au moment du signalement. Au plus ${REPORTS_PER_HOUR} signalements par heure et par compte, ` +
          `${REPORTS_PER_ADDRESS_PER_HOUR} par adresse (429). La réponse ne dit jamais qui d’autre a signalé.`,
        security,
        body: ReportCreateSchema,
        response: {
          201: ReportCreatedSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const created = await createReport(ctx, requireUser(request), request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/admin/reports',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'File des signalements : en attente d’abord, puis les plus récents',
        description:
          'Filtres `status` et `target_type`. Chaque signalement porte la copie du contenu signalé (`snapshot`) ' +
          'et son contexte actuel (`context` : existe encore, auteur, offre, conversation).',
        security,
        querystring: AdminReportListQuerySchema,
        response: { 200: AdminReportListSchema, ...refusals, ...invalid },
      },
    },
    async (request) => listReports(ctx, request.query),
  );

  app.get(
    '/admin/reports/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Un signalement, avec la copie du contenu et son contexte',
        security,
        params: IdParamsSchema,
        response: { 200: AdminReportSchema, 404: ErrorResponseSchema, ...refusals, ...invalid },
      },
    },
    async (request) => getReport(ctx, request.params.id),
  );

  app.post(
    '/admin/reports/:id/decision',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Décider d’un signalement',
        description:
          '`dismiss` classe ce signalement (dismissed). `hide_offer` (offre), `remove_review` (avis), ' +
          '`remove_message` (message) et `suspend_account` (l’auteur du profil, de l’offre, de l’avis ou du ' +
          'message) agissent sur la cible et clôturent (reviewed) ce signalement et les autres signalements en ' +
          'attente sur la même cible. La suspension bloque la connexion (403 ACCOUNT_SUSPENDED), révoque les ' +
          'jetons, masque les offres et le profil, annule les réservations à venir avec remboursement intégral ' +
          'et prévient la personne par e-mail. Décision inapplicable : 400 REPORT_DECISION_NOT_APPLICABLE ; ' +
          'déjà décidé : 409 REPORT_ALREADY_DECIDED. Chaque décision est inscrite au journal des administrateurs.',
        security,
        params: IdParamsSchema,
        body: ReportDecisionBodySchema,
        response: {
          200: AdminReportSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...refusals,
          ...invalid,
        },
      },
    },
    async (request) => decideReport(ctx, requireUser(request), request.params.id, request.body),
  );
}
