import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateMeRequest } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';
import { currentUserQueryKey } from '#web/lib/auth.tsx';

/** PUT /users/me (display_name, username, bio, email). */
export function updateMe(payload: UpdateMeRequest): Promise<CurrentUser> {
  return api.put<CurrentUser>('/users/me', payload);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
