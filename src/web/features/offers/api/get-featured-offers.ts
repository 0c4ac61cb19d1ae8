import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURED_OFFERS_COUNT } from '#shared/constants.ts';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /offers/ as the landing page calls it (spec 1 section 7): the first 8 visible offers. The
 * schema loads with the request: the landing page paints without zod.
 */
export async function getFeaturedOffers(): Promise<PublicOffer[]> {
  const list = await api.get('/offers/', {
    query: { limit: FEATURED_OFFERS_COUNT },
    schema: () => import('#shared/schemas/offers.ts').then((module) => module.OfferListSchema),
  });
  return list.slice(0, FEATURED_OFFERS_COUNT);
}

export const featuredOffersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.offers.featured(), queryFn: getFeaturedOffers });

export function useFeaturedOffers() {
  return useQuery(featuredOffersQueryOptions());
}
