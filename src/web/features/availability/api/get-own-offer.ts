import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivateOffer } from '#shared/schemas/offers.ts';
import { offers } from '#shared/messages.ts';
import { api, isApiError } from '#web/lib/api-client.ts';

/** GET /offers/{id}/private: the slot pages load the helper's own offer (404 "Offre non trouvée"). */
export function getOwnOffer(offerId: string, signal?: AbortSignal): Promise<PrivateOffer> {
  return api.get<PrivateOffer>(`/offers/${encodeURIComponent(offerId)}/private`, { signal });
}

export const ownOfferQueryOptions = (offerId: string) =>
  queryOptions({ queryKey: ['offers', offerId, 'private'], queryFn: ({ signal }) => getOwnOffer(offerId, signal) });

export function useOwnOffer(offerId: string, enabled: boolean) {
  return useQuery({ ...ownOfferQueryOptions(offerId), enabled });
}

/** The French text of a failed load (spec 1: "Offre non trouvée" on 404, then section 8 by status). */
export function offerLoadMessage(error: unknown): string {
  if (!isApiError(error)) return offers.loadOther;
  if (error.status === 404 || error.status === 422) return offers.notFound;
  if (error.status === 403) return offers.loadForbidden;
  if (error.status === 401) return offers.loadUnauthorized;
  return offers.loadOther;
}
