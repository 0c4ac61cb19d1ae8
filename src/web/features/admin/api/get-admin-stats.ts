import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminStatsSchema, type AdminStats } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /admin/stats: users (helpers, helpees), offers (active), bookings and pending reports. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get('/admin/stats', { schema: AdminStatsSchema, signal });
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.stats(), queryFn: ({ signal }) => getAdminStats(signal), ...adminRefresh });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
