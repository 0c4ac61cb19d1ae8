import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys, type SearchParams, type SearchVariant } from '#web/lib/query-keys.ts';

/**
 * GET /offers/search, or /offers/search-for-user when logged in (spec 1 section 6: user-specific
 * variants; a helper also sees their own hidden offers there).
 */
export function searchOffers(
  variant: SearchVariant,
  params: SearchParams,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const path = variant === 'for-user' ? '/offers/search-for-user' : '/offers/search';
  return api.get(path, {
    query: { ...params },
    schema: () => import('#shared/schemas/offers.ts').then((module) => module.SearchResponseSchema),
    signal,
  });
}

export const searchOffersQueryOptions = (variant: SearchVariant, params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.offers.search(variant, params),
    queryFn: ({ signal }) => searchOffers(variant, params, signal),
    // Keeps the previous page on screen while the next one loads (no blank flash between filters).
    placeholderData: keepPreviousData,
  });

export function useSearchOffers(variant: SearchVariant, params: SearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchOffersQueryOptions(variant, params), enabled: options.enabled ?? true });
}
