import { adminConsole } from '#shared/messages/admin.ts';

/** Spec 2 section 2: "all-messages: label only; no content shown". */
export default function AllMessagesTab() {
  return <h2 className="text-lg font-semibold text-ink">{adminConsole.allMessagesTitle}</h2>;
}
