import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, UnreadSummary } from '#shared/schemas/messages.ts';
import type { SocketEvent } from '#shared/schemas/realtime.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { allConversationListsKey, updateCachedConversation } from '../api/get-conversations.ts';
import { appendMessage, catchUpThread } from '../api/get-messages.ts';

/**
 * What each app-socket event does to the TanStack Query cache. The socket is a hint to refresh, except
 * `message.created` (the message as the caller may see it) and `unread` (the caller's figures): those
 * are written into the cache so the thread and the badge move without a request.
 */

const threadPrefix = queryKeys.messages.thread('')[1];

function invalidateListsAndUnread(queryClient: QueryClient): Promise<void> {
  // Threads are excluded: a refetch would drop the older pages loaded with "load older";
  // catchUpThread adds what is missing instead.
  return queryClient.invalidateQueries({
    queryKey: queryKeys.messages.all,
    predicate: (query) => query.queryKey[1] !== threadPrefix,
  });
}

/**
 * The catch-up after a (re)connection or a server resync: the lists, the unread figures and the
 * bookings are fetched again, and each cached thread reads what came after its newest message.
 * appendMessage dedupes by id, so an event that also arrives on the socket is never shown twice.
 */
export async function catchUp(queryClient: QueryClient): Promise<void> {
  const threads = queryClient.getQueryCache().findAll({ queryKey: queryKeys.messages.all });
  const conversationIds = threads
    .filter((query) => query.queryKey[1] === threadPrefix)
    .map((query) => query.queryKey[2])
    .filter((id): id is string => typeof id === 'string');
  await Promise.allSettled([
    invalidateListsAndUnread(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
    // An admin's console may have missed support.activity events meanwhile (nothing cached otherwise).
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    ...conversationIds.map((id) => catchUpThread(queryClient, id)),
  ]);
}

/** The cached unread count of one conversation, from any cached list (null when none holds it). */
function cachedConversationUnread(queryClient: QueryClient, conversationId: string): number | null {
  for (const [, list] of queryClient.getQueriesData<Conversation[]>({ queryKey: allConversationListsKey })) {
    const found = list?.find((conversation) => conversation.id === conversationId);
    if (found) return found.unread_count;
  }
  return null;
}

/**
 * `unread`: the new total goes into the badge at once. The number of conversations with unread
 * messages follows when the list tells how this one changed; otherwise it is fetched again.
 */
function applyUnread(
  queryClient: QueryClient,
  event: Extract<SocketEvent, { type: 'unread' }>,
): Promise<void> | undefined {
  const previous = queryClient.getQueryData<UnreadSummary>(queryKeys.messages.unread());
  const before = cachedConversationUnread(queryClient, event.conversation_id);
  updateCachedConversation(queryClient, event.conversation_id, (conversation) => ({
    ...conversation,
    unread_count: event.conversation_unread,
  }));
  if (!previous || before === null) {
    if (previous)
      queryClient.setQueryData<UnreadSummary>(queryKeys.messages.unread(), { ...previous, total: event.total });
    return queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread() });
  }
  const change = Number(event.conversation_unread > 0) - Number(before > 0);
  queryClient.setQueryData<UnreadSummary>(queryKeys.messages.unread(), {
    total: event.total,
    conversations: Math.max(0, previous.conversations + change),
  });
  return undefined;
}

export async function applySocketEvent(queryClient: QueryClient, event: SocketEvent): Promise<void> {
  switch (event.type) {
    case 'hello': {
      const previous = queryClient.getQueryData<UnreadSummary>(queryKeys.messages.unread());
      if (previous)
        queryClient.setQueryData<UnreadSummary>(queryKeys.messages.unread(), {
          ...previous,
          total: event.unread_total,
        });
      await catchUp(queryClient);
      return;
    }
    case 'resync':
      await catchUp(queryClient);
      return;
    case 'message.created':
      appendMessage(queryClient, event.conversation_id, event.message);
      // The list's order and last message changed (a new conversation may even appear).
      await queryClient.invalidateQueries({ queryKey: allConversationListsKey });
      return;
    case 'unread':
      await applyUnread(queryClient, event);
      return;
    case 'conversation.read':
      await invalidateListsAndUnread(queryClient);
      return;
    case 'conversation.updated':
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.thread(event.conversation_id) }),
        queryClient.invalidateQueries({ queryKey: allConversationListsKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversation('').slice(0, 2) }),
      ]);
      return;
    case 'booking.changed':
      // A booking frees or takes time, and enables or disables a chat (spec 2 section 4).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all }),
        queryClient.invalidateQueries({ queryKey: allConversationListsKey }),
      ]);
      return;
    case 'support.activity':
      // To admins only: a visitor opened or wrote in a live chat, or a session changed status. The
      // console's lists and figures move at once instead of at their next 30 s refresh.
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      return;
  }
}
