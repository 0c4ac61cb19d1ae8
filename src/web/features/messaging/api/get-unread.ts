import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_STALE_MS } from '#shared/constants.ts';
import type { UnreadSummary } from '#shared/schemas/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { usePollWhileSocketDown } from '../realtime/realtime-provider.tsx';

/**
 * GET /messages/unread: the caller's unread messages and the conversations holding them, counted by
 * the server from its read marks (DESIGN.md section 8), for the header badge and the overview card.
 */
export function getUnread(signal?: AbortSignal): Promise<UnreadSummary> {
  // The header badge is on every page: its schema loads with the request, not with the first paint.
  const schema = () => import('#shared/schemas/messages.ts').then((module) => module.UnreadSummarySchema);
  return api.get('/messages/unread', { schema, signal });
}

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.messages.unread(),
    queryFn: ({ signal }) => getUnread(signal),
    staleTime: UNREAD_STALE_MS,
  });

/** Kept live by the app socket; polled every 8 s only while it is down and the page visible. */
export function useUnread(options: { enabled?: boolean } = {}) {
  const pollMs = usePollWhileSocketDown();
  return useQuery({ ...unreadQueryOptions(), enabled: options.enabled ?? true, refetchInterval: pollMs });
}
