import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /support/chat/sessions/{id} (admin): the session with its messages, oldest first. */
export function getChatSession(sessionId: string, signal?: AbortSignal): Promise<ChatSession> {
  return api.get(`/support/chat/sessions/${encodeURIComponent(sessionId)}`, { schema: ChatSessionSchema, signal });
}

export const chatSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.chatSession(sessionId),
    queryFn: ({ signal }) => getChatSession(sessionId, signal),
    ...adminRefresh,
  });

export function useChatSession(sessionId: string | null) {
  return useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
