import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminOfferUpdateSchema } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type AdminOfferUpdate = z.infer<typeof AdminOfferUpdateSchema>;

/**
 * PUT /admin/offers/{id}: title, description, price_cents and duration_minutes (integers). The list is
 * read again afterwards, so the answer itself is not used.
 */
export function updateAdminOffer(input: { offerId: string; changes: AdminOfferUpdate }): Promise<void> {
  return api.put(`/admin/offers/${encodeURIComponent(input.offerId)}`, input.changes);
}

export function useUpdateAdminOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminOffer,
    onSettled: () => invalidateAfterOfferWrite(queryClient),
  });
}

/**
 * After an admin write on an offer: the console's lists and figures, and what the rest of the app
 * caches about offers (search results, the offer page) are read again.
 */
export function invalidateAfterOfferWrite(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
  ]);
}
