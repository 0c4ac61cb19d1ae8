import { useEffect, useRef } from 'react';
import { liveChat } from '#shared/messages/chat.ts';
import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { cn } from '#web/lib/cn.ts';
import type { ChatItem, PendingChatMessage } from '../use-live-chat.ts';

function Line({ item }: { item: ChatItem }) {
  if (item.kind === 'system') {
    return <li className="mx-auto max-w-sm text-center text-sm text-ink-muted">{item.text}</li>;
  }
  const { message } = item;
  if (message.sender === 'system') {
    return <li className="mx-auto max-w-sm text-center text-sm text-ink-muted">{message.content}</li>;
  }
  const own = message.sender !== 'admin';
  return (
    <li className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
      <span className="mb-0.5 text-sm font-medium text-ink-muted">{own ? liveChat.you : message.sender_name}</span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2',
          own ? 'rounded-br-md bg-accent text-white' : 'rounded-bl-md border border-slate-200 bg-white text-ink',
        )}
      >
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
      </div>
      <time
        dateTime={message.created_at}
        title={formatMessageTimeLong(message.created_at)}
        className="mt-0.5 text-sm text-ink-muted"
      >
        {formatMessageTime(message.created_at)}
      </time>
    </li>
  );
}

/**
 * The conversation, oldest first, kept scrolled to the newest line. New lines are announced politely
 * to screen readers (a log).
 */
export function ChatThread({ items, pending }: { items: ChatItem[]; pending: PendingChatMessage[] }) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [items, pending]);

  const hasMessages = items.some((item) => item.kind === 'message');
  return (
    // A log (announced politely), scrollable with the keyboard; the lines themselves are a list.
    <div
      ref={listRef}
      role="log"
      aria-label={liveChat.threadLabel}
      aria-live="polite"
      tabIndex={0}
      className="focus-ring h-[45dvh] min-h-48 overflow-y-auto rounded-xl bg-slate-50 p-3 sm:h-80"
    >
      <ol className="flex min-h-full flex-col gap-3">
        {items.map((item) => (
          <Line key={item.key} item={item} />
        ))}
        {pending.map((item) => (
          <li key={item.key} className="flex flex-col items-end" aria-busy="true">
            <div className="max-w-[85%] rounded-2xl rounded-br-md bg-accent px-4 py-2 text-white opacity-70">
              <p className="break-words whitespace-pre-wrap">{item.content}</p>
            </div>
            <span className="mt-0.5 text-sm text-ink-muted">{liveChat.sending}</span>
          </li>
        ))}
        {!hasMessages && pending.length === 0 ? (
          <li className="m-auto max-w-xs text-center text-ink-muted">{liveChat.empty}</li>
        ) : null}
      </ol>
    </div>
  );
}
