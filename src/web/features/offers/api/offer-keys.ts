import type { SearchQuery } from '#shared/schemas/offers.ts';

/** Query keys of the offers feature: every offer query starts with 'offers', so one invalidation refreshes them all. */
export type SearchParams = Partial<SearchQuery>;
export type SearchVariant = 'public' | 'for-user';

export const offerKeys = {
  all: ['offers'] as const,
  featured: () => ['offers', 'featured'] as const,
  search: (variant: SearchVariant, params: SearchParams) => ['offers', 'search', variant, params] as const,
  private: (offerId: string) => ['offers', 'private', offerId] as const,
  helper: (helperId: string) => ['helpers', helperId] as const,
  helperReviews: (helperId: string) => ['helpers', helperId, 'reviews'] as const,
  payoutStatus: (helperId: string) => ['helpers', helperId, 'payout-status'] as const,
};
