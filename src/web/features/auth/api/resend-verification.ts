import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

const commonSchemas = () => import('#shared/schemas/common.ts');

/** POST /auth/verify-email/resend: a new link to the account's address; answers the text to show. */
export async function resendVerification(): Promise<string> {
  const { message } = await api.post('/auth/verify-email/resend', undefined, {
    schema: () => commonSchemas().then((module) => module.MessageResponseSchema),
  });
  return message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
