import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HELPER_SLOTS_REFETCH_MS } from '#shared/constants.ts';
import type { Fragment } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type FragmentsRange = { from: string; to: string };

/**
 * GET /time-slots/helper/{helper_id}/fragments?offer_id&from&to: the offer's free windows over a
 * range, UTC instants. The answer carries an ETag with `Cache-Control: no-cache`: the browser keeps
 * it and revalidates on its own (If-None-Match), so an unchanged refetch is a bodiless 304 that
 * fetch() hands back as the cached 200.
 */
export function getFragments(
  helperId: string,
  offerId: string,
  range: FragmentsRange,
  signal?: AbortSignal,
): Promise<Fragment[]> {
  return api.get(`/time-slots/helper/${encodeURIComponent(helperId)}/fragments`, {
    query: { offer_id: offerId, from: range.from, to: range.to },
    schema: () => import('#shared/schemas/slots.ts').then((module) => module.FragmentListSchema),
    signal,
  });
}

export const fragmentsQueryOptions = (helperId: string, offerId: string, range: FragmentsRange) =>
  queryOptions({
    queryKey: queryKeys.fragments.inRange(helperId, offerId, range),
    queryFn: ({ signal }) => getFragments(helperId, offerId, range, signal),
    // Someone else may book meanwhile (spec 1 section 7: refetched every 15 s).
    refetchInterval: HELPER_SLOTS_REFETCH_MS,
    // Another month keeps showing the last answer until its own arrives (no skeleton flash).
    placeholderData: keepPreviousData,
  });

export function useFragments(helperId: string | undefined, offerId: string, range: FragmentsRange) {
  return useQuery({ ...fragmentsQueryOptions(helperId ?? '', offerId, range), enabled: Boolean(helperId) });
}
