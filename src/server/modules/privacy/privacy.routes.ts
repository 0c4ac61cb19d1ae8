import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCOUNTING_RETENTION_YEARS, DATA_EXPORTS_PER_HOUR, ERASURE_ATTEMPTS_PER_HOUR } from '#shared/constants.ts';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import { AccountErasureSchema, DataExportSchema } from '#shared/schemas/privacy.ts';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { eraseAccount, exportFileName, exportUserData } from './privacy.service.ts';

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

/** The data rights of the RGPD (issue 13 section 4): a copy of one's data, and erasure. */
export async function privacyRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
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
      reply
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('cache-control', 'private, no-store');
      return data;
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
