import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDecision } from '#shared/constants.ts';
import { AdminReportSchema, type AdminReport } from '#shared/schemas/reports.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /admin/reports/{id}/decision: dismiss, or act on the target (hide the offer, remove the review
 * or message, suspend the author). Answers the decided report.
 */
export function decideReport(input: {
  reportId: string;
  decision: ReportDecision;
  note?: string;
}): Promise<AdminReport> {
  return api.post(
    `/admin/reports/${encodeURIComponent(input.reportId)}/decision`,
    { decision: input.decision, note: input.note },
    { schema: AdminReportSchema },
  );
}

/**
 * Everything of the console is refreshed: an action closes the other pending reports of the same
 * target, changes the pending figure, and may hide offers (the offers tab) or suspend their author.
 */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: (report) => queryClient.setQueryData(queryKeys.admin.report(report.id), report),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      // A hidden offer or a suspended helper leaves the search and the profiles.
      void queryClient.invalidateQueries({ queryKey: queryKeys.offers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.helpers.all });
    },
  });
}
