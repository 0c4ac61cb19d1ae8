import { Ban, EyeOff } from 'lucide-react';
import { use } from 'react';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { trust } from '#shared/messages/trust.ts';
import type { Message } from '#shared/schemas/messages.ts';
import { cn } from '#web/lib/cn.ts';
import { cancellationReason, isCancellation } from './conversation-display.ts';
import { MessageReportContext } from './message-actions.ts';
import { MessageTime } from './message-time.tsx';

/** A message sent from this page and not yet confirmed by the server (spec 2 section 4). */
export type PendingMessage = { tempId: string; content: string };

/** A centred notice: a cancelled booking (with its reason) or a message of ours. */
function Notice({ message }: { message: Message }) {
  const cancellation = isCancellation(message);
  const reason = cancellation ? cancellationReason(message) : message.content;
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-slate-100 px-4 py-3 text-center">
      {cancellation ? (
        <p className="flex items-center justify-center gap-2 font-semibold text-ink">
          <Ban size={20} aria-hidden="true" />
          {messagesTab.cancellationNotice}
        </p>
      ) : null}
      {reason ? (
        <p className="mt-1 text-ink-muted">{cancellation ? messagesTab.cancellationReason(reason) : reason}</p>
      ) : null}
      <MessageTime sentAt={message.sent_at} className="mt-1 block text-ink-muted" />
    </div>
  );
}

/**
 * One message of the thread. Own messages on the right in the role accent, the other party's on the
 * left. A masked message shows only "Message masqué jusqu'au paiement" to its recipient (the server
 * sent no content); its sender reads it with a note saying why (DESIGN.md section 8).
 */
export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const renderReport = use(MessageReportContext);
  if (isCancellation(message) || message.kind === 'system') {
    return <Notice message={message} />;
  }
  const heldBack = own && !message.visible && !message.removed;
  // Removed by moderation (issue 13): both parties see that it was, never an empty bubble.
  const muted = message.masked || message.removed;
  // The other party's messages may be reported (a masked one too: it is often the off-platform offer),
  // not one moderation already removed.
  const reportable = !own && !message.removed && renderReport !== null;
  return (
    <div className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[70%]',
          muted
            ? 'border border-dashed border-slate-300 bg-slate-50 text-ink-muted italic'
            : own
              ? 'rounded-br-md bg-accent text-white'
              : 'rounded-bl-md border border-slate-200 bg-white text-ink',
        )}
      >
        {message.removed ? (
          <p className="flex items-center gap-2">
            <Ban size={20} aria-hidden="true" />
            {trust.removedMessage}
          </p>
        ) : message.masked ? (
          <p className="flex items-center gap-2">
            <EyeOff size={20} aria-hidden="true" />
            {messaging.maskedForRecipient}
          </p>
        ) : (
          <p className="break-words whitespace-pre-wrap">{message.content}</p>
        )}
      </div>
      {heldBack ? (
        <p className="mt-1 max-w-[85%] text-sm text-ink-muted sm:max-w-[70%]">{messaging.maskedForSender}</p>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-x-2">
        <MessageTime sentAt={message.sent_at} className="text-ink-muted" />
        {reportable ? renderReport(message) : null}
      </div>
    </div>
  );
}

/** The optimistic copy of a message being sent: at once, on the right, with a pending look. */
export function PendingBubble({ pending }: { pending: PendingMessage }) {
  return (
    <div className="flex flex-col items-end" aria-busy="true">
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-accent px-4 py-2 text-white opacity-70 sm:max-w-[70%]">
        <p className="break-words whitespace-pre-wrap">{pending.content}</p>
      </div>
      <span className="mt-1 text-sm text-ink-muted">{messagesTab.pending}</span>
    </div>
  );
}
