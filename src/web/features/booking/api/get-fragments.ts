import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELPER_SLOTS_REFETCH_MS } from '#shared/constants.ts';
import { z } from 'zod';
import { FragmentSchema, type Fragment } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const FragmentListSchema = z.array(FragmentSchema);

/** GET /time-slots/helper/{helper_id}/fragments?offer_id: the offer's free windows, UTC instants. */
export function getFragments(helperId: string, offerId: string, signal?: AbortSignal): Promise<Fragment[]> {
  return api.get(`/time-slots/helper/${encodeURIComponent(helperId)}/fragments`, {
    query: { offer_id: offerId },
    schema: FragmentListSchema,
    signal,
  });
}

export const fragmentsQueryOptions = (helperId: string, offerId: string) =>
  queryOptions({
    queryKey: queryKeys.fragments.ofOffer(helperId, offerId),
    queryFn: ({ signal }) => getFragments(helperId, offerId, signal),
    // Someone else may book meanwhile (spec 1 section 7: refetched every 15 s).
    refetchInterval: HELPER_SLOTS_REFETCH_MS,
  });

export function useFragments(helperId: string | undefined, offerId: string) {
  return useQuery({ ...fragmentsQueryOptions(helperId ?? '', offerId), enabled: Boolean(helperId) });
}
