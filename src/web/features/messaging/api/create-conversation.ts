import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { allConversationListsKey } from './get-conversations.ts';

/**
 * POST /messages/conversations?offer_id=: the conversation of the caller and that offer, created or,
 * when it exists already, answered as it is (spec 2 section 4 "A first message creates a conversation").
 */
export function createConversation(offerId: string): Promise<Conversation> {
  return api.post('/messages/conversations', undefined, {
    query: { offer_id: offerId },
    schema: () => import('#shared/schemas/messages.ts').then((module) => module.ConversationSchema),
  });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: allConversationListsKey });
    },
  });
}
