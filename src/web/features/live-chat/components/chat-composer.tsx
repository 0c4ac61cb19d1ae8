import { Send } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '#shared/constants.ts';
import { liveChat } from '#shared/messages/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/**
 * The chat input (spec 2 sections 2 and 5): Enter sends, Shift+Enter goes to the line (never in the
 * middle of an IME composition); the text is trimmed and an empty one is not sent.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  disabled,
  busy,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  disabled: boolean;
  busy: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const empty = value.trim() === '';
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // The input appears when a chat starts (the start button is gone): the cursor goes there.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled && !empty) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!disabled && !empty) onSend();
  };

  return (
    <form onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sr-only">
        {liveChat.inputLabel}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={inputRef}
          id={inputId}
          rows={2}
          value={value}
          disabled={disabled}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={liveChat.inputPlaceholder}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11 flex-1"
        />
        <Button
          type="submit"
          disabled={disabled || empty}
          loading={busy}
          aria-label={liveChat.send}
          className="shrink-0"
        >
          <Send size={20} aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-ink-muted">
        {liveChat.inputHint}
      </p>
    </form>
  );
}
