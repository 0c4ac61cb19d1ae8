import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountStatusSchema, type AccountStatus } from '#shared/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /payments/account-status: the caller's own payout account (all null/false when there is none). */
export function getAccountStatus(signal?: AbortSignal): Promise<AccountStatus> {
  return api.get('/payments/account-status', { schema: AccountStatusSchema, signal });
}

export const accountStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payments.accountStatus(),
    queryFn: ({ signal }) => getAccountStatus(signal),
  });

export function useAccountStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountStatusQueryOptions(), enabled: options.enabled ?? true });
}
