import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateMeResponseSchema, type CurrentUser, type UpdateMeRequest } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';
import { setAuthToken } from '#web/lib/auth-token.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * PUT /users/me (display_name, username, bio, email, new_password with current_password). A change
 * of password revokes every token issued before; the answer's fresh token is stored at once, so this
 * session stays logged in (the old token is now refused). A new e-mail waits for its link
 * (`pending_email`).
 */
export async function updateMe(payload: UpdateMeRequest): Promise<CurrentUser> {
  const { access_token: accessToken, ...user } = await api.put('/users/me', payload, {
    schema: UpdateMeResponseSchema,
  });
  if (accessToken) setAuthToken(accessToken);
  return user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
