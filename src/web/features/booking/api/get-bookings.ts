import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKINGS_POLL_MS, LIST_MAX_LIMIT } from '#shared/constants.ts';
import { z } from 'zod';
import { BookingSchema, type Booking } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const BookingListSchema = z.array(BookingSchema);

/** GET /bookings/: the user's bookings as seeker and those received as helper, latest start first. */
export function getBookings(signal?: AbortSignal): Promise<Booking[]> {
  return api.get('/bookings/', { query: { limit: LIST_MAX_LIMIT }, schema: BookingListSchema, signal });
}

export const bookingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bookings.list(),
    queryFn: ({ signal }) => getBookings(signal),
    refetchInterval: BOOKINGS_POLL_MS,
  });

export function useBookings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingsQueryOptions(), enabled: options.enabled ?? true });
}
