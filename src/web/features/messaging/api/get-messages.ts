import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIST_MAX_LIMIT, MESSAGES_PAGE_SIZE } from '#shared/constants.ts';
import type { Message } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The cached thread: the loaded messages, oldest first in (sent_at, id) order, and whether older
 * ones remain on the server. The newest page is refreshed in place; older pages stay once loaded.
 */
export type ThreadData = { messages: Message[]; hasOlder: boolean };

export type MessagePageQuery = { limit?: number; before?: string; after?: string };

/**
 * GET /messages/conversations/{id}/messages: without a cursor the newest page; `before` the page just
 * older than that message; `after` what came after that one (catch-up). Always oldest first.
 */
export function getMessages(
  conversationId: string,
  query: MessagePageQuery = {},
  signal?: AbortSignal,
): Promise<Message[]> {
  return api.get(`/messages/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { limit: query.limit ?? MESSAGES_PAGE_SIZE, before: query.before, after: query.after },
    schema: () => import('#shared/schemas/messages.ts').then((module) => module.MessageListSchema),
    signal,
  });
}

/** (sent_at, id) order, the server's. */
export function compareMessages(a: Message, b: Message): number {
  const byTime = Date.parse(a.sent_at) - Date.parse(b.sent_at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `incoming` merged into `messages`: a message already there is replaced by its newer copy (a reveal
 * after payment changes `visible`), a new one is inserted in order. Never two copies of one id.
 */
export function mergeMessages(messages: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/**
 * The newest page merged with the cache: the cached messages older than the page are kept (loaded with
 * "load older"), the page's range is replaced by the server's copy.
 */
function refreshNewestPage(cached: ThreadData | undefined, page: Message[]): ThreadData {
  const pageIsFull = page.length >= MESSAGES_PAGE_SIZE;
  const first = page[0];
  if (!cached || !first) return { messages: page, hasOlder: pageIsFull };
  const older = cached.messages.filter((message) => compareMessages(message, first) < 0);
  // Without an older cached message, what lies beyond the page is known only from the page itself.
  return { messages: mergeMessages(older, page), hasOlder: older.length > 0 ? cached.hasOlder : pageIsFull };
}

export const threadQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.messages.thread(conversationId),
    queryFn: async ({ signal, client }): Promise<ThreadData> => {
      const page = await getMessages(conversationId, {}, signal);
      return refreshNewestPage(client.getQueryData<ThreadData>(queryKeys.messages.thread(conversationId)), page);
    },
  });

/** `pollMs`: the spec's fallback poll (only while the socket is down), false otherwise. */
export function useThread(conversationId: string, options: { pollMs?: number | false } = {}) {
  return useQuery({ ...threadQueryOptions(conversationId), refetchInterval: options.pollMs ?? false });
}

/**
 * Inserts `message` into the cached thread of `conversationId` if it is not there yet (dedupe by id,
 * (sent_at, id) order kept); a copy already there is replaced. Nothing happens when the thread was
 * never loaded: it will be fetched whole when opened. Used by the app socket's `message.created` and by
 * the send mutation (whichever comes first wins, the other is a no-op).
 */
export function appendMessage(queryClient: QueryClient, conversationId: string, message: Message): void {
  queryClient.setQueryData<ThreadData>(queryKeys.messages.thread(conversationId), (cached) =>
    cached ? { ...cached, messages: mergeMessages(cached.messages, [message]) } : cached,
  );
}

/**
 * Fetches what came after the newest cached message and appends it (after a socket reconnect or a
 * resync, nothing missed, nothing twice). Reads page after page until a short one. A thread never
 * loaded or empty is refetched whole instead.
 */
export async function catchUpThread(queryClient: QueryClient, conversationId: string): Promise<void> {
  const key = queryKeys.messages.thread(conversationId);
  let last = queryClient.getQueryData<ThreadData>(key)?.messages.at(-1);
  if (!last) {
    await queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  for (;;) {
    const page = await getMessages(conversationId, { after: last.id, limit: LIST_MAX_LIMIT });
    if (page.length > 0) {
      queryClient.setQueryData<ThreadData>(key, (cached) =>
        cached ? { ...cached, messages: mergeMessages(cached.messages, page) } : cached,
      );
    }
    const newest = page.at(-1);
    if (page.length < LIST_MAX_LIMIT || !newest) return;
    last = newest;
  }
}

/** "Load older": the page just before the oldest cached message, put in front of the cache. */
export async function loadOlderMessages(queryClient: QueryClient, conversationId: string): Promise<void> {
  const key = queryKeys.messages.thread(conversationId);
  const oldest = queryClient.getQueryData<ThreadData>(key)?.messages[0];
  if (!oldest) return;
  const page = await getMessages(conversationId, { before: oldest.id });
  queryClient.setQueryData<ThreadData>(key, (cached) =>
    cached ? { messages: mergeMessages(cached.messages, page), hasOlder: page.length >= MESSAGES_PAGE_SIZE } : cached,
  );
}

export function useLoadOlderMessages(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => loadOlderMessages(queryClient, conversationId) });
}
