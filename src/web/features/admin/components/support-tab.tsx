import { AlertTriangle, CheckCircle2, Clock, Inbox, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { SUPPORT_PRIORITIES } from '#shared/constants.ts';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { support } from '#shared/messages/support.ts';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, type SelectOption } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSupportMessage } from '../api/get-support-message.ts';
import { useSupportMessages, type SupportStatus, type SupportStatusFilter } from '../api/get-support-messages.ts';
import { useSupportStats } from '../api/get-support-stats.ts';
import { useRespondSupportMessage } from '../api/respond-support-message.ts';
import {
  useUpdateSupportPriority,
  useUpdateSupportStatus,
  type SupportPriority,
} from '../api/update-support-message.ts';
import { useFocusWhenLoaded, useRefocusOnChange } from './focus-keeping.ts';
import { BackToList, DetailFallback, DetailTitle, ListDetail, ListRow, QueryList } from './list-detail.tsx';
import { LoadError, QueriesRefreshError } from './load-error.tsx';
import { Segmented } from './segmented.tsx';
import { StatCards } from './stat-cards.tsx';

const statusVariant: Record<SupportStatus, BadgeVariant> = {
  open: 'accent',
  in_progress: 'warning',
  closed: 'neutral',
};

const priorityOptions: readonly SelectOption[] = SUPPORT_PRIORITIES.map((priority) => ({
  value: priority,
  label: adminConsole.supportPriority[priority] ?? priority,
}));

const isPriority = (value: string): value is SupportPriority =>
  (SUPPORT_PRIORITIES as readonly string[]).includes(value);

const isUrgent = (message: Pick<SupportMessage, 'priority'>) => message.priority === 'urgent';

function StatusBadge({ status }: { status: SupportStatus }) {
  return <Badge variant={statusVariant[status]}>{adminConsole.supportStatus[status] ?? status}</Badge>;
}

/** Urgent and high priorities are shown; normal and low are not (nothing to act on sooner). */
function PriorityBadge({ priority }: { priority: SupportMessage['priority'] }) {
  if (priority !== 'urgent' && priority !== 'high') return null;
  const label = adminConsole.supportPriority[priority] ?? priority;
  return (
    <Badge variant={priority === 'urgent' ? 'danger' : 'warning'} aria-label={adminConsole.priorityLabel(label)}>
      {priority === 'urgent' ? <AlertTriangle size={14} aria-hidden="true" /> : null}
      {label}
    </Badge>
  );
}

function MessageListItem({
  message,
  selected,
  onSelect,
}: {
  message: SupportMessage;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ListRow
      itemId={message.id}
      selected={selected}
      onSelect={onSelect}
      highlight={isUrgent(message) && 'border-rose-500 bg-rose-50'}
      title={message.subject}
      time={{ dateTime: message.created_at, text: formatMessageTime(message.created_at) }}
      person={message.user_name}
      badges={
        <>
          <StatusBadge status={message.status} />
          <PriorityBadge priority={message.priority} />
        </>
      }
    />
  );
}

function ReplyForm({ messageId }: { messageId: string }) {
  const respond = useRespondSupportMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(support.responseRequired);
      return;
    }
    try {
      await respond.mutateAsync({ messageId, responseText: text });
      toast.success(support.responseSent);
      setText('');
    } catch (failure) {
      toast.error(support.responseError, { description: errorMessage(failure, support.responseError) });
    }
  };

  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <FormField label={adminConsole.replyLabel} error={error}>
        <Textarea
          rows={4}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
      </FormField>
      <Button type="submit" loading={respond.isPending} loadingLabel={adminConsole.sendingReply}>
        <Send size={18} aria-hidden="true" />
        {adminConsole.sendReply}
      </Button>
    </form>
  );
}

