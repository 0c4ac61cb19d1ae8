import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SUPPORT_PRIORITIES } from '#shared/constants.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { SupportStatus } from './get-support-messages.ts';

export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

const messagePath = (messageId: string) => `/support/messages/${encodeURIComponent(messageId)}`;

/**
 * PUT /support/messages/{id} with a status: to closed from any open state, to in_progress only from
 * open (spec 2 section 4; the server refuses anything else).
 */
export function updateSupportStatus(input: { messageId: string; status: SupportStatus }): Promise<void> {
  return api.put(messagePath(input.messageId), { status: input.status });
}

export function useUpdateSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** PUT /support/messages/{id} with a priority (issue 12: set on creation, an admin can change it). */
export function updateSupportPriority(input: { messageId: string; priority: SupportPriority }): Promise<void> {
  return api.put(messagePath(input.messageId), { priority: input.priority });
}

export function useUpdateSupportPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportPriority,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
