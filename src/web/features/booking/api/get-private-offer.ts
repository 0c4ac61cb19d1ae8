import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivateOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /offers/{id}/private: the offer with its contact information. 403 until the seeker holds a
 * scheduled or paid booking of it (spec 2 section 6); the helper and admins always read it.
 */
export function getPrivateOffer(offerId: string, signal?: AbortSignal): Promise<PrivateOffer> {
  return api.get<PrivateOffer>(`/offers/${encodeURIComponent(offerId)}/private`, { signal });
}

export const privateOfferQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: ['offers', offerId, 'private'], queryFn: ({ signal }) => getPrivateOffer(offerId, signal) });

export function usePrivateOffer(offerId: string, enabled = true) {
  return useQuery({ ...privateOfferQueryOptions(offerId), enabled });
}
