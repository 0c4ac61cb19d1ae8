import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountErasureSchema } from '#shared/schemas/privacy.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export type AccountErasure = z.infer<typeof AccountErasureSchema>;

/**
 * DELETE /users/me with the password (issue 13 section 4): 204, every token of the account revoked.
 * `api.delete` sends no body, so the request is written out here.
 */
export async function eraseAccount(input: AccountErasure): Promise<void> {
  await apiRequest('/users/me', { method: 'DELETE', body: input });
}

/** The caller logs out on success: the session is gone on the server, and with it every cached query. */
export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
