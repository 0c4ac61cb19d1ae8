import { queryOptions, useQuery } from '@tanstack/react-query';
import { HelperPayoutStatusSchema } from '#shared/schemas/bookings.ts';
import type { z } from 'zod';
import { api } from '#web/lib/api-client.ts';
import { offerKeys } from './offer-keys.ts';

export type HelperPayoutStatus = z.infer<typeof HelperPayoutStatusSchema>;

/** GET /payments/helper/{id}/stripe-status: the offer form warns before a paid offer the server would refuse. */
export function getPayoutStatus(helperId: string, signal?: AbortSignal): Promise<HelperPayoutStatus> {
  return api.get(`/payments/helper/${encodeURIComponent(helperId)}/stripe-status`, {
    schema: HelperPayoutStatusSchema,
    signal,
  });
}

export const payoutStatusQueryOptions = (helperId: string) =>
  queryOptions({
    queryKey: offerKeys.payoutStatus(helperId),
    queryFn: ({ signal }) => getPayoutStatus(helperId, signal),
  });

export function usePayoutStatus(helperId: string | undefined) {
  return useQuery({ ...payoutStatusQueryOptions(helperId ?? ''), enabled: Boolean(helperId) });
}
