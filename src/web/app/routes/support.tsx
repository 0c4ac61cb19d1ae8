import { supportPage } from '#shared/messages/support.ts';
import { LiveChatLauncher, type RenderChatReportAction } from '#web/features/live-chat/components/live-chat.tsx';
import { ReportButton } from '#web/features/reports/components/report-dialog.tsx';
import { SupportCentre } from '#web/features/support/components/support-centre.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /support (spec 2 section 2). The page composes the support centre with the live chat's launcher:
 * features do not import each other, so the live chat button reaches the support feature from here,
 * and the reports feature's "Signaler" reaches the live chat (issue 13 section 1).
 */
const reportChat: RenderChatReportAction = (sessionId) => (
  <ReportButton target={{ type: 'chat_session', id: sessionId }} />
);

export default function SupportPage() {
  useDocumentTitle(supportPage.documentTitle);
  return <SupportCentre liveChatAction={<LiveChatLauncher renderReportAction={reportChat} />} />;
}
