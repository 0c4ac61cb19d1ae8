import { ArrowLeft, ExternalLink, Flag, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type ReportDecision,
} from '#shared/constants.ts';
import { admin } from '#shared/messages/admin.ts';
import { common } from '#shared/messages/common.ts';
import { reportReasonLabels } from '#shared/messages/trust.ts';
import { adminReports } from '#shared/messages/trust-web.ts';
import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { decisionsFor } from '#shared/rules/report-decisions.ts';
import type { AdminReport } from '#shared/schemas/reports.ts';
import { AlertDialog, AlertDialogContent } from '#web/components/ui/alert-dialog.tsx';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { useAdminReport } from '../api/get-admin-report.ts';
import { useAdminReports, type ReportStatusFilter, type ReportTypeFilter } from '../api/get-admin-reports.ts';
import { LoadError, RefreshError } from './load-error.tsx';
import { Segmented } from './segmented.tsx';

type ReportStatus = AdminReport['status'];

const statusVariant: Record<ReportStatus, BadgeVariant> = {
  pending: 'danger',
  reviewed: 'success',
  dismissed: 'neutral',
};

function StatusBadge({ status }: { status: ReportStatus }) {
  return <Badge variant={statusVariant[status]}>{adminReports.status[status] ?? status}</Badge>;
}

/** Fields whose value is a date: shown in Paris time. */
const DATE_FIELDS = new Set(['sent_at', 'created_at', 'decided_at']);

function fieldLabel(key: string): string {
  return adminReports.fieldLabels[key] ?? key;
}

function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return adminReports.emptyValue;
  if (typeof value === 'boolean') return value ? adminReports.yes : adminReports.no;
  if (typeof value === 'string') return DATE_FIELDS.has(key) ? formatMessageTimeLong(value) : value;
  if (typeof value === 'number') return value.toLocaleString('fr-FR');
  return JSON.stringify(value);
}

