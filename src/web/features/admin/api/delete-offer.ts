import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { invalidateAfterOfferWrite } from './update-offer.ts';

/** DELETE /admin/offers/{id}: the offer leaves the product; its booking history is kept. */
export function deleteAdminOffer(offerId: string): Promise<void> {
  return api.delete(`/admin/offers/${encodeURIComponent(offerId)}`);
}

export function useDeleteAdminOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminOffer,
    onSettled: () => invalidateAfterOfferWrite(queryClient),
  });
}
