import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PrivateOfferSchema, type OfferCreateRequest, type PrivateOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /offers/ (helpers only). */
export function createOffer(payload: OfferCreateRequest): Promise<PrivateOffer> {
  return api.post('/offers/', payload, { schema: PrivateOfferSchema });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
