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

/** "Signaler" for the profile and its reviews (issue 13 section 1). */
const reportAction: RenderReportAction = (target) => <ReportButton target={target} />;

/** /mentors/{id}, and /profile/{userId} which links point to (spec 1 section 2). */
export default function MentorPage() {
  const params = useParams();
  const helperId = params.id ?? params.userId ?? '';
  // The profile's own query (shared with HelperProfile): the tab names the helper once known.
  const helper = useHelper(helperId).data;
  const name = helper && isHelperRole(helper.role) ? helper.display_name?.trim() || helper.username : null;
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
