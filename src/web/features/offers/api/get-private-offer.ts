import { queryOptions, useQuery } from '@tanstack/react-query';
import { PrivateOfferSchema, type PrivateOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { offerKeys } from './offer-keys.ts';

/** GET /offers/{id}/private: the full offer with pricing options and contact information (owner, admin, booked seeker). */
export function getPrivateOffer(offerId: string, signal?: AbortSignal): Promise<PrivateOffer> {
  return api.get(`/offers/${encodeURIComponent(offerId)}/private`, { schema: PrivateOfferSchema, signal });
}

export const privateOfferQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: offerKeys.private(offerId), queryFn: ({ signal }) => getPrivateOffer(offerId, signal) });

export function usePrivateOffer(offerId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...privateOfferQueryOptions(offerId), enabled: options.enabled ?? true });
}
