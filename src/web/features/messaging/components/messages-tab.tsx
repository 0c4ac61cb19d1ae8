import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { messagesTab } from '#shared/messages/messaging.ts';
import { CrisisHelpToggle } from '#web/components/safety/crisis-banner.tsx';
import { DASHBOARD_TABS, type DashboardTab } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { cn } from '#web/lib/cn.ts';
import { useConversation, useConversations } from '../api/get-conversations.ts';
import { usePollWhileSocketDown } from '../realtime/realtime-provider.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationOpenError, MessageThread, ThreadSkeleton, type RenderBlockAction } from './message-thread.tsx';

const isDashboardTab = (value: string | null): value is DashboardTab => DASHBOARD_TABS.some((tab) => tab === value);

/** The open conversation's pane: its thread once the caller's conversations say who and what it is. */
function OpenConversation({
  conversationId,
  userId,
  pollMs,
  onBack,
  renderBlockAction,
}: {
  conversationId: string;
  userId: string;
  pollMs: number | false;
  onBack: () => void;
  renderBlockAction?: RenderBlockAction;
}) {
  // The unsearched list (the one the list pane shows without a search): the thread's header and its
  // chat enablement come from it. A conversation it does not hold (just created, beyond its first page,
  // or opened from a mail's link) is asked for by id; a 404 there is the spec's "cannot open" state.
  const conversations = useConversations('', { pollMs });
  const listed = conversations.data?.find((item) => item.id === conversationId);
  const missing = (conversations.isSuccess || conversations.isError) && !listed;
  const single = useConversation(conversationId, { enabled: missing, pollMs });
  const conversation = listed ?? single.data;

  if (!conversation) {
    return missing && single.isError ? <ConversationOpenError onBack={onBack} /> : <ThreadSkeleton />;
  }
  return (
    <MessageThread
      key={conversation.id}
      conversation={conversation}
      userId={userId}
      pollMs={pollMs}
      onBack={onBack}
      renderBlockAction={renderBlockAction}
    />
  );
}

/**
 * Dashboard tab "Messages" (also reached as tab=conversations; spec 2 section 2): the conversation list
 * and the open conversation side by side; on a phone one pane at a time. `conversation=` in the
 * address opens one; the back button removes it. `renderBlockAction`: the page's "Bloquer" in the
 * open thread's header (issue 13 section 2).
 */
export default function MessagesTab({ renderBlockAction }: { renderBlockAction?: RenderBlockAction } = {}) {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  // The spec's 8 s poll, only while the app socket is down and the page visible (issue 10 section 3).
  const pollMs = usePollWhileSocketDown();
  const listRef = useRef<HTMLDivElement>(null);
  const openId = searchParams.get('conversation');
  // Closing a thread (its back button, or the browser's) removes the focused element with it: the focus
  // goes back to that conversation's row in the list (or the search box if a search hides it), not to
  // the top of the page.
  const previousOpenId = useRef(openId);
  useEffect(() => {
    const closed = previousOpenId.current;
    previousOpenId.current = openId;
    if (!closed || openId) return;
    const list = listRef.current;
    const row = [...(list?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])].find(
      (link) => new URL(link.href, window.location.href).searchParams.get('conversation') === closed,
    );
    (row ?? list?.querySelector<HTMLElement>('input'))?.focus();
  }, [openId]);
  if (!user) return null;

  const requestedTab = searchParams.get('tab');
  const tab: DashboardTab = isDashboardTab(requestedTab) ? requestedTab : 'messages';

  const back = () => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('conversation');
      return next;
    });
  };

  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title" className="sr-only">
        {messagesTab.title}
      </h2>
      {/* The crisis numbers stay one click away from the messages (issue 13 section 3). */}
      <CrisisHelpToggle className="mb-3" />
      {/* grid-cols-1 is minmax(0, 1fr): without it the phone's single implicit column grows to the
          longest unwrapped preview and the page scrolls sideways. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div ref={listRef} className={cn(openId && 'hidden md:block')}>
          <ConversationList userId={user.id} tab={tab} activeId={openId} pollMs={pollMs} />
        </div>
        <div className={cn(!openId && 'hidden md:block')}>
          {openId ? (
            <OpenConversation
              key={openId}
              conversationId={openId}
              userId={user.id}
              pollMs={pollMs}
              onBack={back}
              renderBlockAction={renderBlockAction}
            />
          ) : (
            <div className="flex min-h-[400px] flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-ink-muted">
              <MessagesSquare size={20} aria-hidden="true" />
              <p>{messagesTab.selectConversation}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
