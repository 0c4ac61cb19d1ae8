import { Inbox, MessageSquareReply } from 'lucide-react';
import { supportPage, supportStatusLabels } from '#shared/messages/support.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import type { SupportMessage } from '#shared/schemas/support.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { common } from '#shared/messages/common.ts';
import { useMySupportMessages } from '../api/get-my-support-messages.ts';

const STATUS_VARIANTS: Record<SupportMessage['status'], BadgeVariant> = {
  open: 'accent',
  in_progress: 'warning',
  closed: 'neutral',
};

/** One message and the team's answers below it, like a thread. The priority is the team's, not shown. */
function SupportThread({ message }: { message: SupportMessage }) {
  const titleId = `support-message-${message.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-ink wrap-anywhere">
            {message.subject}
          </h3>
          <p className="text-sm text-ink-muted first-letter:uppercase">
            {supportPage.sentOn(frenchLongParis(message.created_at))}
          </p>
        </div>
        <Badge variant={STATUS_VARIANTS[message.status]}>
          <span className="sr-only">{supportPage.statusLabel} : </span>
          {supportStatusLabels[message.status]}
        </Badge>
      </header>
      <p className="mt-3 whitespace-pre-line text-slate-700 wrap-anywhere">{message.message}</p>
      {message.responses.length > 0 ? (
        <ol className="mt-4 space-y-3 border-l-2 border-accent-soft pl-4">
          {message.responses.map((response) => (
            <li key={response.id} className="rounded-xl bg-accent-soft/60 p-3">
              <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-accent-text">
                <MessageSquareReply size={18} aria-hidden="true" />
                {supportPage.teamAnswer}
                <span className="font-normal text-ink-muted">
                  {supportPage.answeredOn(frenchLongParis(response.created_at))}
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line text-ink wrap-anywhere">{response.response_text}</p>
            </li>
          ))}
        </ol>
      ) : message.status !== 'closed' ? (
        <p className="mt-4 text-sm text-ink-muted">{supportPage.waitingAnswer}</p>
      ) : null}
    </article>
  );
}

/** "Mes messages": what the signed-in user wrote to support and the team's answers (GET /support/my-messages). */
export function MySupportMessages() {
  const query = useMySupportMessages(true);
  return (
    <Card>
      <CardTitle>{supportPage.myMessagesTitle}</CardTitle>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-3" role="status">
            <span className="sr-only">{common.loading}</span>
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="space-y-3 rounded-xl bg-danger-soft p-4 text-danger">
            <p className="font-medium">{supportPage.myMessagesError}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {common.retry}
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={<Inbox size={20} />}
            headingLevel="h3"
            title={supportPage.myMessagesEmptyTitle}
            description={supportPage.myMessagesEmpty}
          />
        ) : (
          <ul className="space-y-4">
            {query.data.map((message) => (
              <li key={message.id}>
                <SupportThread message={message} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
