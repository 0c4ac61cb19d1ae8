import { useMutation } from '@tanstack/react-query';
import type { ReportCreate } from '#shared/schemas/reports.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /reports (issue 13 section 1): the reporter is thanked, and never told who else reported. */
export function createReport(input: ReportCreate) {
  return api.post('/reports', input, {
    schema: () => import('#shared/schemas/reports.ts').then((module) => module.ReportCreatedSchema),
  });
}

/** Nothing the reporter sees changes with a report, so nothing is invalidated. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
