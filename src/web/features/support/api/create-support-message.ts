import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SupportMessageSchema, type SupportMessage, type SupportMessageCreate } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /support/messages (spec 2 section 7): a signed-in user writes to support. */
export function createSupportMessage(payload: SupportMessageCreate): Promise<SupportMessage> {
  return api.post('/support/messages', payload, { schema: SupportMessageSchema });
}

export function useCreateSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportMessage,
    onSuccess: () => {
      // The new message joins "Mes messages".
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.all });
    },
  });
}
