import { ArrowLeft, Lock } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { blocks } from '#shared/messages/blocks.ts';
import { common } from '#shared/messages/common.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import type { Conversation, Message } from '#shared/schemas/messages.ts';
import { CrisisBanner } from '#web/components/safety/crisis-banner.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useLoadOlderMessages, useThread } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { usePageVisible } from '../realtime/realtime-provider.tsx';
import { otherParty, partyName } from './conversation-display.ts';
import { MessageBubble, PendingBubble, type PendingMessage } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';

/** Within this many pixels of the bottom the reader follows new messages; higher up they read older ones. */
const FOLLOW_THRESHOLD_PX = 48;

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft size={20} aria-hidden="true" />
      {messagesTab.back}
    </Button>
  );
}

/** An unknown or foreign conversation id (spec 2 section 8), with the way back to the list. */
export function ConversationOpenError({ onBack }: { onBack: () => void }) {
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <p role="alert" className="rounded-xl bg-danger-soft p-4 text-danger">
        {messaging.openConversationError}
      </p>
      <BackButton onBack={onBack} />
    </div>
  );
}

export function ThreadSkeleton() {
  return (
    <div role="status" aria-label={common.loading} className="min-h-[400px] space-y-4 rounded-2xl bg-white p-4">
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="ml-auto h-12 w-2/3" />
      <Skeleton className="h-12 w-1/2" />
      <Skeleton className="ml-auto h-12 w-1/3" />
    </div>
  );
}

/** "Chat désactivé" in place of the input (spec 2 sections 2 and 4), with the way to book. */
function ChatDisabledPanel({ offerId }: { offerId: string }) {
  return (
    <div className="border-t border-slate-200 bg-slate-50 p-4" role="note">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <Lock size={20} aria-hidden="true" />
        {messaging.chatDisabled}
      </p>
      <p className="mt-1 text-ink-muted">{messaging.chatDisabledHint}</p>
      <ButtonLink to={paths.book.href(offerId)} size="sm" className="mt-3">
        {messagesTab.bookAction}
      </ButtonLink>
    </div>
  );
}

/**
 * Marks the conversation read up to its newest message while it is open and the page visible, once per
 * new message of the other party (a thread holding only one's own new messages is left alone).
 */
function useMarkThreadRead(conversation: Conversation, messages: readonly Message[] | undefined, userId: string) {
  const markRead = useMarkRead();
  const { mutate } = markRead;
  // The newest message of the other party already covered by a read mark (ours or the server's).
  const marked = useRef<string | null | undefined>(undefined);
  const visible = usePageVisible();

  useEffect(() => {
    if (!messages) return;
    const newestOther = messages.findLast((message) => message.sender_id !== userId);
    if (marked.current === undefined) {
      // On opening: nothing unread on the server means the current state is already marked.
      marked.current = conversation.unread_count === 0 ? (newestOther?.id ?? null) : null;
    }
    const newest = messages.at(-1);
    if (!visible || !newest || !newestOther || newestOther.id === marked.current) return;
    marked.current = newestOther.id;
    mutate({ conversationId: conversation.id, messageId: newest.id });
  }, [messages, visible, userId, conversation.id, conversation.unread_count, mutate]);
}

/**
 * The page's "Bloquer" / "Débloquer" for the other party (issue 13 section 2), placed in the thread's
 * header: passed in by the page, since features do not import each other.
 */
export type RenderBlockAction = (party: { id: string; name: string }) => ReactNode;

/**
 * The open conversation (spec 2 section 2): back button, a header naming the other party and linking
 * to the offer's page, the messages oldest first in a log at least 400 px high that follows new
 * messages unless the reader scrolled up, "load older" at its top, then the input (or the chat
 * disabled panel, or the blocked notice when one of the two blocked the other).
 */
