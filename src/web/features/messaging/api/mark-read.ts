import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ConversationReadResponseSchema } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { updateCachedConversation } from './get-conversations.ts';

export type ConversationReadResponse = z.infer<typeof ConversationReadResponseSchema>;

export type MarkReadInput = { conversationId: string; messageId: string };

/** POST /messages/conversations/{id}/read: read up to (and including) this message, kept on the server. */
export function markRead(input: MarkReadInput): Promise<ConversationReadResponse> {
  return api.post(
    `/messages/conversations/${encodeURIComponent(input.conversationId)}/read`,
    { message_id: input.messageId },
    { schema: ConversationReadResponseSchema },
  );
}

/** Marks read, then puts the new count in the cached lists and refreshes the badge's total. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer) => {
      updateCachedConversation(queryClient, answer.conversation_id, (conversation) => ({
        ...conversation,
        unread_count: answer.unread_count,
      }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread() });
    },
  });
}
