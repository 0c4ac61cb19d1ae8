import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HelperPayoutStatusSchema } from '#shared/schemas/bookings.ts';
import { api } from '#web/lib/api-client.ts';

export type HelperPayoutStatus = z.infer<typeof HelperPayoutStatusSchema>;

/** GET /payments/helper/{id}/stripe-status: can this helper take card payments? */
export function getHelperPayoutStatus(helperId: string, signal?: AbortSignal): Promise<HelperPayoutStatus> {
  return api.get<HelperPayoutStatus>(`/payments/helper/${encodeURIComponent(helperId)}/stripe-status`, { signal });
}

export const helperPayoutStatusQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: ['payments', 'helper-status', helperId],
    queryFn: ({ signal }) => getHelperPayoutStatus(helperId, signal),
    // A failed check counts as "not enabled" at once (spec 1 section 2): no retries to wait for.
    retry: false,
  });

export function useHelperPayoutStatus(helperId: string | undefined, enabled: boolean) {
  return useQuery({ ...helperPayoutStatusQueryOptions(helperId ?? ''), enabled: enabled && Boolean(helperId) });
}
