import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrentUserSchema, type CurrentUser, type UpdateMeRequest } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /users/me (display_name, username, bio, email). */
export function updateMe(payload: UpdateMeRequest): Promise<CurrentUser> {
  return api.put('/users/me', payload, { schema: CurrentUserSchema });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
