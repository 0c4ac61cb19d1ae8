import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { allAdminOfferPagesKey, type AdminOfferList } from './get-admin-offers.ts';
import { invalidateAfterOfferWrite } from './update-offer.ts';

/** POST /admin/offers/{id}/toggle: visible ↔ hidden ("Visible" / "Masquée", spec 2 section 4). */
export function toggleAdminOffer(offerId: string): Promise<void> {
  return api.post(`/admin/offers/${encodeURIComponent(offerId)}/toggle`);
}

/** The switch moves at once; a refusal puts the cached pages back as they were. */
export function useToggleAdminOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAdminOffer,
    onMutate: async (offerId) => {
      await queryClient.cancelQueries({ queryKey: allAdminOfferPagesKey });
      const previous = queryClient.getQueriesData<AdminOfferList>({ queryKey: allAdminOfferPagesKey });
      queryClient.setQueriesData<AdminOfferList>({ queryKey: allAdminOfferPagesKey }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((offer) => (offer.id === offerId ? { ...offer, visible: !offer.visible } : offer)),
            }
          : page,
      );
      return { previous };
    },
    onError: (_error, _offerId, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => invalidateAfterOfferWrite(queryClient),
  });
}
