import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNTING_RETENTION_YEARS,
  DATA_EXPORTS_PER_HOUR,
  DATA_RIGHTS_LINK_TTL_HOURS,
  DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR,
  DATA_RIGHTS_MAILS_MAX,
  DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR,
  ERASURE_ATTEMPTS_PER_HOUR,
} from '#shared/constants.ts';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  AccountErasureSchema,
  DataExportSchema,
  DataRightsLinkSchema,
  DataRightsRequestedSchema,
  DataRightsRequestSchema,
} from '#shared/schemas/privacy.ts';
import type { App, AppContext } from '../../app-types.ts';
import { backgroundSettled } from '../../lib/background.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import {
  eraseAccount,
  eraseAccountByLink,
  exportDataByLink,
  exportFileName,
  exportUserData,
  requestDataRightsLink,
} from './privacy.service.ts';

const security = [{ bearer: [] }];
const tags = ['users'];

/** A per-account hourly budget, counted after authentication in the shared store (rate-limit-store.ts). */
function perAccountHourly(groupId: string, max: number) {
  return {
    max,
    timeWindow: '1 hour',
    hook: 'preHandler',
    groupId,
    keyGenerator: (request: FastifyRequest) => `${groupId}:${requireUser(request).id}`,
  } as const;
}

/** Both uses of a mailed link count together, per client address. */
const linkUses = {
  max: DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR,
  timeWindow: '1 hour',
  groupId: 'data-rights-link-uses',
} as const;

/** The export is a download: a file name, and no cache may keep it. */
function asAttachment(reply: { header(name: string, value: string): unknown }, now: Date): void {
  reply.header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
  reply.header('cache-control', 'private, no-store');
}

/**
 * The data rights of the RGPD: a copy of one's data, and erasure; signed in, or through a link
 * mailed on request for whoever cannot sign in (a suspended account keeps its rights).
 */
export async function privacyRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  // Links go out after the answer: closing the app waits for them.
  app.addHook('onClose', () => backgroundSettled(ctx));

  app.get(
    '/users/me/export',
    {
      preHandler: authenticated,
      config: { rateLimit: perAccountHourly('data-exports', DATA_EXPORTS_PER_HOUR) },
      schema: {
        tags,
        summary: 'Télécharger mes données (RGPD)',
        description:
          'Un document JSON en pièce jointe (`appui-mes-donnees-AAAA-MM-JJ.json`) de tout ce qu’Appui ' +
          'conserve sur la personne : profil, lien de la photo, consentements, offres avec tarifs et ' +
          'créneaux, réservations des deux côtés avec leurs paiements et remboursements, versements, avis ' +
          'écrits et reçus, conversations et messages, messages au support et réponses, sessions de chat, ' +
          'signalements faits, blocages, demandes de réinitialisation du mot de passe. Des autres : le nom ' +
          'affiché et ce qu’ils ont partagé avec la personne, jamais un message masqué ou retiré qu’elle n’a ' +
          `pas lu. Au plus ${DATA_EXPORTS_PER_HOUR} par heure (429).`,
        security,
        produces: ['application/json'],
        response: { 200: DataExportSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const data = await exportUserData(ctx, requireUser(request), now);
      asAttachment(reply, now);
      return data;
    },
  );

  app.post(
    '/privacy/data-requests',
    {
      config: { rateLimit: { max: DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Recevoir par e-mail un lien vers ses données, sans se connecter (RGPD)',
        description:
          'Pour qui ne peut pas se connecter, un compte suspendu notamment. Toujours la même réponse, que ' +
          `l’adresse ait un compte ou non. Un compte connu reçoit un lien à usage unique valable ${DATA_RIGHTS_LINK_TTL_HOURS} h ` +
          '(vers la page /mes-donnees : un téléchargement, une suppression), au plus ' +
          `${DATA_RIGHTS_MAILS_MAX} par heure et par adresse e-mail (au-delà, rien n’est envoyé, la réponse ne change pas). ` +
          `Au plus ${DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR} demandes par heure et par adresse IP (429).`,
        body: DataRightsRequestSchema,
        response: { 200: DataRightsRequestedSchema, 422: ValidationErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => requestDataRightsLink(ctx, request.body.email),
  );

  app.post(
    '/privacy/data-requests/export',
    {
      config: { rateLimit: linkUses },
      schema: {
        tags,
        summary: 'Télécharger ses données avec le lien reçu par e-mail (RGPD)',
        description:
          'Le même document que GET /users/me/export, pour le compte du lien, qu’il soit suspendu ou non ; ' +
          'sans connexion. Un téléchargement par lien : un lien inconnu, expiré, déjà utilisé pour ' +
          'télécharger ou ayant servi à supprimer le compte : 400 INVALID_DATA_RIGHTS_LINK. ' +
          `Avec la suppression, au plus ${DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR} appels par heure et par adresse IP (429).`,
        body: DataRightsLinkSchema,
        produces: ['application/json'],
        response: {
          200: DataExportSchema,
          400: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const data = await exportDataByLink(ctx, request.body.token, now);
      asAttachment(reply, now);
      return data;
    },
  );

  app.post(
    '/privacy/data-requests/erase',
    {
      config: { rateLimit: linkUses },
      schema: {
        tags,
        summary: 'Supprimer son compte avec le lien reçu par e-mail (RGPD)',
        description:
          'La même suppression que DELETE /users/me, le lien tenant lieu de mot de passe ; pour un compte ' +
          'suspendu aussi. Le lien est alors épuisé. Lien inconnu, expiré ou épuisé : 400 ' +
          'INVALID_DATA_RIGHTS_LINK. 204.',
        body: DataRightsLinkSchema,
        response: {
          204: z.null(),
          400: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await eraseAccountByLink(ctx, request.body.token);
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/users/me',
    {
      preHandler: authenticated,
      config: { rateLimit: perAccountHourly('account-erasure', ERASURE_ATTEMPTS_PER_HOUR) },
      schema: {
        tags,
        summary: 'Supprimer mon compte (RGPD)',
        description:
          'Le mot de passe confirme (403 CURRENT_PASSWORD_WRONG, compté avec les échecs de connexion : 429 ' +
          'au-delà). Les réservations à venir sont annulées avec les règles de remboursement (intégral quand ' +
          'la personne est l’aidant), l’autre partie prévenue ; offres et créneaux retirés, photo effacée ; ' +
          'e-mail, noms, bio et étiquettes remplacés, toutes les sessions déconnectées ; messages et avis ' +
          'écrits apparaissent sous « Compte supprimé ». Réservations et paiements sont gardés sans données ' +
          `personnelles ${ACCOUNTING_RETENTION_YEARS} ans (comptabilité). Un e-mail confirme à l’ancienne ` +
          'adresse, qui peut servir à un nouveau compte. 204.',
        security,
        body: AccountErasureSchema,
        response: {
          204: z.null(),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          422: ValidationErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await eraseAccount(ctx, requireUser(request), request.body.password);
      reply.code(204);
      return null;
    },
  );
}
