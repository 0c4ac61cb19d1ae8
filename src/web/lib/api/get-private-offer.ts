import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivateOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /offers/{id}/private: the offer with its contact information, for its helper and admins, and
 * for a seeker once a booking of it is confirmed (403 before, spec 2 section 6). Here, not in a
 * feature, because three read it: the offer editor, the slot pages and the booking's contact card.
 */
export function getPrivateOffer(offerId: string, signal?: AbortSignal): Promise<PrivateOffer> {
  return api.get(`/offers/${encodeURIComponent(offerId)}/private`, {
    schema: () => import('#shared/schemas/offers.ts').then((module) => module.PrivateOfferSchema),
    signal,
  });
}

export const privateOfferQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: queryKeys.offers.private(offerId),
    queryFn: ({ signal }) => getPrivateOffer(offerId, signal),
  });

export function usePrivateOffer(offerId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...privateOfferQueryOptions(offerId), enabled: options.enabled ?? true });
}