function MessageDetail({ messageId, onBack }: { messageId: string; onBack: () => void }) {
  const detail = useSupportMessage(messageId);
  const updateStatus = useUpdateSupportStatus();
  const updatePriority = useUpdateSupportPriority();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusWhenLoaded(titleRef, detail.data !== undefined);
  const refocus = useRefocusOnChange(titleRef, detail.data?.status);

  const changeStatus = (status: SupportStatus) => {
    refocus.arm();
    updateStatus.mutate(
      { messageId, status },
      {
        onSuccess: () => toast.success(support.statusUpdated),
        onError: (failure) => {
          refocus.disarm();
          toast.error(support.updateError, { description: errorMessage(failure, support.updateError) });
        },
      },
    );
  };

  const changePriority = (value: string) => {
    if (!isPriority(value) || value === detail.data?.priority) return;
    updatePriority.mutate(
      { messageId, priority: value },
      {
        onSuccess: () => toast.success(support.statusUpdated),
        onError: (failure) =>
          toast.error(support.updateError, { description: errorMessage(failure, support.updateError) }),
      },
    );
  };

  if (detail.data === undefined) {
    return (
      <DetailFallback query={detail} errorText={admin.loadError} onBack={onBack}>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-24" />
      </DetailFallback>
    );
  }

  const message = detail.data;
  return (
    <Card className="space-y-5" aria-labelledby="support-detail-title">
      <BackToList onBack={onBack} />
      <div className="space-y-2">
        <DetailTitle id="support-detail-title" ref={titleRef}>
          {message.subject}
        </DetailTitle>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={message.status} />
          <PriorityBadge priority={message.priority} />
        </div>
        <p className="text-sm text-ink-muted wrap-anywhere">
          {adminConsole.supportFrom(message.user_name, message.user_email)} ·{' '}
          <time dateTime={message.created_at}>{formatMessageTimeLong(message.created_at)}</time>
        </p>
      </div>
      {isUrgent(message) ? (
        <p className="flex gap-2 rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900">
          <AlertTriangle size={20} aria-hidden="true" className="shrink-0" />
          {adminConsole.urgentNotice}
        </p>
      ) : null}
      <p className="whitespace-pre-wrap text-ink wrap-anywhere">{message.message}</p>

      <div>
        <h4 className="font-semibold text-ink">{adminConsole.supportResponses}</h4>
        {message.responses.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{adminConsole.supportNoResponse}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {message.responses.map((response) => (
              <li key={response.id} className="rounded-xl bg-slate-100 px-4 py-3">
                <p className="whitespace-pre-wrap text-ink wrap-anywhere">{response.response_text}</p>
                <time className="mt-1 block text-sm text-ink-muted" dateTime={response.created_at}>
                  {formatMessageTimeLong(response.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* Set on creation (urgent when the message names a crisis); an admin can change it (issue 12). */}
      <FormField label={adminConsole.priorityField} className="sm:max-w-xs">
        <Select
          value={updatePriority.isPending ? updatePriority.variables.priority : message.priority}
          onValueChange={changePriority}
          options={priorityOptions}
          disabled={updatePriority.isPending}
        />
      </FormField>

      <div className="flex flex-wrap gap-2">
        {message.status === 'open' ? (
          <Button variant="secondary" disabled={updateStatus.isPending} onClick={() => changeStatus('in_progress')}>
            <Clock size={18} aria-hidden="true" />
            {adminConsole.markInProgress}
          </Button>
        ) : null}
        {message.status !== 'closed' ? (
          <Button variant="outline" disabled={updateStatus.isPending} onClick={() => changeStatus('closed')}>
            <CheckCircle2 size={18} aria-hidden="true" />
            {adminConsole.closeMessage}
          </Button>
        ) : null}
      </div>

      {/* Keyed by message: a draft never carries over to another person's message. */}
      <ReplyForm key={message.id} messageId={message.id} />
    </Card>
  );
}

const filters: readonly { value: SupportStatusFilter; label: string }[] = [
  { value: 'all', label: adminConsole.filterAll },
  { value: 'open', label: adminConsole.supportOpen },
  { value: 'in_progress', label: adminConsole.supportInProgress },
  { value: 'closed', label: adminConsole.supportClosed },
];

/**
 * The support tab (spec 2 section 2): five figures, the messages (urgent ones stand out), and the
 * selected message with its responses, its priority, the in-progress and close actions and the reply form.
 */
export default function SupportTab() {
  const stats = useSupportStats();
  const [status, setStatus] = useState<SupportStatusFilter>('all');
  const [selected, setSelected] = useState<string | null>(null);
  const messages = useSupportMessages(status);

  return (
    <div className="space-y-6">
      {/* A refresh that fails keeps the figures and the list already shown, with one alert above them. */}
      <QueriesRefreshError text={admin.loadError} queries={[stats, messages]} />
      {stats.isError && stats.data === undefined ? (
        <LoadError text={admin.loadError} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards
          title={adminConsole.supportStatsTitle}
          columns={5}
          count={5}
          items={
            stats.data && [
              { label: adminConsole.supportTotal, value: stats.data.total_messages },
              { label: adminConsole.supportOpen, value: stats.data.open_messages },
              { label: adminConsole.supportInProgress, value: stats.data.in_progress_messages },
              { label: adminConsole.supportClosed, value: stats.data.closed_messages },
              { label: adminConsole.supportHighPriority, value: stats.data.high_priority_messages, tone: 'alert' },
            ]
          }
        />
      )}

      <ListDetail
        titleId="support-list-title"
        title={adminConsole.supportListTitle}
        controls={
          <Segmented label={adminConsole.statusFilterLabel} value={status} options={filters} onChange={setStatus} />
        }
        list={
          <QueryList
            query={messages}
            skeletonRows={3}
            errorText={admin.loadError}
            empty={
              <EmptyState
                headingLevel="h3"
                icon={<Inbox size={22} />}
                title={adminConsole.supportEmpty}
                description={adminConsole.supportEmptyText}
              />
            }
          >
            {(items) =>
              items.map((message) => (
                <MessageListItem
                  key={message.id}
                  message={message}
                  selected={message.id === selected}
                  onSelect={() => setSelected(message.id)}
                />
              ))
            }
          </QueryList>
        }
        selected={selected}
        placeholder={adminConsole.supportSelect}
        detail={(id) => <MessageDetail key={id} messageId={id} onBack={() => setSelected(null)} />}
      />
    </div>
  );
}
