import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PrivateOfferSchema, type OfferUpdateRequest, type PrivateOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /offers/{id}: any subset of the fields (the visibility switch sends only `visible`). */
export function updateOffer({
  offerId,
  payload,
}: {
  offerId: string;
  payload: OfferUpdateRequest;
}): Promise<PrivateOffer> {
  return api.put(`/offers/${encodeURIComponent(offerId)}`, payload, { schema: PrivateOfferSchema });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: (offer) => {
      queryClient.setQueryData(queryKeys.offers.private(offer.id), offer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.offers.all });
    },
  });
}
