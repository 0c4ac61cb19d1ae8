import { DashboardLinkSchema, type DashboardLink } from '#shared/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /payments/stripe/dashboard-link/{helperId}: a one-time link to the provider's dashboard. Not a
 * query: each link is single-use and short-lived, so it is asked for at the click, never cached.
 */
export function getDashboardLink(helperId: string): Promise<DashboardLink> {
  return api.get(`/payments/stripe/dashboard-link/${encodeURIComponent(helperId)}`, {
    schema: DashboardLinkSchema,
  });
}
