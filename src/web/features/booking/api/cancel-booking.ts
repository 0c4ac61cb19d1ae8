import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CancelBookingResponseSchema } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

export type CancelBookingResponse = z.infer<typeof CancelBookingResponseSchema>;

/** POST /bookings/{id}/cancel with the required reason; says who was informed. */
export function cancelBooking(input: { bookingId: string; reason: string }): Promise<CancelBookingResponse> {
  return api.post<CancelBookingResponse>(`/bookings/${encodeURIComponent(input.bookingId)}/cancel`, {
    cancellation_reason: input.reason,
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
      // The time is free again, and the contact information is withheld again.
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
      void queryClient.invalidateQueries({
        queryKey: ['offers'],
        predicate: (query) => query.queryKey[2] !== 'private',
      });
      // Marked stale without a refetch: the cancelled card still shows its contact block until the
      // bookings list comes back, and refetching it now would only earn a 403 (a console error).
      void queryClient.invalidateQueries({
        queryKey: ['offers'],
        predicate: (query) => query.queryKey[2] === 'private',
        refetchType: 'none',
      });
    },
  });
}
