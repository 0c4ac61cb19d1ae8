import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '#shared/constants.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /users/me/blocks: the people the caller blocked, newest first (never who blocked them). */
export function getBlocks(signal?: AbortSignal): Promise<BlockedUser[]> {
  return api.get('/users/me/blocks', {
    query: { limit: LIST_MAX_LIMIT },
    schema: () => import('#shared/schemas/privacy.ts').then((module) => module.BlockedUserListSchema),
    signal,
  });
}

export const blocksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.blocks.mine(), queryFn: ({ signal }) => getBlocks(signal) });

export function useBlocks(options: { enabled?: boolean } = {}) {
  return useQuery({ ...blocksQueryOptions(), enabled: options.enabled ?? true });
}
