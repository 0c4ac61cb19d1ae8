import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_OFFERS_PAGE_SIZE } from '#shared/constants.ts';
import { AdminOfferListSchema } from '#shared/schemas/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { adminRefresh } from './refresh.ts';

export type AdminOfferList = z.infer<typeof AdminOfferListSchema>;
export type AdminOffersParams = { search: string; skip: number };

/**
 * GET /admin/offers: one page of offers (hidden ones included, newest first), searched on the server
 * by title or helper name, so the console stays usable with 100 000 offers.
 */
export function getAdminOffers(params: AdminOffersParams, signal?: AbortSignal): Promise<AdminOfferList> {
  return api.get('/admin/offers', {
    query: { search: params.search.trim(), skip: params.skip, limit: ADMIN_OFFERS_PAGE_SIZE },
    schema: AdminOfferListSchema,
    signal,
  });
}

export const adminOffersQueryOptions = (params: AdminOffersParams) =>
  queryOptions({
    queryKey: queryKeys.admin.offers({ search: params.search.trim(), skip: params.skip }),
    queryFn: ({ signal }) => getAdminOffers(params, signal),
    // The page being replaced stays on screen while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
    ...adminRefresh,
  });

export function useAdminOffers(params: AdminOffersParams) {
  return useQuery(adminOffersQueryOptions(params));
}

/** Every cached page of the offers list, whatever its search (their keys share this prefix). */
export const allAdminOfferPagesKey = queryKeys.admin.offers({ search: '', skip: 0 }).slice(0, 2);
