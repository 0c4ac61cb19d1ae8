import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { LIST_MAX_LIMIT, UNREAD_STALE_MS } from '#shared/constants.ts';
import type { Conversation } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /messages/conversations: the caller's conversations, most recent activity first, each with the
 * other party, the offer title, the last message and the unread count. `search` matches a party's
 * name, the offer title or a message (an empty search lists them all).
 */
export function getConversations(search: string, signal?: AbortSignal): Promise<Conversation[]> {
  return api.get('/messages/conversations', {
    query: { search: search.trim(), limit: LIST_MAX_LIMIT },
    schema: () => import('#shared/schemas/messages.ts').then((module) => module.ConversationListSchema),
    signal,
  });
}

export const conversationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.messages.conversations(search.trim()),
    queryFn: ({ signal }) => getConversations(search, signal),
    staleTime: UNREAD_STALE_MS,
  });

/**
 * GET /messages/conversations/{id}: one conversation as the caller sees it, for a thread opened from
 * a link or a mail whose conversation is not in the cached list (only its first page is loaded).
 */
export function getConversation(conversationId: string, signal?: AbortSignal): Promise<Conversation> {
  return api.get(`/messages/conversations/${encodeURIComponent(conversationId)}`, {
    schema: () => import('#shared/schemas/messages.ts').then((module) => module.ConversationSchema),
    signal,
  });
}

export function useConversation(conversationId: string, options: { enabled: boolean; pollMs?: number | false }) {
  return useQuery({
    queryKey: queryKeys.messages.conversation(conversationId),
    queryFn: ({ signal }) => getConversation(conversationId, signal),
    staleTime: UNREAD_STALE_MS,
    enabled: options.enabled,
    refetchInterval: options.pollMs ?? false,
  });
}

/** `pollMs`: the spec's fallback poll (only while the socket is down), false otherwise. */
export function useConversations(search: string, options: { pollMs?: number | false } = {}) {
  return useQuery({ ...conversationsQueryOptions(search), refetchInterval: options.pollMs ?? false });
}

/** Every cached conversation list, whatever its search (their keys share this prefix). */
export const allConversationListsKey = queryKeys.messages.conversations('').slice(0, 2);

/** Applies `change` to the conversation `conversationId` in every cached list (a read mark, a new count). */
export function updateCachedConversation(
  queryClient: QueryClient,
  conversationId: string,
  change: (conversation: Conversation) => Conversation,
): void {
  queryClient.setQueriesData<Conversation[]>({ queryKey: allConversationListsKey }, (list) =>
    list?.map((conversation) => (conversation.id === conversationId ? change(conversation) : conversation)),
  );
}
