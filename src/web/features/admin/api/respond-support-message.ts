import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /support/messages/{id}/respond: the response is mailed to the person and shown on their /support. */
export function respondSupportMessage(input: { messageId: string; responseText: string }): Promise<void> {
  return api.post(`/support/messages/${encodeURIComponent(input.messageId)}/respond`, {
    response_text: input.responseText.trim(),
  });
}

export function useRespondSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondSupportMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
