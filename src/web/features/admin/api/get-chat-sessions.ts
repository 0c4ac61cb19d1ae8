import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import { ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** `active`: sessions neither closed nor archived; `archived`: closed and archived (spec 2 section 4). */
export type ChatView = 'active' | 'archived';

const ChatSessionListSchema = z.array(ChatSessionSchema);

/** GET /support/chat/sessions?view= (admin): the sessions of one view, latest activity first. */
export function getChatSessions(view: ChatView, signal?: AbortSignal): Promise<ChatSession[]> {
  return api.get('/support/chat/sessions', {
    query: { view, limit: LIST_MAX_LIMIT },
    schema: ChatSessionListSchema,
    signal,
  });
}

export const chatSessionsQueryOptions = (view: ChatView) =>
  queryOptions({
    queryKey: queryKeys.admin.chatSessions(view),
    queryFn: ({ signal }) => getChatSessions(view, signal),
    ...adminRefresh,
  });

export function useChatSessions(view: ChatView) {
  return useQuery(chatSessionsQueryOptions(view));
}
