import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportStatsSchema, type SupportStats } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /support/stats: total, open, in progress, closed and high-priority messages. */
export function getSupportStats(signal?: AbortSignal): Promise<SupportStats> {
  return api.get('/support/stats', { schema: SupportStatsSchema, signal });
}

export const supportStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.supportStats(),
    queryFn: ({ signal }) => getSupportStats(signal),
    ...adminRefresh,
  });

export function useSupportStats() {
  return useQuery(supportStatsQueryOptions());
}
