import { queryOptions, useQuery } from '@tanstack/react-query';
import { BookingSchema, type Booking } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /bookings/{id}: one booking, for its parties. */
export function getBooking(bookingId: string, signal?: AbortSignal): Promise<Booking> {
  return api.get(`/bookings/${encodeURIComponent(bookingId)}`, { schema: BookingSchema, signal });
}

export const bookingQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookings.detail(bookingId),
    queryFn: ({ signal }) => getBooking(bookingId, signal),
  });

export function useBooking(bookingId: string | null, enabled = true) {
  return useQuery({ ...bookingQueryOptions(bookingId ?? ''), enabled: enabled && Boolean(bookingId) });
}
