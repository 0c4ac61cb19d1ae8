import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import type { z } from 'zod';
import { CancelBookingResponseSchema } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** A cached private offer: its key is queryKeys.offers.private(id). */
const isPrivateOffer = (query: Query) => query.queryKey[1] === queryKeys.offers.private('')[1];

export type CancelBookingResponse = z.infer<typeof CancelBookingResponseSchema>;

/** POST /bookings/{id}/cancel with the required reason; says who was informed. */
export function cancelBooking(input: { bookingId: string; reason: string }): Promise<CancelBookingResponse> {
  return api.post(
    `/bookings/${encodeURIComponent(input.bookingId)}/cancel`,
    { cancellation_reason: input.reason },
    { schema: CancelBookingResponseSchema },
  );
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
      // The time is free again, and the contact information is withheld again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.offers.all,
        predicate: (query) => !isPrivateOffer(query),
      });
      // Marked stale without a refetch: the cancelled card still shows its contact block until the
      // bookings list comes back, and refetching it now would only earn a 403 (a console error).
      void queryClient.invalidateQueries({
        queryKey: queryKeys.offers.all,
        predicate: isPrivateOffer,
        refetchType: 'none',
      });
    },
  });
}
