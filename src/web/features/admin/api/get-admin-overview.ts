import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOverviewSchema, type AdminOverview } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /admin/overview: the support overview (open, in progress, high priority) and the latest admin actions. */
export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.get('/admin/overview', { schema: AdminOverviewSchema, signal });
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.overview(),
    queryFn: ({ signal }) => getAdminOverview(signal),
    ...adminRefresh,
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
