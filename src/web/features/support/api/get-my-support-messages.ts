import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import { SupportMessageSchema, type SupportMessage } from '#shared/schemas/support.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const MySupportMessagesSchema = z.array(SupportMessageSchema);

/**
 * GET /support/my-messages: the caller's own messages, newest first, each with the team's responses
 * (the latest LIST_MAX_LIMIT: more than anyone writes to support).
 */
export function getMySupportMessages(signal?: AbortSignal): Promise<SupportMessage[]> {
  return api.get('/support/my-messages', { query: { limit: LIST_MAX_LIMIT }, schema: MySupportMessagesSchema, signal });
}

export const mySupportMessagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.support.mine(),
    queryFn: ({ signal }) => getMySupportMessages(signal),
  });

/** Only for a signed-in user (a visitor has no messages and would get 401). */
export function useMySupportMessages(enabled: boolean) {
  return useQuery({ ...mySupportMessagesQueryOptions(), enabled });
}
