import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** POST /auth/reset-password {token, new_password}. */
export function resetPassword(payload: { token: string; new_password: string }): Promise<unknown> {
  return api.post('/auth/reset-password', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
