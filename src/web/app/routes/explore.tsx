import { pageTitles } from '#shared/messages/common.ts';
import { explore } from '#shared/messages/offers.ts';
import { ExploreFilters } from '#web/features/offers/components/explore-filters.tsx';
import { offerMessageAction } from '#web/features/messaging/components/send-message-dialog.tsx';
import { ExploreResults } from '#web/features/offers/components/explore-results.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { SEARCH_DEFAULT_PAGE_SIZE } from '#shared/constants.ts';
import { categories } from '#shared/messages/offers.ts';
import { seo } from '#shared/messages/seo.ts';
import { metaDescription } from '#shared/rules/seo.ts';
import { paths } from '#web/config/paths.ts';
import { searchOffersQueryOptions } from '#web/features/offers/api/search-offers.ts';
import { searchFiltersFromParams } from '#web/features/offers/components/explore-filters.tsx';
import type { PageLoad } from '#web/lib/page-load.ts';

/**
 * Server rendering (issue 11 section 2): the results of the address's search and filters, under the
 * key ExploreResults asks for as a visitor. The three addresses share one canonical: /recherche with
 * the category (other filters only narrow the same list). A page of typed search words is never
 * indexed: anyone could otherwise have any text indexed under our address in its description.
 */
export const ssr: PageLoad = async (context) => {
  const filters = searchFiltersFromParams(context.searchParams);
  await context.queryClient.prefetchQuery(
    searchOffersQueryOptions('public', { ...filters, limit: SEARCH_DEFAULT_PAGE_SIZE }),
  );
  const category = filters.category ? categories[filters.category] : null;
  const description = filters.query
    ? seo.exploreQuery(filters.query)
    : category
      ? seo.exploreCategory(category)
      : seo.explore;
  return {
    status: 200,
    head: {
      title: pageTitles.explore,
      description: metaDescription(description),
      canonicalPath: paths.search.href({ category: filters.category }),
      noindex: Boolean(filters.query),
      ogType: 'website',
      jsonLd: [],
    },
  };
};

/** /recherche, /explore and /offres (spec 1 section 2 "Explore / search page"). */
export default function ExplorePage() {
  useDocumentTitle(pageTitles.explore);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold text-ink">{explore.title}</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{explore.intro}</p>
      <div className="mt-8">
        <ExploreFilters />
      </div>
      <div className="mt-8">
        <ExploreResults renderMessageAction={offerMessageAction} />
      </div>
    </div>
  );
}
