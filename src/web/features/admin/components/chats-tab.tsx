import { Archive, MessagesSquare, Send, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { adminConsole } from '#shared/messages/admin.ts';
import { chat } from '#shared/messages/chat.ts';
import { common } from '#shared/messages/common.ts';
import type { ChatSession } from '#shared/schemas/chat.ts';
import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { CrisisBanner } from '#web/components/safety/crisis-banner.tsx';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#web/components/ui/alert-dialog.tsx';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useChatSession } from '../api/get-chat-session.ts';
import { useChatSessions, type ChatView } from '../api/get-chat-sessions.ts';
import { useChatStats } from '../api/get-chat-stats.ts';
import { useSendChatReply } from '../api/send-chat-reply.ts';
import { useUpdateChatSessionStatus, type ChatSessionStatus } from '../api/update-chat-session.ts';
import { useFocusWhenLoaded, useRefocusOnChange } from './focus-keeping.ts';
import { BackToList, DetailFallback, DetailTitle, ListDetail, ListRow, QueryList } from './list-detail.tsx';
import { LoadError, QueriesRefreshError } from './load-error.tsx';
import { Segmented } from './segmented.tsx';
import { StatCards } from './stat-cards.tsx';

const statusVariant: Record<ChatSessionStatus, BadgeVariant> = {
  open: 'warning',
  active: 'success',
  closed: 'neutral',
  archived: 'neutral',
};

function StatusBadge({ status }: { status: ChatSessionStatus }) {
  return <Badge variant={statusVariant[status]}>{adminConsole.chatStatus[status] ?? status}</Badge>;
}

/** Who opened the chat: the guest's name, else the member's name as their messages carry it. */
export function sessionPerson(session: ChatSession): string {
  if (session.guest_name) return adminConsole.chatGuest(session.guest_name);
  const own = session.chat_messages.find((message) => message.sender === 'user');
  return own?.sender_name ?? adminConsole.chatMember;
}

/**
 * What an admin may do with a session (spec 2 section 4): an open or active one can be answered,
 * closed definitively or archived; a closed or archived one offers only archive (already done for an
 * archived one), and a closed one has no reply box.
 */
export function sessionActions(status: ChatSessionStatus): { reply: boolean; close: boolean; archive: boolean } {
  const finished = status === 'closed' || status === 'archived';
  return { reply: !finished, close: !finished, archive: status !== 'archived' };
}

function SessionListItem({
  session,
  selected,
  onSelect,
}: {
  session: ChatSession;
  selected: boolean;
  onSelect: () => void;
}) {
  const lastActivity = session.last_message_at ?? session.created_at;
  return (
    <ListRow
      itemId={session.id}
      selected={selected}
      onSelect={onSelect}
      highlight={session.status === 'open' && 'border-amber-500'}
      title={session.subject}
      time={{ dateTime: lastActivity, text: formatMessageTime(lastActivity) }}
      person={sessionPerson(session)}
      badges={<StatusBadge status={session.status} />}
    />
  );
}

function ReplyBox({ sessionId }: { sessionId: string }) {
  const send = useSendChatReply();
  const [text, setText] = useState('');
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || send.isPending) return;
    try {
      await send.mutateAsync({ sessionId, content: text });
      setText('');
      // The send button is disabled while sending and with an empty field: the focus stays in the field.
      fieldRef.current?.focus();
    } catch (failure) {
      toast.error(chat.sendError, { description: errorMessage(failure, chat.sendError) });
    }
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} noValidate>
      <Label htmlFor={`chat-reply-${sessionId}`}>{adminConsole.chatReplyLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Textarea
          ref={fieldRef}
          id={`chat-reply-${sessionId}`}
          rows={2}
          className="flex-1"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button
          type="submit"
          disabled={text.trim() === ''}
          loading={send.isPending}
          loadingLabel={adminConsole.chatSending}
        >
          <Send size={18} aria-hidden="true" />
          {adminConsole.chatSend}
        </Button>
      </div>
    </form>
  );
}

function ConfirmAction({
  label,
  icon,
  title,
  text,
  danger = false,
  disabled = false,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  text: string;
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className={danger ? 'text-danger' : undefined} disabled={disabled}>
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={title}
        description={text}
        cancelLabel={common.cancel}
        confirmLabel={label}
        onConfirm={onConfirm}
        danger={danger}
      />
    </AlertDialog>
  );
}

