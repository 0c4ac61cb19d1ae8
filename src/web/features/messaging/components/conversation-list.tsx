import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MessagesSquare, Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CONVERSATION_SEARCH_DEBOUNCE_MS, CONVERSATION_SEARCH_MAX_LENGTH } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { unreadBadge } from '#shared/messages/messaging-actions.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { trust } from '#shared/messages/trust.ts';
import type { Conversation, Message } from '#shared/schemas/messages.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths, type DashboardTab } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { conversationsQueryOptions } from '../api/get-conversations.ts';
import { cancellationReason, isCancellation, otherParty, partyName } from './conversation-display.ts';
import { MessageTime } from './message-time.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** `value`, once it has stopped changing for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The last message as one line: masked and cancellation notices read as such, never hidden content. */
function preview(message: Message | null, userId: string): string {
  if (!message) return messagesTab.noMessageYet;
  if (message.removed) return trust.removedMessage;
  if (message.masked) return messaging.maskedForRecipient;
  if (isCancellation(message)) {
    const reason = cancellationReason(message);
    return reason ? `${messagesTab.cancellationNotice} · ${reason}` : messagesTab.cancellationNotice;
  }
  return message.sender_id === userId ? `${messagesTab.you}${message.content}` : message.content;
}

function ConversationRow({
  conversation,
  userId,
  href,
  active,
}: {
  conversation: Conversation;
  userId: string;
  href: string;
  active: boolean;
}) {
  const party = otherParty(conversation, userId);
  const name = partyName(party);
  const unread = conversation.unread_count;
  const previewId = `conversation-preview-${conversation.id}`;
  return (
    <Link
      to={href}
      aria-current={active ? 'true' : undefined}
      aria-label={
        unread > 0
          ? `${messagesTab.openConversation(name, conversation.offer.title)}, ${unreadBadge.label(unread)}`
          : messagesTab.openConversation(name, conversation.offer.title)
      }
      aria-describedby={previewId}
      className={cn(
        'focus-ring flex gap-3 rounded-xl p-3 transition-colors duration-150 hover:bg-slate-50',
        active && 'bg-accent-soft hover:bg-accent-soft',
      )}
    >
      <Avatar name={name} src={party.avatar_url} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-ink', unread > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          {conversation.last_message ? (
            <MessageTime sentAt={conversation.last_message.sent_at} className="shrink-0 text-ink-muted" />
          ) : null}
        </span>
        <span className="block truncate text-sm text-ink-muted">{conversation.offer.title}</span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span
            id={previewId}
            className={cn(
              'truncate text-sm',
              conversation.last_message?.masked || conversation.last_message?.removed
                ? 'text-ink-muted italic'
                : 'text-ink',
              unread > 0 && 'font-semibold',
            )}
          >
            {preview(conversation.last_message, userId)}
          </span>
          <UnreadBadge count={unread} className="shrink-0" />
        </span>
      </span>
    </Link>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label={common.loading} className="space-y-2 p-2">
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex gap-3 p-2">
          <Skeleton className="h-10 w-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The conversation list (spec 2 section 2): a debounced search on names, offer titles and messages,
 * one link per conversation (it sets `conversation=` in the address), unread badges capped at "99+".
 * It scrolls on its own inside a bounded height.
 */
export function ConversationList({
  userId,
  tab,
  activeId,
  pollMs,
}: {
  userId: string;
  /** The `tab` value in the address ("messages" or its alias "conversations"), kept on the links. */
  tab: DashboardTab;
  activeId: string | null;
  pollMs: number | false;
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), CONVERSATION_SEARCH_DEBOUNCE_MS);
  // The previous answer stays on screen while the next search runs: no skeleton flash on each key.
  const query = useQuery({
    ...conversationsQueryOptions(search),
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
  });

  const loadError = query.isError ? (
    <div role="alert" className="space-y-3 rounded-xl bg-danger-soft p-4 text-danger">
      <p>{messaging.conversationsLoadError}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {common.retry}
      </Button>
    </div>
  ) : null;

  let body;
  if (query.isPending) {
    body = <ListSkeleton />;
  } else if (query.data === undefined) {
    body = loadError;
  } else if (query.data.length === 0 && search !== '') {
    body = (
      <EmptyState
        headingLevel="h3"
        icon={<SearchX size={22} />}
        title={messagesTab.noResultTitle}
        description={messagesTab.noResultText}
        action={
          <Button variant="outline" onClick={() => setText('')}>
            {messagesTab.clearSearch}
          </Button>
        }
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        headingLevel="h3"
        icon={<MessagesSquare size={22} />}
        title={messagesTab.emptyTitle}
        description={messagesTab.emptyText}
        action={<ButtonLink to={paths.explore.href()}>{messagesTab.emptyAction}</ButtonLink>}
      />
    );
  } else {
    body = (
      <ul className="space-y-1" aria-busy={query.isPlaceholderData || undefined}>
        {query.data.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              userId={userId}
              href={paths.dashboard.href(tab, conversation.id)}
              active={conversation.id === activeId}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="conversations-title" className="rounded-2xl border border-slate-200 bg-white p-3">
      <h3 id="conversations-title" className="px-1 pb-3 text-lg font-semibold text-ink">
        {messagesTab.listTitle}
      </h3>
      <div role="search" className="relative mb-3">
        <label htmlFor="conversation-search" className="sr-only">
          {messagesTab.searchLabel}
        </label>
        <Search
          size={20}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
        />
        <input
          id="conversation-search"
          type="search"
          value={text}
          maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={messagesTab.searchPlaceholder}
          autoComplete="off"
          className="focus-ring block min-h-11 w-full rounded-xl border border-slate-300 bg-white py-2 pr-3 pl-10 text-base text-ink placeholder:text-slate-500"
        />
      </div>
      <div className="max-h-[60vh] overflow-y-auto md:max-h-[calc(100vh-16rem)]">
        {/* A failed refresh (the server or the network gone a while) keeps what was shown, the error
            above it: the conversations stay readable and open from the cache. */}
        {query.data !== undefined && loadError ? <div className="mb-2">{loadError}</div> : null}
        {body}
      </div>
    </section>
  );
}
