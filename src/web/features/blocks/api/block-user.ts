import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /users/{id}/block: 201 on a new block, 200 when it already existed (same body). */
export function blockUser(userId: string) {
  return api.post(`/users/${encodeURIComponent(userId)}/block`, undefined, {
    schema: () => import('#shared/schemas/privacy.ts').then((module) => module.BlockedUserSchema),
  });
}

/** DELETE /users/{id}/block: lifts the caller's own block. */
export function unblockUser(userId: string) {
  return api.delete(`/users/${encodeURIComponent(userId)}/block`);
}

/**
 * A block changes what the caller sees almost everywhere (issue 13 section 2): the list of blocks,
 * search results and offer lists, profiles, and whether a conversation can still be written in.
 */
export async function refreshAfterBlockChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [queryKeys.blocks.all, queryKeys.offers.all, queryKeys.helpers.all, queryKeys.messages.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockUser, onSuccess: () => refreshAfterBlockChange(queryClient) });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockUser, onSuccess: () => refreshAfterBlockChange(queryClient) });
}
