import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResetPasswordRequestSchema } from '#shared/schemas/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /auth/reset-password {token, new_password}. */
export function resetPassword(payload: z.input<typeof ResetPasswordRequestSchema>): Promise<void> {
  return api.post('/auth/reset-password', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
