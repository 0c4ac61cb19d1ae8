import { History } from 'lucide-react';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { adminReports } from '#shared/messages/trust-web.ts';
import type { AdminAuditEntry } from '#shared/schemas/admin.ts';
import { formatMessageTime, formatMessageTimeLong } from '#shared/rules/message-time.ts';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { useAdminOverview } from '../api/get-admin-overview.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { LoadError, QueriesRefreshError } from './load-error.tsx';
import { StatCards } from './stat-cards.tsx';

function actionLabel(action: string): string {
  return adminConsole.auditActions[action] ?? action;
}

function AuditEntry({ entry }: { entry: AdminAuditEntry }) {
  return (
    <li className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <span className="min-w-0 text-ink wrap-anywhere">
        {actionLabel(entry.action)}{' '}
        <span className="text-ink-muted">
          {adminConsole.auditBy(entry.admin_name ?? adminConsole.auditUnknownAdmin)}
        </span>
      </span>
      <time
        className="shrink-0 text-sm text-ink-muted"
        dateTime={entry.created_at}
        title={formatMessageTimeLong(entry.created_at)}
      >
        {formatMessageTime(entry.created_at)}
      </time>
    </li>
  );
}

/** The dashboard tab: the key figures, the support overview and the latest admin actions (spec 2 section 2). */
export default function DashboardTab() {
  const stats = useAdminStats();
  const overview = useAdminOverview();

  const statsMissing = stats.isError && stats.data === undefined;
  const overviewMissing = overview.isError && overview.data === undefined;

  if (statsMissing && overviewMissing) {
    return (
      <LoadError
        text={admin.loadError}
        onRetry={() => {
          void stats.refetch();
          void overview.refetch();
        }}
      />
    );
  }

  const figures = stats.data;
  const support = overview.data?.support;
  return (
    <div className="space-y-6">
      {/* A refresh that fails keeps the figures and actions already shown, with one alert above them. */}
      <QueriesRefreshError text={admin.loadError} queries={[stats, overview]} />
      {statsMissing ? (
        <LoadError text={admin.loadError} onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards
          title={adminConsole.statsTitle}
          count={4}
          items={
            figures && [
              {
                label: adminConsole.totalUsers,
                value: figures.total_users,
                detail: adminConsole.usersDetail(figures.total_helpers, figures.total_helpees),
              },
              {
                label: adminConsole.totalOffers,
                value: figures.total_offers,
                detail: adminConsole.offersDetail(figures.active_offers),
              },
              { label: adminConsole.totalBookings, value: figures.total_bookings },
              {
                label: adminConsole.pendingReports,
                value: figures.pending_reports,
                tone: 'alert',
                link: { to: paths.admin.href('reports'), label: adminReports.openQueue },
              },
            ]
          }
        />
      )}

      {overviewMissing ? (
        <LoadError text={admin.loadError} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <Card>
            <CardTitle>{adminConsole.supportOverviewTitle}</CardTitle>
            <StatCards
              className="mt-4"
              columns={3}
              title={adminConsole.supportOverviewTitle}
              count={3}
              items={
                support && [
                  { label: adminConsole.supportOpen, value: support.open },
                  { label: adminConsole.supportInProgress, value: support.in_progress },
                  { label: adminConsole.supportHighPriority, value: support.high_priority, tone: 'alert' },
                ]
              }
            />
          </Card>
          <Card>
            <CardTitle className="flex items-center gap-2">
              <History size={20} aria-hidden="true" />
              {adminConsole.auditTitle}
            </CardTitle>
            {overview.data === undefined ? (
              <div className="mt-4 space-y-3" aria-hidden="true">
                <Skeleton className="h-6" />
                <Skeleton className="h-6" />
                <Skeleton className="h-6" />
              </div>
            ) : overview.data.recent_actions.length === 0 ? (
              <p className="mt-4 text-ink-muted">{adminConsole.auditEmpty}</p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {overview.data.recent_actions.map((entry) => (
                  <AuditEntry key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
