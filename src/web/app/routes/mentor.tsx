import { useNavigate, useParams } from 'react-router';
import { pageTitles } from '#shared/messages/common.ts';
import { isHelperRole } from '#shared/rules/roles.ts';
import { paths } from '#web/config/paths.ts';
import { BlockButton } from '#web/features/blocks/components/block-button.tsx';
import { offerMessageAction } from '#web/features/messaging/components/send-message-dialog.tsx';
import { useHelper } from '#web/features/offers/api/get-helper.ts';
import { HelperProfile } from '#web/features/offers/components/helper-profile.tsx';
import type { RenderReportAction } from '#web/features/offers/components/report-action.ts';
import { ReportButton } from '#web/features/reports/components/report-dialog.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { helperJsonLd, metaDescription } from '#shared/rules/seo.ts';
import { searchOffersQueryOptions } from '#web/features/offers/api/search-offers.ts';
import { helperQueryOptions } from '#web/features/offers/api/get-helper.ts';
import { helperRatingQueryOptions } from '#web/features/offers/api/get-helper-rating.ts';
import { profileOffersParams } from '#web/features/offers/components/helper-profile.tsx';
import { publicName } from '#shared/rules/format.ts';
import { helperReviewsQueryOptions } from '#web/lib/api/get-helper-reviews.ts';
import { loadQuery, notFoundLoad, pageUrl, type PageLoad } from '#web/lib/page-load.ts';

/**
 * Server rendering (issue 11 section 2): the helper's profile, offers and reviews as a visitor sees
 * them, a `Person` in JSON-LD (rated only once reviewed); anyone who is no helper answers 404.
 */
export const ssr: PageLoad = async (context) => {
  const { queryClient } = context;
  const helperId = context.params.id ?? context.params.userId ?? '';
  const helper = await loadQuery(queryClient, helperQueryOptions(helperId));
  if (!helper || !isHelperRole(helper.role)) return notFoundLoad();
  // Under the address's id, as HelperProfile asks for them: the browser then finds them cached.
  const [rating] = await Promise.all([
    loadQuery(queryClient, helperRatingQueryOptions(helperId)),
    loadQuery(queryClient, helperReviewsQueryOptions(helperId)),
    queryClient.fetchQuery(searchOffersQueryOptions('public', profileOffersParams(helperId))),
  ]);
  const name = publicName(helper);
  const path = paths.mentor.href(helper.id);
  const avatar = helper.avatar_url ?? helper.profile_image_url;
  const image = avatar ? pageUrl(context, avatar) : null;
  return {
    status: 200,
    head: {
      title: pageTitles.mentorNamed(name),
      description: metaDescription(helper.bio ?? '') || seo.helperFallback(name),
      canonicalPath: path,
      ogType: 'profile',
      image,
      jsonLd: [helperJsonLd({ name, bio: helper.bio, image }, pageUrl(context, path), rating)],
    },
  };
};

/** "Signaler" for the profile and its reviews (issue 13 section 1). */
const reportAction: RenderReportAction = (target) => <ReportButton target={target} />;

/** /mentors/{id}, and /profile/{userId} which links point to (spec 1 section 2). */
export default function MentorPage() {
  const params = useParams();
  const helperId = params.id ?? params.userId ?? '';
  // The profile's own query (shared with HelperProfile): the tab names the helper once known.
  const helper = useHelper(helperId).data;
  const name = helper && isHelperRole(helper.role) ? publicName(helper) || null : null;
  useDocumentTitle(name ? pageTitles.mentorNamed(name) : pageTitles.mentor);
  const navigate = useNavigate();
  // Once blocked, the profile is no longer shown to the blocker (404): back to the search.
  const blockAction = (person: { id: string; name: string }) => (
    <BlockButton userId={person.id} name={person.name} onBlocked={() => void navigate(paths.explore.href())} />
  );
  // Keyed by id: moving from one profile to another starts on the offers tab again.
  return (
    <HelperProfile
      key={helperId}
      helperId={helperId}
      renderMessageAction={offerMessageAction}
      renderBlockAction={blockAction}
      renderReportAction={reportAction}
    />
  );
}
