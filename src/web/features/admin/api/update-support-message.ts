import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { SupportStatus } from './get-support-messages.ts';

/**
 * PUT /support/messages/{id} with a status: to closed from any open state, to in_progress only from
 * open (spec 2 section 4; the server refuses anything else).
 */
export function updateSupportStatus(input: { messageId: string; status: SupportStatus }): Promise<void> {
  return api.put(`/support/messages/${encodeURIComponent(input.messageId)}`, { status: input.status });
}

export function useUpdateSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
