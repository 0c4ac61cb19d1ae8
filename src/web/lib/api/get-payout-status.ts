import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HelperPayoutStatusSchema } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type HelperPayoutStatus = z.infer<typeof HelperPayoutStatusSchema>;

/**
 * GET /payments/helper/{id}/stripe-status: can this helper take card payments? The offer form warns
 * before a paid offer the server would refuse; the booking page offers paid durations only then.
 */
export function getPayoutStatus(helperId: string, signal?: AbortSignal): Promise<HelperPayoutStatus> {
  return api.get(`/payments/helper/${encodeURIComponent(helperId)}/stripe-status`, {
    schema: () => import('#shared/schemas/bookings.ts').then((module) => module.HelperPayoutStatusSchema),
    signal,
  });
}

export const payoutStatusQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: queryKeys.helpers.payoutStatus(helperId),
    queryFn: ({ signal }) => getPayoutStatus(helperId, signal),
    // A failed check counts as "not enabled" at once (spec 1 section 2): no retries to wait for.
    retry: false,
  });

export function usePayoutStatus(helperId: string | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...payoutStatusQueryOptions(helperId ?? ''),
    enabled: (options.enabled ?? true) && Boolean(helperId),
  });
}
