import { BlockButton } from '#web/features/blocks/components/block-button.tsx';
import MessagesTab from '#web/features/messaging/components/messages-tab.tsx';
import type { RenderBlockAction } from '#web/features/messaging/components/message-thread.tsx';

/** "Bloquer" / "Débloquer" for the other party of the open conversation (issue 13 section 2). */
const blockAction: RenderBlockAction = (party) => <BlockButton userId={party.id} name={party.name} />;

/**
 * The dashboard's messages tab, composed here because features do not import each other: the
 * messaging feature's tab with the blocks feature's button in the thread header. Once blocked, the
 * conversation comes back `blocked` and the thread shows it without the input.
 */
export default function DashboardMessagesTab() {
  return <MessagesTab renderBlockAction={blockAction} />;
}
