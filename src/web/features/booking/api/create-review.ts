import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewSchema, type Review, type ReviewCreate } from '#shared/schemas/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /reviews: one review per completed booking, by its seeker. */
export function createReview(payload: ReviewCreate): Promise<Review> {
  return api.post('/reviews', payload, { schema: ReviewSchema });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review) => {
      // The helper's reviews, rating and the ratings shown on offer cards all change.
      void queryClient.invalidateQueries({ queryKey: queryKeys.helpers.reviews(review.helper_id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.helpers.rating(review.helper_id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.offers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
    },
  });
}
