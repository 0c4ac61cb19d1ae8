import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /reviews/?helper_id: the helper's reviews, newest first. The helper page lists them; the
 * bookings tab uses them to know which bookings are already reviewed.
 */
export function getHelperReviews(helperId: string, signal?: AbortSignal): Promise<Review[]> {
  return api.get('/reviews/', {
    query: { helper_id: helperId, limit: LIST_MAX_LIMIT },
    schema: () => import('#shared/schemas/reviews.ts').then((module) => module.ReviewListSchema),
    signal,
  });
}

export const helperReviewsQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: queryKeys.helpers.reviews(helperId),
    queryFn: ({ signal }) => getHelperReviews(helperId, signal),
  });

export function useHelperReviews(helperId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...helperReviewsQueryOptions(helperId), enabled: options.enabled ?? true });
}
