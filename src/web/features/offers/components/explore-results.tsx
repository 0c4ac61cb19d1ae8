import { ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_DEFAULT_PAGE_SIZE } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { explore } from '#shared/messages/offers.ts';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { useSearchOffers } from '../api/search-offers.ts';
import { NO_FILTERS, PAGE_PARAM, searchFiltersFromParams, withFilters } from './explore-filters.tsx';
import { ExploreOfferCard, OfferGridSkeleton, type RenderMessageAction } from './offer-card.tsx';

const gridClasses = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Logged out, booking or messaging sends the visitor home with the login dialog open (spec 1 section 2). */
export function useLoginRequired(): () => void {
  const navigate = useNavigate();
  const dialog = useAuthDialog();
  return () => {
    void navigate(paths.home.href());
    dialog.open('login');
  };
}

/** Results of the search page for the filters in the address. */
export function ExploreResults({ renderMessageAction }: { renderMessageAction?: RenderMessageAction } = {}) {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const onLoginRequired = useLoginRequired();
  // A stored token means a member, even while /users/me is still loading: a user-specific search,
  // and cards whose "Réserver" opens the booking page rather than the login (the token, if refused,
  // is dropped and the cards turn to a visitor's).
  const variant = auth.token !== null ? 'for-user' : 'public';
  const filters = searchFiltersFromParams(params);
  const page = filters.page;
  const search = useSearchOffers(variant, { ...filters, limit: SEARCH_DEFAULT_PAGE_SIZE });

  if (search.isPending) return <OfferGridSkeleton count={6} className={gridClasses} />;

  if (search.isError) {
    return (
      <EmptyState
        title={explore.loadHelpersError}
        action={
          <Button variant="outline" onClick={() => void search.refetch()}>
            {common.retry}
          </Button>
        }
      />
    );
  }

  const { items, total, total_is_estimate: totalIsEstimate, limit } = search.data;
  const pages = Math.max(1, Math.ceil(total / limit));
  const goToPage = (next: number) => {
    setParams(withFilters(params, { [PAGE_PARAM]: next > 1 ? String(next) : null }));
    window.scrollTo({ top: 0 });
  };

  return (
    <div
      className={search.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      aria-busy={search.isFetching}
    >
      {/* The level between the page's h1 and the offer cards' h3 titles (axe heading-order). */}
      <h2 className="sr-only">{explore.resultsHeading}</h2>
      <p className="mb-6 font-medium text-ink" role="status" aria-live="polite">
        {totalIsEstimate ? explore.resultsCountEstimate(total) : explore.resultsCount(total)}
      </p>
      {items.length === 0 ? (
        <EmptyState
          icon={<SearchX size={22} />}
          title={explore.noResultsTitle}
          description={explore.noResultsText}
          action={
            <>
              <Button variant="outline" onClick={() => setParams(withFilters(params, NO_FILTERS))}>
                {explore.clearFilters}
              </Button>
              {auth.isHelper ? <ButtonLink to={paths.createOffer.href()}>{explore.createOffer}</ButtonLink> : null}
            </>
          }
        />
      ) : (
        <ul className={gridClasses}>
          {items.map((offer) => (
            <li key={offer.id}>
              <ExploreOfferCard
                offer={offer}
                loggedIn={auth.token !== null}
                onLoginRequired={onLoginRequired}
                renderMessageAction={renderMessageAction}
              />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={explore.paginationLabel} className="mt-10 flex items-center justify-between gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            <ChevronLeft size={20} aria-hidden="true" />
            <span className="max-sm:sr-only">{explore.previousPage}</span>
          </Button>
          <p className="text-sm text-ink-muted">{explore.pageOf(Math.min(page, pages), pages)}</p>
          <Button variant="outline" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
            <span className="max-sm:sr-only">{explore.nextPage}</span>
            <ChevronRight size={20} aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