export function MessageThread({
  conversation,
  userId,
  pollMs,
  onBack,
  renderBlockAction,
}: {
  conversation: Conversation;
  userId: string;
  pollMs: number | false;
  onBack: () => void;
  renderBlockAction?: RenderBlockAction;
}) {
  const thread = useThread(conversation.id, { pollMs });
  const loadOlder = useLoadOlderMessages(conversation.id);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const logRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const follow = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const party = otherParty(conversation, userId);
  const name = partyName(party);
  const messages = thread.data?.messages;
  // Issue 13 section 3: a message of either party that speaks of suicide or danger shows the crisis
  // numbers to both, above the input, while it is among the loaded messages (masked ones included).
  const crisis = messages?.some((message) => message.crisis) ?? false;

  useMarkThreadRead(conversation, messages, userId);

  // The list hides on phones when a thread opens: the focus moves to the thread's title.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const newestId = messages?.at(-1)?.id;
  const oldestId = messages?.[0]?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages went in above: keep what the reader was looking at in place.
      log.scrollTop += log.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (follow.current) log.scrollTop = log.scrollHeight;
  }, [newestId, oldestId, pending.length]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    follow.current = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_THRESHOLD_PX;
  };

  const onLoadOlder = () => {
    heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
    loadOlder.mutate(undefined, {
      onError: () => {
        heightBeforeOlder.current = null;
      },
    });
  };

  const addPending = useCallback((message: PendingMessage) => {
    // Sending is a wish to see one's message: follow the bottom again.
    follow.current = true;
    setPending((current) => [...current, message]);
  }, []);
  const removePending = useCallback((tempId: string) => {
    setPending((current) => current.filter((message) => message.tempId !== tempId));
  }, []);

  if (thread.isError && !messages) {
    const refused = isApiError(thread.error) && [403, 404, 422].includes(thread.error.status);
    if (refused) return <ConversationOpenError onBack={onBack} />;
  }

  return (
    <section
      aria-labelledby="thread-title"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      {/* The party block keeps at least 14rem: on a phone it wraps under the back button instead of
          shrinking the name and the offer to an ellipsis. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 p-3">
        <BackButton onBack={onBack} />
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
          <Avatar name={name} src={party.avatar_url} size="sm" />
          <div className="min-w-0 flex-1">
            <h3
              id="thread-title"
              ref={headingRef}
              tabIndex={-1}
              className="truncate font-semibold text-ink outline-none"
            >
              {name}
            </h3>
            <Link
              to={paths.book.href(conversation.offer_id)}
              className="focus-ring block truncate rounded text-sm text-accent-text underline-offset-2 hover:underline"
            >
              {messagesTab.offerLink(conversation.offer.title)}
            </Link>
          </div>
        </div>
        {renderBlockAction ? <div className="shrink-0">{renderBlockAction({ id: party.id, name })}</div> : null}
      </header>

      <div
        ref={logRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={messagesTab.threadLabel(name)}
        tabIndex={0}
        className="focus-ring max-h-[65vh] min-h-[400px] flex-1 space-y-3 overflow-y-auto bg-slate-50 p-4"
      >
        {thread.isPending ? (
          <div role="status" aria-label={common.loading} className="space-y-3">
            <Skeleton className="h-12 w-1/2" />
            <Skeleton className="ml-auto h-12 w-2/3" />
          </div>
        ) : null}
        {thread.isError && !messages ? (
          <div role="alert" className="space-y-3 rounded-xl bg-danger-soft p-4 text-danger">
            <p>{messaging.messagesLoadError}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              {common.retry}
            </Button>
          </div>
        ) : null}
        {thread.data?.hasOlder ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              size="sm"
              onClick={onLoadOlder}
              loading={loadOlder.isPending}
              loadingLabel={messagesTab.loadingOlder}
            >
              {messagesTab.loadOlder}
            </Button>
          </div>
        ) : null}
        {loadOlder.isError ? (
          <p role="alert" className="text-center text-sm text-danger">
            {messaging.messagesLoadError}
          </p>
        ) : null}
        {messages && messages.length === 0 && pending.length === 0 ? (
          <p className="py-8 text-center text-ink-muted">{messagesTab.emptyThread}</p>
        ) : null}
        {messages?.map((message) => (
          <MessageBubble key={message.id} message={message} own={message.sender_id === userId} />
        ))}
        {pending.map((message) => (
          <PendingBubble key={message.tempId} pending={message} />
        ))}
      </div>

      {crisis ? <CrisisBanner matched className="m-3 mb-0" /> : null}
      {conversation.blocked ? (
        <p role="status" className="flex items-center gap-2 border-t border-slate-200 p-4 text-ink-muted">
          <Lock size={18} aria-hidden="true" />
          {blocks.threadBlocked}
        </p>
      ) : conversation.chat_enabled ? (
        <MessageComposer conversationId={conversation.id} onPending={addPending} onSettled={removePending} />
      ) : (
        <ChatDisabledPanel offerId={conversation.offer_id} />
      )}
    </section>
  );
}
