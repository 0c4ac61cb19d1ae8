import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChatStatsSchema, type ChatStats } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /support/chat/stats: total, open, active and closed sessions. */
export function getChatStats(signal?: AbortSignal): Promise<ChatStats> {
  return api.get('/support/chat/stats', { schema: ChatStatsSchema, signal });
}

export const chatStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.chatStats(),
    queryFn: ({ signal }) => getChatStats(signal),
    ...adminRefresh,
  });

export function useChatStats() {
  return useQuery(chatStatsQueryOptions());
}
