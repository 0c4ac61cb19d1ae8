import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingsQueryKey } from './get-bookings.ts';

/** GET /bookings/{id}: one booking, for its parties. */
export function getBooking(bookingId: string, signal?: AbortSignal): Promise<Booking> {
  return api.get<Booking>(`/bookings/${encodeURIComponent(bookingId)}`, { signal });
}

export const bookingQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'detail', bookingId],
    queryFn: ({ signal }) => getBooking(bookingId, signal),
  });

export function useBooking(bookingId: string | null, enabled = true) {
  return useQuery({ ...bookingQueryOptions(bookingId ?? ''), enabled: enabled && Boolean(bookingId) });
}
