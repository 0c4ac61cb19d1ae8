import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReportSchema, type AdminReport } from '#shared/schemas/reports.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /admin/reports/{id}: one report with the snapshot of the content and its context today. */
export function getAdminReport(reportId: string, signal?: AbortSignal): Promise<AdminReport> {
  return api.get(`/admin/reports/${encodeURIComponent(reportId)}`, { schema: AdminReportSchema, signal });
}

export const adminReportQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.report(reportId),
    queryFn: ({ signal }) => getAdminReport(reportId, signal),
    ...adminRefresh,
  });

export function useAdminReport(reportId: string) {
  return useQuery(adminReportQueryOptions(reportId));
}
