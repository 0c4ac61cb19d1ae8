import { supportPage } from '#shared/messages/support.ts';
import { LiveChatLauncher, type RenderChatReportAction } from '#web/features/live-chat/components/live-chat.tsx';
import { ReportButton } from '#web/features/reports/components/report-dialog.tsx';
import { SupportCentre } from '#web/features/support/components/support-centre.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { faqJsonLd } from '#shared/rules/seo.ts';
import { paths } from '#web/config/paths.ts';
import { staticPage } from '#web/lib/page-load.ts';

/** Server rendering (issue 11 section 2): the FAQ also as a `FAQPage` for search engines. */
export const ssr = staticPage({
  title: supportPage.documentTitle,
  description: seo.support,
  canonicalPath: paths.support.href(),
  jsonLd: [faqJsonLd(supportPage.faq)],
});

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
