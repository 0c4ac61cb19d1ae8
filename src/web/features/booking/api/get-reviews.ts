import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { api } from '#web/lib/api-client.ts';

export const reviewsQueryKey = ['reviews'] as const;

/** GET /reviews/?helper_id: a helper's reviews; the bookings tab uses it to know what is reviewed. */
export function getHelperReviews(helperId: string, signal?: AbortSignal): Promise<Review[]> {
  return api.get<Review[]>('/reviews/', { query: { helper_id: helperId, limit: LIST_MAX_LIMIT }, signal });
}

export const helperReviewsQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, { helper_id: helperId }],
    queryFn: ({ signal }) => getHelperReviews(helperId, signal),
  });

export function useHelperReviews(helperId: string, enabled = true) {
  return useQuery({ ...helperReviewsQueryOptions(helperId), enabled });
}
