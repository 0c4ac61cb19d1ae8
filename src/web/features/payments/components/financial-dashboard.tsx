import { ChevronLeft, ChevronRight, Download, ExternalLink, Receipt } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FINANCIAL_DASHBOARD_PAGE_SIZE } from '#shared/constants.ts';
import { financialDashboard as t, payoutPanel } from '#shared/messages/payments-web.ts';
import { formatAmount } from '#shared/rules/format.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import type { Ledger, LedgerPaymentStatus } from '#shared/schemas/ledger.ts';
import type { AccountStatus } from '#shared/schemas/payments.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { useLedger } from '../api/get-ledger.ts';
import { useOpenProviderDashboard } from './open-provider-dashboard.ts';

const STATUS_VARIANT: Record<LedgerPaymentStatus, BadgeVariant> = {
  paid: 'success',
  refund_pending: 'warning',
  partially_refunded: 'warning',
  refunded: 'neutral',
};

function LoadError() {
  return (
    <p role="alert" className="rounded-xl bg-danger-soft p-4 text-danger">
      {t.loadError}
    </p>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label={t.paymentsCaption} className="space-y-2">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

/**
 * Below `sm` the table's figures would start off-screen: one card per payment instead, the figures as a
 * definition list. The list and the table are both rendered and CSS shows one (`sm:hidden` here,
 * `hidden sm:block` on the table): display none keeps the other out of the accessibility tree.
 */
function PaymentCards({ items }: { items: Ledger['items'] }) {
  return (
    <ul className="space-y-3 sm:hidden" aria-label={t.paymentsCaption} data-testid="ledger-cards">
      {items.map((item) => (
        <li key={item.payment_id} className="rounded-xl border border-line p-4 text-sm" data-testid="ledger-card">
          <p className="text-ink-muted">{frenchParisDate(item.paid_at)}</p>
          <p className="mt-1 text-ink">{item.seeker_display_name ?? t.someone}</p>
          <p className="mt-1 font-medium break-words text-ink">{item.offer_title}</p>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-ink-muted">{t.colAmount}</dt>
            <dd className="text-right whitespace-nowrap">{formatAmount(item.amount_cents, item.currency)}</dd>
            <dt className="text-ink-muted">{t.colCommission}</dt>
            <dd className="text-right whitespace-nowrap">{formatAmount(item.commission_cents, item.currency)}</dd>
            <dt className="text-ink-muted">{t.colNet}</dt>
            <dd className="text-right font-semibold whitespace-nowrap">
              {formatAmount(item.net_cents, item.currency)}
            </dd>
            {item.refunded_cents > 0 ? (
              <>
                <dt className="text-ink-muted">{t.colRefunded}</dt>
                <dd className="text-right whitespace-nowrap">{formatAmount(item.refunded_cents, item.currency)}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">{t.colStatus}</dt>
            <dd className="text-right">
              <Badge variant={STATUS_VARIANT[item.status]}>{t.paymentStatus[item.status]}</Badge>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The table's header, in the order of the row's cells; figures are right-aligned. */
const TABLE_COLUMNS = [
  { label: t.colDate, numeric: false },
  { label: t.colSeeker, numeric: false },
  { label: t.colOffer, numeric: false },
  { label: t.colAmount, numeric: true },
  { label: t.colCommission, numeric: true },
  { label: t.colNet, numeric: true },
  { label: t.colStatus, numeric: false },
];

/** Payments tab: one row per confirmed payment (date, seeker, offer, amount, commission, net, status). */
function PaymentsTable({ ledger, skip, onPage }: { ledger: Ledger; skip: number; onPage: (skip: number) => void }) {
  if (ledger.total === 0) {
    return (
      <EmptyState
        icon={<Receipt size={22} />}
        title={t.paymentsEmptyTitle}
        description={t.paymentsEmptyText}
        headingLevel="h3"
      />
    );
  }
  const last = Math.min(skip + ledger.items.length, ledger.total);
  return (
    <div className="space-y-3">
      <PaymentCards items={ledger.items} />
      {/* From `sm` up; still scrolls sideways if the card is narrower, focusable so the keyboard can too. */}
      <div
        className="focus-ring hidden overflow-x-auto rounded-xl border border-line sm:block"
        tabIndex={0}
        role="region"
        aria-label={t.paymentsCaption}
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{t.paymentsCaption}</caption>
          <thead className="bg-slate-50 text-ink-muted">
            <tr>
              {TABLE_COLUMNS.map(({ label, numeric }) => (
                <th key={label} scope="col" className={`px-3 py-2 font-medium${numeric ? ' text-right' : ''}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ledger.items.map((item) => (
              <tr key={item.payment_id} className="border-t border-line" data-testid="ledger-row">
                <td className="px-3 py-2 whitespace-nowrap">{frenchParisDate(item.paid_at)}</td>
                <td className="px-3 py-2">{item.seeker_display_name ?? t.someone}</td>
                <td className="px-3 py-2 break-words">{item.offer_title}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {formatAmount(item.amount_cents, item.currency)}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {formatAmount(item.commission_cents, item.currency)}
                </td>
                <td className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                  {formatAmount(item.net_cents, item.currency)}
                </td>
                <td className="px-3 py-2">
                  <Badge variant={STATUS_VARIANT[item.status]}>{t.paymentStatus[item.status]}</Badge>
                  {item.refunded_cents > 0 ? (
                    <span className="mt-1 block text-xs text-ink-muted">
                      {t.refunded(formatAmount(item.refunded_cents, item.currency))}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ledger.total > ledger.limit ? (
        <div className="flex items-center justify-between gap-3 text-sm text-ink-muted">
          <span>{t.pageInfo(skip + 1, last, ledger.total)}</span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={skip === 0}
              onClick={() => onPage(Math.max(0, skip - ledger.limit))}
            >
              <ChevronLeft size={18} aria-hidden="true" />
              {t.previousPage}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={last >= ledger.total}
              onClick={() => onPage(skip + ledger.limit)}
            >
              {t.nextPage}
              <ChevronRight size={18} aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Figure({ label, hint, value }: { label: string; hint: string; value: string }) {
  return (
    <div className="rounded-xl border border-line p-4">
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-ink">{value}</p>
      <p className="mt-1 text-xs text-ink-muted">{hint}</p>
    </div>
  );
}

/** Payouts tab: pending, available and paid out, per currency. */
function Balances({ ledger }: { ledger: Ledger }) {
  if (ledger.balances.length === 0) return <p className="text-ink-muted">{t.balancesEmpty}</p>;
  return (
    <div className="space-y-4">
      {ledger.balances.map((balance) => (
        <section
          key={balance.currency}
          aria-label={t.balanceCurrency(balance.currency)}
          className="grid gap-3 sm:grid-cols-3"
        >
          <Figure
            label={t.balancePending}
            hint={t.balancePendingHint}
            value={formatAmount(balance.pending_cents, balance.currency)}
          />
          <Figure
            label={t.balanceAvailable}
            hint={t.balanceAvailableHint}
            value={formatAmount(balance.available_cents, balance.currency)}
          />
          {/* Until payouts are recorded the figure would be a made-up 0: say where to see them instead. */}
          <Figure
            label={t.balancePaidOut}
            hint={ledger.paid_out_tracked ? t.balancePaidOutHint : t.balancePaidOutUntracked}
            value={ledger.paid_out_tracked ? formatAmount(balance.paid_out_cents, balance.currency) : '—'}
          />
        </section>
      ))}
    </div>
  );
}

function AccountDetails({ status, helperId }: { status: AccountStatus; helperId: string }) {
  const dashboard = useOpenProviderDashboard(helperId);
  const [downloading, setDownloading] = useState(false);
  const year = new Date().getFullYear();
  const yesNo = (value: boolean) => (value ? t.yes : t.no);
  const downloadStatement = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/payments/statements/${year}.pdf`, `releve-appui-${year}.pdf`);
    } catch (failure) {
      toast.error(t.statementError, { description: errorMessage(failure, t.statementError) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="text-ink-muted">{t.accountId}</dt>
        <dd className="font-mono text-sm break-all text-ink">{status.account_id}</dd>
        <dt className="text-ink-muted">{t.detailsSubmitted}</dt>
        <dd className="text-ink">{yesNo(status.details_submitted)}</dd>
        <dt className="text-ink-muted">{t.chargesEnabled}</dt>
        <dd className="text-ink">{yesNo(status.charges_enabled)}</dd>
        <dt className="text-ink-muted">{t.payoutsEnabled}</dt>
        <dd className="text-ink">{yesNo(status.payouts_enabled)}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() => void dashboard.open()}
          loading={dashboard.pending}
          loadingLabel={payoutPanel.openingDashboard}
        >
          <ExternalLink size={18} aria-hidden="true" />
          {payoutPanel.openDashboard}
        </Button>
        <Button
          variant="outline"
          onClick={() => void downloadStatement()}
          loading={downloading}
          loadingLabel={t.statement(year)}
        >
          <Download size={18} aria-hidden="true" />
          {t.statement(year)}
        </Button>
      </div>
    </div>
  );
}

/**
 * The financial dashboard of an active payout account (spec 2 section 2): tabs payments, payouts
 * (balance) and account, computed by the server from our own ledger in both provider modes.
 */
export function FinancialDashboard({ status, helperId }: { status: AccountStatus; helperId: string }) {
  const [skip, setSkip] = useState(0);
  const ledger = useLedger({ skip, limit: FINANCIAL_DASHBOARD_PAGE_SIZE });
  const body = (render: (ledger: Ledger) => ReactNode) => {
    if (ledger.isPending) return <TableSkeleton />;
    if (ledger.isError) return <LoadError />;
    return render(ledger.data);
  };
  return (
    <Card role="region" aria-labelledby="financial-dashboard-title" data-testid="financial-dashboard">
      <CardTitle id="financial-dashboard-title">{t.title}</CardTitle>
      <Tabs defaultValue="payments" className="mt-4">
        <TabsList aria-label={t.title}>
          <TabsTrigger value="payments">{t.tabPayments}</TabsTrigger>
          <TabsTrigger value="payouts">{t.tabPayouts}</TabsTrigger>
          <TabsTrigger value="account">{t.tabAccount}</TabsTrigger>
        </TabsList>
        <TabsContent value="payments">
          {body((data) => (
            <PaymentsTable ledger={data} skip={skip} onPage={setSkip} />
          ))}
        </TabsContent>
        <TabsContent value="payouts">
          {body((data) => (
            <Balances ledger={data} />
          ))}
        </TabsContent>
        <TabsContent value="account">
          <AccountDetails status={status} helperId={helperId} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
