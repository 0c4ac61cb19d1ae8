import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailResponseSchema } from '#shared/schemas/auth.ts';
import type { z } from 'zod';
import { api } from '#web/lib/api-client.ts';

const authSchemas = () => import('#shared/schemas/auth.ts');

/** POST /auth/verify-email {token}: what the link proved. */
export function verifyEmail(token: string): Promise<z.infer<typeof VerifyEmailResponseSchema>> {
  return api.post(
    '/auth/verify-email',
    { token },
    { schema: () => authSchemas().then((module) => module.VerifyEmailResponseSchema) },
  );
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
