import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSummary } from '#shared/schemas/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /reviews/summary?helper_id: the helper's real average rating and review count (DESIGN.md section 8). */
export function getHelperRating(helperId: string, signal?: AbortSignal): Promise<ReviewSummary> {
  return api.get('/reviews/summary', {
    query: { helper_id: helperId },
    schema: () => import('#shared/schemas/reviews.ts').then((module) => module.ReviewSummarySchema),
    signal,
  });
}

export const helperRatingQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: queryKeys.helpers.rating(helperId),
    queryFn: ({ signal }) => getHelperRating(helperId, signal),
  });

export function useHelperRating(helperId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...helperRatingQueryOptions(helperId), enabled: options.enabled ?? true });
}
