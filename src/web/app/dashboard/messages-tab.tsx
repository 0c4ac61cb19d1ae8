import { BlockButton } from '#web/features/blocks/components/block-button.tsx';
import { MessageReportContext, type RenderMessageReport } from '#web/features/messaging/components/message-actions.ts';
import MessagesTab from '#web/features/messaging/components/messages-tab.tsx';
import type { RenderBlockAction } from '#web/features/messaging/components/message-thread.tsx';
import { ReportButton } from '#web/features/reports/components/report-dialog.tsx';

/** "Bloquer" / "Débloquer" for the other party of the open conversation (issue 13 section 2). */
const blockAction: RenderBlockAction = (party) => <BlockButton userId={party.id} name={party.name} />;

/** "Signaler ce message" under each message of the other party (issue 13 section 1). */
const reportMessage: RenderMessageReport = (message) => (
  <ReportButton target={{ type: 'message', id: message.id }} className="min-h-8 px-2" />
);

/**
 * The dashboard's messages tab, composed here because features do not import each other: the
 * messaging feature's tab with the blocks feature's button in the thread header and the reports
 * feature's "Signaler" on the other party's messages. Once blocked, the conversation comes back
 * `blocked` and the thread shows it without the input.
 */
export default function DashboardMessagesTab() {
  return (
    <MessageReportContext value={reportMessage}>
      <MessagesTab renderBlockAction={blockAction} />
    </MessageReportContext>
  );
}