/** The words that name the content in a list row: its text, title, subject or author. */
function excerpt(report: AdminReport): string | null {
  const snapshot = report.snapshot ?? {};
  for (const key of ['text', 'title', 'subject', 'username', 'author_name']) {
    const value = snapshot[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

type ChatLine = { sender_name?: unknown; text?: unknown; sent_at?: unknown };
const isChatLine = (value: unknown): value is ChatLine => typeof value === 'object' && value !== null;

/** A reported live chat's latest lines, as they were when it was reported. */
function ChatLines({ lines }: { lines: unknown[] }) {
  return (
    <ol className="space-y-2">
      {lines.filter(isChatLine).map((line, index) => (
        <li key={index} className="rounded-xl bg-slate-100 px-3 py-2">
          <p className="text-sm font-medium text-ink">{fieldValue('sender_name', line.sender_name)}</p>
          <p className="whitespace-pre-wrap text-ink wrap-anywhere">{fieldValue('text', line.text)}</p>
          {typeof line.sent_at === 'string' ? (
            <time className="text-sm text-ink-muted" dateTime={line.sent_at}>
              {formatMessageTimeLong(line.sent_at)}
            </time>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A record of the report (snapshot or context) as a list of labelled fields. */
function Fields({ record }: { record: Record<string, unknown> }) {
  const entries = Object.entries(record);
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-sm font-medium text-ink-muted">{fieldLabel(key)}</dt>
          <dd className="min-w-0 whitespace-pre-wrap text-ink wrap-anywhere">
            {Array.isArray(value) ? <ChatLines lines={value} /> : fieldValue(key, value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ContextLinks({ report }: { report: AdminReport }) {
  const context = report.context ?? {};
  const offerId =
    report.target_type === 'offer' ? report.target_id : typeof context.offer_id === 'string' ? context.offer_id : null;
  const profileId =
    report.target_type === 'user' ? report.target_id : typeof context.author_id === 'string' ? context.author_id : null;
  if (!offerId && !profileId) return null;
  const linkClass = 'focus-ring inline-flex items-center gap-1 rounded-lg font-medium text-accent-text underline';
  return (
    <p className="flex flex-wrap gap-4">
      {offerId ? (
        <Link className={linkClass} to={paths.book.href(offerId)}>
          <ExternalLink size={16} aria-hidden="true" />
          {adminReports.viewOffer}
        </Link>
      ) : null}
      {profileId ? (
        <Link className={linkClass} to={paths.mentor.href(profileId)}>
          <ExternalLink size={16} aria-hidden="true" />
          {adminReports.viewProfile}
        </Link>
      ) : null}
    </p>
  );
}

/** The admin's decision: the actions that apply to this kind of content, each confirmed; a note. */
function DecisionPanel({ report }: { report: AdminReport }) {
  const decide = useDecideReport();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<ReportDecision | null>(null);

  const confirm = (decision: ReportDecision) => {
    const text = note.trim();
    decide.mutate(
      { reportId: report.id, decision, note: text === '' ? undefined : text },
      {
        onSuccess: () => toast.success(adminReports.decided, { description: adminReports.decision[decision] }),
        onError: (failure) =>
          toast.error(adminReports.decisionError, { description: errorMessage(failure, adminReports.decisionError) }),
      },
    );
  };

  return (
    <section aria-labelledby="report-decision-title" className="space-y-4 border-t border-line pt-5">
      <h4 id="report-decision-title" className="font-semibold text-ink">
        {adminReports.decisionsTitle}
      </h4>
      <FormField label={adminReports.noteLabel} optionalLabel={adminReports.noteOptional} hint={adminReports.noteHint}>
        <Textarea rows={3} value={note} maxLength={REPORT_NOTE_MAX_LENGTH} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        {decisionsFor(report.target_type).map((decision) => (
          <Button
            key={decision}
            variant={decision === 'dismiss' ? 'outline' : decision === 'suspend_account' ? 'danger' : 'secondary'}
            loading={decide.isPending && decide.variables?.decision === decision}
            loadingLabel={adminReports.deciding}
            disabled={decide.isPending}
            onClick={() => setConfirming(decision)}
          >
            {adminReports.decision[decision]}
          </Button>
        ))}
      </div>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming !== null ? (
          <AlertDialogContent
            title={adminReports.confirmTitle[confirming]}
            description={adminReports.confirmText[confirming]}
            cancelLabel={adminReports.cancel}
            confirmLabel={adminReports.decision[confirming]}
            danger={confirming !== 'dismiss'}
            onConfirm={() => confirm(confirming)}
          />
        ) : null}
      </AlertDialog>
    </section>
  );
}

function DecidedPanel({ report }: { report: AdminReport }) {
  return (
    <section className="space-y-2 border-t border-line pt-5">
      <p className="font-semibold text-ink">
        {report.decision
          ? adminReports.decidedAs(adminReports.decision[report.decision])
          : (adminReports.status[report.status] ?? report.status)}
        {report.decided_at ? (
          <span className="font-normal text-ink-muted">
            {' '}
            <time dateTime={report.decided_at}>{adminReports.decidedOn(formatMessageTimeLong(report.decided_at))}</time>
          </span>
        ) : null}
      </p>
      {report.admin_note ? (
        <div>
          <p className="text-sm font-medium text-ink-muted">{adminReports.adminNote}</p>
          <p className="whitespace-pre-wrap text-ink wrap-anywhere">{report.admin_note}</p>
        </div>
      ) : null}
    </section>
  );
}

function ReportDetail({ reportId, onBack }: { reportId: string; onBack: () => void }) {
  const detail = useAdminReport(reportId);

  const back = (
    <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
      <ArrowLeft size={18} aria-hidden="true" />
      {adminReports.backToList}
    </Button>
  );

  if (detail.isPending) {
    return (
      <Card role="status" className="space-y-3">
        <span className="sr-only">{common.loading}</span>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-24" />
      </Card>
    );
  }
  if (detail.data === undefined) {
    return (
      <div className="space-y-3">
        {back}
        <LoadError text={admin.loadError} onRetry={() => void detail.refetch()} />
      </div>
    );
  }

  const report = detail.data;
  const gone = report.context?.exists === false;
  return (
    <Card className="space-y-5" aria-labelledby="report-detail-title">
      {back}
      {detail.isError ? <RefreshError text={admin.loadError} onRetry={() => void detail.refetch()} /> : null}
      <div className="space-y-2">
        <h3 id="report-detail-title" className="text-xl font-semibold text-ink">
          {adminReports.targetType[report.target_type]} · {reportReasonLabels[report.reason]}
        </h3>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={report.status} />
        </div>
        <p className="text-sm text-ink-muted wrap-anywhere">
          {adminReports.reportedBy(report.reporter?.display_name ?? adminReports.unknownReporter)} ·{' '}
          <time dateTime={report.created_at}>{formatMessageTimeLong(report.created_at)}</time>
        </p>
      </div>

      <div>
        <h4 className="font-semibold text-ink">{adminReports.detailTitle}</h4>
        <p className="mt-1 whitespace-pre-wrap text-ink wrap-anywhere">{report.detail ?? adminReports.noDetail}</p>
      </div>

      <div className="space-y-2">
        <h4 className="font-semibold text-ink">{adminReports.snapshotTitle}</h4>
        {report.snapshot ? (
          <div className="rounded-xl border border-line bg-slate-50 p-4">
            <Fields record={report.snapshot} />
          </div>
        ) : (
          <p className="text-ink-muted">{adminReports.noSnapshot}</p>
        )}
      </div>

      <div className="space-y-2">
        <h4 className="font-semibold text-ink">{adminReports.contextTitle}</h4>
        {gone ? (
          <p className="rounded-xl bg-warning-soft p-3 text-sm text-warning">{adminReports.contentGone}</p>
        ) : null}
        {report.context ? (
          <Fields record={report.context} />
        ) : (
          <p className="text-ink-muted">{adminReports.noContext}</p>
        )}
        <ContextLinks report={report} />
      </div>

      {report.status === 'pending' ? (
        // Keyed by report: a note never carries over to another report.
        <DecisionPanel key={report.id} report={report} />
      ) : (
        <DecidedPanel report={report} />
      )}
    </Card>
  );
}

function ReportListItem({
  report,
  selected,
  onSelect,
}: {
  report: AdminReport;
  selected: boolean;
  onSelect: () => void;
}) {
  const words = excerpt(report);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        className={cn(
          'focus-ring flex w-full flex-col gap-1 rounded-xl border-l-4 px-3 py-3 text-left transition-colors duration-150 hover:bg-slate-50',
          report.status === 'pending' ? 'border-rose-500' : 'border-transparent',
          selected && 'bg-accent-soft hover:bg-accent-soft',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 flex-1 font-medium text-ink">
            {adminReports.targetType[report.target_type]} · {reportReasonLabels[report.reason]}
          </span>
          <time className="shrink-0 text-sm text-ink-muted" dateTime={report.created_at}>
            {formatMessageTime(report.created_at)}
          </time>
        </span>
        {words ? <span className="line-clamp-2 text-sm text-ink-muted wrap-anywhere">{words}</span> : null}
        <span className="flex flex-wrap gap-2">
          <StatusBadge status={report.status} />
        </span>
      </button>
    </li>
  );
}

const statusFilters: readonly { value: ReportStatusFilter; label: string }[] = [
  { value: 'all', label: adminReports.allStatuses },
  ...REPORT_STATUSES.map((status) => ({ value: status, label: adminReports.status[status] ?? status })),
];

const typeFilters: readonly { value: ReportTypeFilter; label: string }[] = [
  { value: 'all', label: adminReports.allTypes },
  ...REPORT_TARGET_TYPES.map((type) => ({ value: type, label: adminReports.targetType[type] })),
];

/** Pending first (the server's order; kept if a page mixes them), each group as the server sent it. */
function pendingFirst(items: readonly AdminReport[]): AdminReport[] {
  return [...items.filter((r) => r.status === 'pending'), ...items.filter((r) => r.status !== 'pending')];
}

/**
 * The reports tab (issue 13 section 1): filters by status and target type, the queue with pending
 * reports first, and the selected report with the reported content as it was, where it is now, and
 * the decisions that apply to it. The dashboard's "Signalements en attente" card opens it.
 */
export default function ReportsTab() {
  const [status, setStatus] = useState<ReportStatusFilter>('all');
  const [targetType, setTargetType] = useState<ReportTypeFilter>('all');
  const [selected, setSelected] = useState<string | null>(null);
  const reports = useAdminReports({ status, targetType });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section
        aria-labelledby="reports-list-title"
        className={cn('min-w-0 space-y-3', selected !== null && 'hidden lg:block')}
      >
        <h3 id="reports-list-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Flag size={20} aria-hidden="true" />
          {adminReports.listTitle}
          {reports.data ? <Badge variant="neutral">{reports.data.total.toLocaleString('fr-FR')}</Badge> : null}
        </h3>
        <div className="flex flex-col gap-2">
          <Segmented
            label={adminReports.statusFilterLabel}
            value={status}
            options={statusFilters}
            onChange={setStatus}
          />
          <Segmented
            label={adminReports.typeFilterLabel}
            value={targetType}
            options={typeFilters}
            onChange={setTargetType}
          />
        </div>
        {reports.isError && reports.data !== undefined ? (
          <RefreshError text={admin.loadError} onRetry={() => void reports.refetch()} />
        ) : null}
        {reports.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">{common.loading}</span>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : reports.data === undefined ? (
          <LoadError text={admin.loadError} onRetry={() => void reports.refetch()} />
        ) : reports.data.items.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={<Inbox size={22} />}
            title={adminReports.empty}
            description={adminReports.emptyText}
          />
        ) : (
          <ul className="space-y-1 rounded-2xl border border-line bg-white p-2 shadow-soft">
            {pendingFirst(reports.data.items).map((report) => (
              <ReportListItem
                key={report.id}
                report={report}
                selected={report.id === selected}
                onSelect={() => setSelected(report.id)}
              />
            ))}
          </ul>
        )}
      </section>
      <div className={cn('min-w-0', selected === null && 'hidden lg:block')}>
        {selected === null ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-ink-muted">
            {adminReports.select}
          </p>
        ) : (
          <ReportDetail key={selected} reportId={selected} onBack={() => setSelected(null)} />
        )}
      </div>
    </div>
  );
}
