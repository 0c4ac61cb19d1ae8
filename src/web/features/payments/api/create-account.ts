import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateAccountResponseSchema, type CreateAccountResponse } from '#shared/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /payments/create-account: creates (or reuses) the helper's payout account. */
export function createAccount(): Promise<CreateAccountResponse> {
  return api.post('/payments/create-account', undefined, { schema: CreateAccountResponseSchema });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments.accountStatus() });
      // The booking page and the offer form read the same flags through the public status.
      void queryClient.invalidateQueries({ queryKey: queryKeys.helpers.all });
    },
  });
}
