import { queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKINGS_POLL_MS, LIST_MAX_LIMIT } from '#shared/constants.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /bookings/: the user's bookings as seeker and those received as helper, latest start first. */
export function getBookings(signal?: AbortSignal): Promise<Booking[]> {
  return api.get('/bookings/', {
    query: { limit: LIST_MAX_LIMIT },
    schema: () => import('#shared/schemas/bookings.ts').then((module) => module.BookingListSchema),
    signal,
  });
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
