import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewCreate } from '#shared/schemas/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';
import { reviewsQueryKey } from './get-reviews.ts';

/** POST /reviews: one review per completed booking, by its seeker. */
export function createReview(payload: ReviewCreate): Promise<Review> {
  return api.post<Review>('/reviews', payload);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
