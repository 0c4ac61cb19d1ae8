import { z } from 'zod';
import { HelperPayoutStatusSchema } from '#shared/schemas/bookings.ts';
import type { App, AppContext } from '../../app-types.ts';
import { helperPayoutStatus } from './payments.service.ts';

/** Payments (spec 2 section 7). This first part serves the booking page; checkout and payouts come next. */
export async function paymentsRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    '/payments/helper/:id/stripe-status',
    {
      schema: {
        tags: ['payments'],
        summary: "État du compte de versement d'un aidant (public)",
        description: 'false/false quand l’aidant n’a pas de compte.',
        params: z.object({ id: z.uuid() }),
        response: { 200: HelperPayoutStatusSchema },
      },
    },
    async (request) => helperPayoutStatus(ctx, request.params.id),
  );
}
