import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT, type REPORT_STATUSES, type REPORT_TARGET_TYPES } from '#shared/constants.ts';
import { AdminReportListSchema } from '#shared/schemas/reports.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

export type ReportStatusFilter = (typeof REPORT_STATUSES)[number] | 'all';
export type ReportTypeFilter = (typeof REPORT_TARGET_TYPES)[number] | 'all';
export type ReportFilters = { status: ReportStatusFilter; targetType: ReportTypeFilter };

/** GET /admin/reports: pending first, then the newest, optionally of one status and target type. */
export function getAdminReports(filters: ReportFilters, signal?: AbortSignal) {
  return api.get('/admin/reports', {
    query: {
      status: filters.status === 'all' ? undefined : filters.status,
      target_type: filters.targetType === 'all' ? undefined : filters.targetType,
      limit: LIST_MAX_LIMIT,
    },
    schema: AdminReportListSchema,
    signal,
  });
}

export const adminReportsQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: queryKeys.admin.reports(filters),
    queryFn: ({ signal }) => getAdminReports(filters, signal),
    ...adminRefresh,
  });

export function useAdminReports(filters: ReportFilters) {
  return useQuery(adminReportsQueryOptions(filters));
}
