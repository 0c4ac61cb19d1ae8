import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /offers/{id}: the public offer the booking page shows (never the contact information). */
export function getOffer(offerId: string, signal?: AbortSignal): Promise<PublicOffer> {
  return api.get(`/offers/${encodeURIComponent(offerId)}`, {
    schema: () => import('#shared/schemas/offers.ts').then((module) => module.PublicOfferSchema),
    signal,
  });
}

export const offerQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: queryKeys.offers.detail(offerId), queryFn: ({ signal }) => getOffer(offerId, signal) });

export function useOffer(offerId: string) {
  return useQuery(offerQueryOptions(offerId));
}
