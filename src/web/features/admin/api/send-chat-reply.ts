import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatMessageSchema, type ChatMessage, type ChatSession } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /support/chat/sessions/{id}/messages: the admin's reply, trimmed (it reaches the visitor's socket). */
export function sendChatReply(input: { sessionId: string; content: string }): Promise<ChatMessage> {
  return api.post(
    `/support/chat/sessions/${encodeURIComponent(input.sessionId)}/messages`,
    { content: input.content.trim() },
    { schema: ChatMessageSchema },
  );
}

export function useSendChatReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatReply,
    onSuccess: (message, input) => {
      // Shown at once in the open conversation (deduplicated by id), before the refetch below.
      queryClient.setQueryData<ChatSession>(queryKeys.admin.chatSession(input.sessionId), (session) =>
        session && !session.chat_messages.some((existing) => existing.id === message.id)
          ? { ...session, chat_messages: [...session.chat_messages, message] }
          : session,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
