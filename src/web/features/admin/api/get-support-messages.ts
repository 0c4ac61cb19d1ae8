import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT, type SUPPORT_MESSAGE_STATUSES } from '#shared/constants.ts';
import { SupportMessageSchema, type SupportMessage } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

export type SupportStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];
/** The list's filter: one status, or every message. */
export type SupportStatusFilter = SupportStatus | 'all';

const SupportMessageListSchema = z.array(SupportMessageSchema);

/** GET /support/messages (admin): the latest messages, newest first, optionally of one status. */
export function getSupportMessages(status: SupportStatusFilter, signal?: AbortSignal): Promise<SupportMessage[]> {
  return api.get('/support/messages', {
    query: { status: status === 'all' ? undefined : status, limit: LIST_MAX_LIMIT },
    schema: SupportMessageListSchema,
    signal,
  });
}

export const supportMessagesQueryOptions = (status: SupportStatusFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.supportMessages(status),
    queryFn: ({ signal }) => getSupportMessages(status, signal),
    ...adminRefresh,
  });

export function useSupportMessages(status: SupportStatusFilter) {
  return useQuery(supportMessagesQueryOptions(status));
}
