import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** POST /auth/forgot-password {email}: the answer is the same whether the address exists or not. */
export function requestPasswordReset(email: string): Promise<void> {
  return api.post('/auth/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