function Conversation({ sessionId, onBack }: { sessionId: string; onBack: () => void }) {
  const session = useChatSession(sessionId);
  const updateStatus = useUpdateChatSessionStatus();
  const logRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusWhenLoaded(titleRef, session.data !== undefined);
  const refocus = useRefocusOnChange(titleRef, session.data?.status);
  const count = session.data?.chat_messages.length ?? 0;

  // The newest message stays in view as replies arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  const setStatus = (status: 'closed' | 'archived') => {
    const [done, failed] =
      status === 'closed'
        ? [adminConsole.sessionClosed, chat.closeError]
        : [adminConsole.sessionArchived, chat.archiveError];
    refocus.arm();
    updateStatus.mutate(
      { sessionId, status },
      {
        onSuccess: () => toast.success(done),
        onError: (failure) => {
          refocus.disarm();
          toast.error(failed, { description: errorMessage(failure, failed) });
        },
      },
    );
  };

  if (session.data === undefined) {
    return (
      <DetailFallback query={session} errorText={chat.loadSessionsError} onBack={onBack}>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-48" />
      </DetailFallback>
    );
  }

  const current = session.data;
  const actions = sessionActions(current.status);
  return (
    <Card className="space-y-4" aria-labelledby="chat-detail-title">
      <BackToList onBack={onBack} />
      <div className="space-y-2">
        <DetailTitle id="chat-detail-title" ref={titleRef}>
          {current.subject}
        </DetailTitle>
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <StatusBadge status={current.status} />
          <span className="wrap-anywhere">{sessionPerson(current)}</span>
          {current.guest_email ? <span className="wrap-anywhere">{current.guest_email}</span> : null}
        </div>
      </div>

      <div
        ref={logRef}
        role="log"
        aria-label={current.subject}
        tabIndex={0}
        className="focus-ring max-h-96 min-h-48 space-y-3 overflow-y-auto rounded-xl bg-slate-50 p-3"
      >
        {current.chat_messages.length === 0 ? (
          <p className="text-center text-sm text-ink-muted">{adminConsole.chatNoMessages}</p>
        ) : (
          current.chat_messages.map((message) => (
            <div
              key={message.id}
              className={cn(
                'max-w-[85%] rounded-2xl px-3 py-2',
                message.sender === 'admin' && 'ml-auto bg-accent-soft text-ink',
                message.sender === 'system' && 'mx-auto bg-transparent text-center text-sm text-ink-muted',
                (message.sender === 'user' || message.sender === 'guest') && 'bg-white text-ink shadow-sm',
              )}
            >
              {message.sender === 'system' ? null : (
                <p className="text-sm font-medium text-ink-muted wrap-anywhere">{message.sender_name}</p>
              )}
              <p className="whitespace-pre-wrap wrap-anywhere">{message.content}</p>
              <time
                className="mt-0.5 block text-xs text-ink-muted"
                dateTime={message.created_at}
                title={formatMessageTimeLong(message.created_at)}
              >
                {formatMessageTime(message.created_at)}
              </time>
            </div>
          ))
        )}
      </div>

      {/* Issue 13 section 3: the team reads the crisis numbers too, to pass them on in its reply. */}
      {current.chat_messages.some((message) => message.crisis) ? <CrisisBanner matched /> : null}
      {actions.reply ? (
        <ReplyBox key={current.id} sessionId={current.id} />
      ) : current.status === 'closed' ? (
        <p className="text-sm text-ink-muted">{adminConsole.closedNoReply}</p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {actions.close ? (
          <ConfirmAction
            label={adminConsole.closeSession}
            icon={<XCircle size={18} aria-hidden="true" />}
            title={adminConsole.closeSessionTitle}
            text={adminConsole.closeSessionText}
            danger
            disabled={updateStatus.isPending}
            onConfirm={() => setStatus('closed')}
          />
        ) : null}
        <ConfirmAction
          label={adminConsole.archiveSession}
          icon={<Archive size={18} aria-hidden="true" />}
          title={adminConsole.archiveSessionTitle}
          text={adminConsole.archiveSessionText}
          disabled={!actions.archive || updateStatus.isPending}
          onConfirm={() => setStatus('archived')}
        />
      </div>
    </Card>
  );
}

const views: readonly { value: ChatView; label: string }[] = [
  { value: 'active', label: adminConsole.chatViewActive },
  { value: 'archived', label: adminConsole.chatViewArchived },
];

/**
 * The chats tab (spec 2 section 2): four figures, the active or archived sessions, and the selected
 * conversation with a reply field, close and archive. Selecting an open session takes it (active).
 */
export default function ChatsTab() {
  const stats = useChatStats();
  const [view, setView] = useState<ChatView>('active');
  const [selected, setSelected] = useState<string | null>(null);
  const sessions = useChatSessions(view);
  const assign = useUpdateChatSessionStatus();

  const select = (session: ChatSession) => {
    setSelected(session.id);
    if (session.status === 'open') {
      assign.mutate(
        { sessionId: session.id, status: 'active' },
        {
          onError: (failure) => toast.error(chat.assignError, { description: errorMessage(failure, chat.assignError) }),
        },
      );
    }
  };

  return (
    <div className="space-y-6">
      {/* A refresh that fails keeps the figures and the list already shown, with one alert above them. */}
      <QueriesRefreshError text={chat.loadSessionsError} queries={[stats, sessions]} />
      {stats.isError && stats.data === undefined ? (
        <LoadError text={chat.loadSessionsError} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards
          title={adminConsole.chatStatsTitle}
          count={4}
          items={
            stats.data && [
              { label: adminConsole.chatTotal, value: stats.data.total_sessions },
              { label: adminConsole.chatOpen, value: stats.data.open_sessions, tone: 'alert' },
              { label: adminConsole.chatActive, value: stats.data.active_sessions },
              { label: adminConsole.chatClosed, value: stats.data.closed_sessions },
            ]
          }
        />
      )}

      <ListDetail
        titleId="chat-list-title"
        title={adminConsole.chatListTitle}
        controls={<Segmented label={adminConsole.chatViewLabel} value={view} options={views} onChange={setView} />}
        list={
          <QueryList
            query={sessions}
            skeletonRows={2}
            errorText={chat.loadSessionsError}
            empty={
              <EmptyState
                headingLevel="h3"
                icon={<MessagesSquare size={22} />}
                title={view === 'active' ? adminConsole.chatEmptyActive : adminConsole.chatEmptyArchived}
                description={adminConsole.chatEmptyText}
              />
            }
          >
            {(items) =>
              items.map((session) => (
                <SessionListItem
                  key={session.id}
                  session={session}
                  selected={session.id === selected}
                  onSelect={() => select(session)}
                />
              ))
            }
          </QueryList>
        }
        selected={selected}
        placeholder={adminConsole.chatSelect}
        detail={(id) => <Conversation key={id} sessionId={id} onBack={() => setSelected(null)} />}
      />
    </div>
  );
}
