import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /users/{id}: the public profile (the helper page checks the role). */
export function getHelper(helperId: string, signal?: AbortSignal): Promise<PublicUser> {
  return api.get(`/users/${encodeURIComponent(helperId)}`, {
    schema: () => import('#shared/schemas/users.ts').then((module) => module.PublicUserSchema),
    signal,
  });
}

export const helperQueryOptions = (helperId: string) =>
  queryOptions({ queryKey: queryKeys.helpers.profile(helperId), queryFn: ({ signal }) => getHelper(helperId, signal) });

export function useHelper(helperId: string) {
  return useQuery(helperQueryOptions(helperId));
}
