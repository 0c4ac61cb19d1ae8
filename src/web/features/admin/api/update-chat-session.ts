import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CHAT_SESSION_STATUSES } from '#shared/constants.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type ChatSessionStatus = (typeof CHAT_SESSION_STATUSES)[number];

/**
 * PUT /support/chat/sessions/{id} with a status: active when an admin selects an open session,
 * closed or archived after confirmation (spec 2 section 4).
 */
export function updateChatSessionStatus(input: { sessionId: string; status: ChatSessionStatus }): Promise<void> {
  return api.put(`/support/chat/sessions/${encodeURIComponent(input.sessionId)}`, { status: input.status });
}

export function useUpdateChatSessionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChatSessionStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
