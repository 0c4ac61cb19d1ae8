import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /offers/{id}; a 409 names the active bookings that block it (spec 1 section 8). */
export function deleteOffer(offerId: string): Promise<void> {
  return api.delete(`/offers/${encodeURIComponent(offerId)}`);
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  });
}
