import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingCreate } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

/** POST /bookings/: a free session, created at once with the status "scheduled". */
export function createBooking(payload: BookingCreate): Promise<Booking> {
  return api.post<Booking>('/bookings/', payload);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: (_data, _error, payload) => {
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
      void queryClient.invalidateQueries({ queryKey: ['offers', payload.offer_id, 'private'] });
    },
  });
}
