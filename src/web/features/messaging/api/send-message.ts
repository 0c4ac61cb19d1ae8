import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { allConversationListsKey } from './get-conversations.ts';
import { appendMessage } from './get-messages.ts';

export type SendMessageInput = { conversationId: string; content: string };

/** POST /messages/conversations/{id}/messages: the content is trimmed (spec 2 section 5). */
export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api.post(
    `/messages/conversations/${encodeURIComponent(input.conversationId)}/messages`,
    { content: input.content.trim() },
    { schema: () => import('#shared/schemas/messages.ts').then((module) => module.MessageSchema) },
  );
}

/**
 * Sends a message. The optimistic copy is the caller's to show (spec 2 section 4); on success the
 * server's copy joins the cached thread (a no-op when the socket delivered it first) and the lists are
 * refreshed (their last message changed).
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, input) => {
      appendMessage(queryClient, input.conversationId, message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: allConversationListsKey });
    },
  });
}
