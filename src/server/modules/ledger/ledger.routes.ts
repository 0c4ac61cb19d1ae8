import { ErrorResponseSchema, IdParamsSchema, ValidationErrorResponseSchema } from '#shared/schemas/common.ts';
import {
  LedgerQuerySchema,
  LedgerSchema,
  StatementParamsSchema,
  StatementQuerySchema,
} from '#shared/schemas/ledger.ts';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../app-types.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { bookingReceipt, getLedger, yearlyStatement, type PdfDocument } from './ledger.service.ts';
import { moneyDocumentsRateLimit } from '../../plugins/account-rate-limits.ts';

const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
};
const security = [{ bearer: [] }];

/**
 * `attachment` with an ASCII fallback name and the French one in RFC 5987 form (`filename*`), which
 * every current browser prefers: accents survive, and no header injection is possible.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendPdf(reply: FastifyReply, document: PdfDocument): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(document.fileName))
    .header('cache-control', 'private, no-store')
    .send(document.body);
}

/** Ledger and money documents (issue 9 points 4 and 5): read-only views of `payments`. */
export async function ledgerRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    '/payments/ledger',
    {
      preHandler: authenticated,
      schema: {
        tags: ['payments'],
        summary: 'Tableau de bord financier : paiements et soldes',
        description:
          'Les paiements confirmés de l’aidant, les plus récents en premier (skip/limit), avec montant, ' +
          'commission conservée, remboursements et net, et les soldes par devise. En attente : net des ' +
          'séances payées pas encore terminées. Disponible : net des séances terminées, et des séances ' +
          'annulées que l’aidant conserve, après remboursements, moins les versements en cours ou ' +
          'arrivés. Versé : les versements vers la banque de l’aidant arrivés (événements payout.* du ' +
          'compte connecté, Stripe ou simulateur). Calculé depuis notre registre dans les deux modes. Un aidant lit le sien ; un ' +
          'administrateur peut passer helper_id ; une personne aidée reçoit 403, le registre d’un autre 404.',
        security,
        querystring: LedgerQuerySchema,
        response: { 200: LedgerSchema, ...errors },
      },
    },
    async (request) => getLedger(ctx, requireUser(request), request.query),
  );

  app.get(
    '/bookings/:id/receipt.pdf',
    {
      preHandler: authenticated,
      config: { rateLimit: moneyDocumentsRateLimit },
      schema: {
        tags: ['bookings'],
        summary: 'Reçu PDF d’une réservation payée',
        description:
          'Pour la personne aidée, l’aidant et les administrateurs (404 pour les autres, et tant que le ' +
          'paiement n’est pas confirmé). La commission n’apparaît pas sur l’exemplaire de la personne aidée.',
        security,
        params: IdParamsSchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => sendPdf(reply, await bookingReceipt(ctx, requireUser(request), request.params.id)),
  );

  app.get(
    '/payments/statements/:year.pdf',
    {
      preHandler: authenticated,
      config: { rateLimit: moneyDocumentsRateLimit },
      schema: {
        tags: ['payments'],
        summary: 'Relevé annuel PDF des revenus d’un aidant',
        description:
          'Par mois (heure de Paris) : brut, commission, remboursements, net, et les totaux. Un aidant ' +
          'télécharge le sien ; un administrateur peut passer helper_id.',
        security,
        params: StatementParamsSchema,
        querystring: StatementQuerySchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await yearlyStatement(ctx, requireUser(request), request.params.year, request.query.helper_id)),
  );
}
