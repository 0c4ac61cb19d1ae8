import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '#web/components/ui/toaster.tsx';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { PendingMessage } from './message-bubble.tsx';

let pendingSequence = 0;

/**
 * The message input (spec 2 sections 4 and 5): Enter sends, Shift+Enter goes to the line; the content
 * is trimmed and the button stays disabled while it is empty. Sending is optimistic: the message is
 * shown at once through `onPending`, replaced by the server's copy on success (the send mutation puts
 * it in the thread's cache, deduplicated by id), removed on failure with the spec's toast, and its
 * text goes back into the input so nothing is lost.
 */
export function MessageComposer({
  conversationId,
  onPending,
  onSettled,
}: {
  conversationId: string;
  onPending: (pending: PendingMessage) => void;
  onSettled: (tempId: string) => void;
}) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const inputId = useId();
  const hintId = useId();
  const counterId = useId();
  const trimmed = text.trim();
  const showCounter = text.length >= MESSAGE_COUNTER_FROM;

  const submit = async () => {
    if (trimmed === '') return;
    pendingSequence += 1;
    const pending: PendingMessage = { tempId: `pending-${pendingSequence}`, content: trimmed };
    onPending(pending);
    setText('');
    try {
      await send.mutateAsync({ conversationId, content: trimmed });
    } catch (error) {
      // A 403 CHAT_DISABLED carries the server's explanation; anything else the spec's toast.
      const chatDisabled = isApiError(error) && error.code === ErrorCode.CHAT_DISABLED;
      toast.error(chatDisabled ? error.message : messaging.sendErrorToast);
      setText((current) => (current.trim() === '' ? trimmed : `${trimmed}\n${current}`));
    } finally {
      onSettled(pending.tempId);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line; never in the middle of an IME composition.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 p-3">
      <label htmlFor={inputId} className="sr-only">
        {messagesTab.inputLabel}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={inputId}
          rows={2}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={messagesTab.inputPlaceholder}
          aria-describedby={showCounter ? `${hintId} ${counterId}` : hintId}
          className="max-h-48 min-h-11 flex-1"
        />
        <Button type="submit" disabled={trimmed === ''} aria-label={messagesTab.send} className="shrink-0">
          <Send size={20} aria-hidden="true" />
          <span className="hidden sm:inline">{messagesTab.send}</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-sm text-ink-muted">
        <p id={hintId} className="hidden sm:block">
          {messagesTab.inputHint}
        </p>
        {showCounter ? (
          <p id={counterId} aria-live="polite" className="ml-auto">
            {messagesTab.counter(text.length, MESSAGE_MAX_LENGTH)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
