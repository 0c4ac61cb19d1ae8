import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChatSession } from '#web/lib/api/get-chat-session.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /support/chat/sessions/{id} read by an admin: the session with its messages, oldest first. */
export const chatSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.chatSession(sessionId),
    queryFn: ({ signal }) => getChatSession(sessionId, { signal }),
    ...adminRefresh,
  });

export function useChatSession(sessionId: string | null) {
  return useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
