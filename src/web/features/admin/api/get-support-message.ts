import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportMessageSchema, type SupportMessage } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

/** GET /support/messages/{id} (admin): one message with its responses. */
export function getSupportMessage(messageId: string, signal?: AbortSignal): Promise<SupportMessage> {
  return api.get(`/support/messages/${encodeURIComponent(messageId)}`, { schema: SupportMessageSchema, signal });
}

export const supportMessageQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.supportMessage(messageId),
    queryFn: ({ signal }) => getSupportMessage(messageId, signal),
    ...adminRefresh,
  });

export function useSupportMessage(messageId: string | null) {
  return useQuery({ ...supportMessageQueryOptions(messageId ?? ''), enabled: messageId !== null });
}
