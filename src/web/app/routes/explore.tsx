import { pageTitles } from '#shared/messages/common.ts';
import { explore } from '#shared/messages/offers.ts';
import { ExploreFilters } from '#web/features/offers/components/explore-filters.tsx';
import { offerMessageAction } from '#web/features/messaging/components/send-message-dialog.tsx';
import { ExploreResults } from '#web/features/offers/components/explore-results.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

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
