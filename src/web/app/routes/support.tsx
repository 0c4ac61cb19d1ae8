import { supportPage } from '#shared/messages/support.ts';
import { LiveChatLauncher } from '#web/features/live-chat/components/live-chat.tsx';
import { SupportCentre } from '#web/features/support/components/support-centre.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /support (spec 2 section 2). The page composes the support centre with the live chat's launcher:
 * features do not import each other, so the live chat button reaches the support feature from here.
 */
export default function SupportPage() {
  useDocumentTitle(supportPage.documentTitle);
  return <SupportCentre liveChatAction={<LiveChatLauncher />} />;
}
