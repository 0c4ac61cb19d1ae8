import { useEffect } from 'react';
import { FEATURED_OFFERS_COUNT } from '#shared/constants.ts';
import { featuredOffers } from '#shared/messages/offer-card.ts';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { useFeaturedOffers } from '../api/get-featured-offers.ts';
import { FeaturedOfferCard, OfferGridSkeleton } from './offer-card.tsx';

const gridClasses = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4';

/**
 * Landing page "featured helpers" (spec 1 section 2): up to 8 offers of GET /offers/. A load failure
 * is only logged; the section then disappears rather than alarming a visitor on the home page.
 */
export function FeaturedOffers() {
  const query = useFeaturedOffers();

  useEffect(() => {
    if (query.error) console.error(featuredOffers.loadError, query.error);
  }, [query.error]);

  if (query.isError) return null;

  return (
    <section aria-labelledby="aidants-titre" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <div className="max-w-2xl">
        <h2 id="aidants-titre" className="text-2xl font-semibold text-ink sm:text-3xl">
          {featuredOffers.title}
        </h2>
        <p className="mt-3 text-lg text-slate-700">{featuredOffers.intro}</p>
      </div>
      <div className="mt-10">
        {query.isPending ? (
          <OfferGridSkeleton count={FEATURED_OFFERS_COUNT / 2} className={gridClasses} />
        ) : query.data.length === 0 ? (
          <EmptyState title={featuredOffers.noOffers} />
        ) : (
          <ul className={gridClasses}>
            {query.data.map((offer) => (
              <li key={offer.id}>
                <FeaturedOfferCard offer={offer} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
