import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingCreate } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /bookings/: a free session, created at once with the status "scheduled". */
export function createBooking(payload: BookingCreate): Promise<Booking> {
  return api.post('/bookings/', payload, {
    schema: () => import('#shared/schemas/bookings.ts').then((module) => module.BookingSchema),
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: (_data, _error, payload) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.offers.private(payload.offer_id) });
    },
  });
}
