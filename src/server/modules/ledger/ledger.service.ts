import { CURRENCIES, DEFAULT_CURRENCY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { documentFileNames, ledgerErrors } from '#shared/messages/ledger.ts';
import { addFigures, paymentFigures, type PaymentFigures } from '#shared/rules/ledger.ts';
import { parisDayStart, utcToParis } from '#shared/rules/paris-time.ts';
import { isAdminRole, isHelperRole } from '#shared/rules/roles.ts';
import type { Ledger, LedgerBalance, LedgerPaymentStatus } from '#shared/schemas/ledger.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { forbidden, notFound } from '../../errors.ts';
import { getBooking } from '../bookings/bookings.service.ts';
import { renderReceipt, renderStatement, type StatementSection } from './ledger-pdf.ts';
import {
  countHelperPayments,
  findUserName,
  helperPaymentAmounts,
  helperPaymentAmountsBetween,
  helperPayoutTotals,
  listHelperPayments,
  succeededPaymentsOfBooking,
  type PaymentAmounts,
  type PayoutTotal,
} from './ledger.repository.ts';

/**
 * The ledger's readers: the financial dashboard (GET /payments/ledger), the payment receipt and the
 * yearly earnings statement. Everything is computed from our own ledger (`payments`), so both
 * provider modes give the same figures; nothing here writes.
 */

export type PdfDocument = { body: Buffer; fileName: string };

/**
 * Whose ledger the caller reads: a helper their own, an admin anyone's (`helper_id`, else their own).
 * A seeker gets 403 (the page is the helpers'); someone else's ledger, or an unknown id, the same 404.
 */
async function ledgerOwner(ctx: AppContext, user: UserRow, helperId: string | undefined): Promise<string> {
  const admin = isAdminRole(user.role);
  if (!admin && !isHelperRole(user.role)) throw forbidden(ErrorCode.HELPER_ROLE_REQUIRED, ledgerErrors.helperRequired);
  if (!helperId || helperId === user.id) return user.id;
  if (!admin || !(await findUserName(ctx.db, helperId))) throw notFound(ErrorCode.NOT_FOUND, ledgerErrors.notFound);
  return helperId;
}

function ledgerStatus(figures: PaymentFigures, refundStatus: string | null): LedgerPaymentStatus {
  if (figures.refundedCents >= figures.grossCents) return 'refunded';
  if (refundStatus === 'pending') return 'refund_pending';
  if (figures.refundedCents > 0) return 'partially_refunded';
  return 'paid';
}

/**
 * Balances per currency. Pending: the net of paid sessions not completed yet (issue 9: "pending until
 * the session is completed"). Available: the net of completed sessions and of cancelled ones the
 * helper keeps (a seeker's last-minute cancellation), after refunds. A payment whose refund the
 * cancellation policy owes but the provider has not confirmed counts in neither: that money goes back.
 * Paid out: the provider's payouts to the helper's bank that arrived (`payouts`, from `payout.*`
 * events). A payout leaves the available balance as soon as it is created (pending) and for good once
 * paid; a failed one gives its money back to the available balance.
 */
export function balancesOf(
  rows: readonly PaymentAmounts[],
  payoutTotals: readonly PayoutTotal[] = [],
): LedgerBalance[] {
  const byCurrency = new Map<string, LedgerBalance>();
  const balanceOf = (currency: LedgerBalance['currency']) => {
    const balance = byCurrency.get(currency) ?? { currency, pending_cents: 0, available_cents: 0, paid_out_cents: 0 };
    byCurrency.set(currency, balance);
    return balance;
  };
  for (const row of rows) {
    const figures = paymentFigures(row);
    const balance = balanceOf(row.currency);
    if (ledgerStatus(figures, row.refundStatus) === 'refund_pending') continue;
    const settled = row.bookingStatus === 'completed' || row.bookingStatus === 'cancelled';
    if (settled) balance.available_cents += figures.netCents;
    else balance.pending_cents += figures.netCents;
  }
  for (const total of payoutTotals) {
    const currency = CURRENCIES.find((known) => known === total.currency);
    if (!currency || total.status === 'failed') continue;
    const balance = balanceOf(currency);
    balance.available_cents -= total.cents;
    if (total.status === 'paid') balance.paid_out_cents += total.cents;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export async function getLedger(
  ctx: AppContext,
  user: UserRow,
  query: { helper_id?: string; skip: number; limit: number },
): Promise<Ledger> {
  const helperId = await ledgerOwner(ctx, user, query.helper_id);
  const [rows, total, amounts, payoutTotals] = await Promise.all([
    listHelperPayments(ctx.db, helperId, query.skip, query.limit),
    countHelperPayments(ctx.db, helperId),
    helperPaymentAmounts(ctx.db, helperId),
    helperPayoutTotals(ctx.db, helperId),
  ]);
  return {
    helper_id: helperId,
    items: rows.map(({ payment, booking, seekerName, offerTitle }) => {
      const figures = paymentFigures(payment);
      return {
        payment_id: payment.id,
        booking_id: booking.id,
        paid_at: (payment.paidAt ?? payment.createdAt).toISOString(),
        session_start_at: booking.startAt.toISOString(),
        seeker_display_name: seekerName,
        offer_title: offerTitle,
        currency: payment.currency,
        amount_cents: figures.grossCents,
        commission_cents: figures.commissionCents,
        refunded_cents: figures.refundedCents,
        net_cents: figures.netCents,
        status: ledgerStatus(figures, booking.refundStatus),
        booking_status: booking.status,
      };
    }),
    total,
    skip: query.skip,
    limit: query.limit,
    balances: balancesOf(amounts, payoutTotals),
    paid_out_tracked: true,
  };
}

/**
 * What a payout may take now, per currency: the available balance (already less the payouts paid
 * or pending), when positive. The simulator's "Déclencher un versement" pays exactly this
 * (requestPayouts, which reads it inside its locked transaction).
 */
export async function payableBalances(
  db: Executor,
  helperId: string,
): Promise<{ currency: LedgerBalance['currency']; amountCents: number }[]> {
  // One after the other: inside a transaction both run on its one connection anyway.
  const amounts = await helperPaymentAmounts(db, helperId);
  const payoutTotals = await helperPayoutTotals(db, helperId);
  return balancesOf(amounts, payoutTotals)
    .filter((balance) => balance.available_cents > 0)
    .map((balance) => ({ currency: balance.currency, amountCents: balance.available_cents }));
}

/**
 * The receipt of a paid booking: its seeker, its helper and admins may download it; anyone else gets
 * the booking's own 404 (bookings.service decides who sees a booking). The seeker's copy does not show
 * the commission; the helper's and an admin's show commission and net.
 */
export async function bookingReceipt(ctx: AppContext, user: UserRow, bookingId: string): Promise<PdfDocument> {
  const booking = await getBooking(ctx, user, bookingId);
  const paid = await succeededPaymentsOfBooking(ctx.db, bookingId);
  const first = paid[0];
  if (!first) throw notFound(ErrorCode.RECEIPT_NOT_FOUND, ledgerErrors.receiptNotFound);
  const figures = addFigures(paid.map(paymentFigures));
  const paidAt = first.paidAt ?? first.createdAt;
  const seekerCopy = user.id === booking.user_id;
  // The offer and the parties as they were paid for (the payment row's snapshot), not as they are now.
  const body = await renderReceipt({
    bookingId,
    offerTitle: first.receiptOfferTitle ?? '',
    sessionStartAt: first.receiptSessionStartAt ?? new Date(booking.start_at),
    helperName: first.receiptHelperName ?? '',
    seekerName: first.receiptSeekerName ?? '',
    currency: first.currency,
    paidAt,
    amountCents: figures.grossCents,
    refundedCents: figures.refundedCents,
    refundPending: booking.refund_status === 'pending',
    references: paid.map((payment) => payment.paymentIntentId ?? payment.checkoutSessionId),
    helperFigures: seekerCopy ? undefined : figures,
    demo: paid.some((payment) => payment.provider === 'local'),
  });
  return { body, fileName: documentFileNames.receipt(utcToParis(paidAt).date, bookingId) };
}

const zero: PaymentFigures = { grossCents: 0, commissionCents: 0, refundedCents: 0, netCents: 0 };

/**
 * A helper's yearly earnings statement: per Paris month of confirmation, gross, commission kept,
 * refunds and net (rules/ledger.ts), one table per currency. A refund counts with its payment's month.
 */
export async function yearlyStatement(
  ctx: AppContext,
  user: UserRow,
  year: number,
  helperIdParam: string | undefined,
  now: Date = new Date(),
): Promise<PdfDocument> {
  const helperId = await ledgerOwner(ctx, user, helperIdParam);
  const helper = await findUserName(ctx.db, helperId);
  const rows = await helperPaymentAmountsBetween(
    ctx.db,
    helperId,
    parisDayStart(`${year}-01-01`),
    parisDayStart(`${year + 1}-01-01`),
  );
  const byCurrency = new Map<string, PaymentFigures[][]>();
  for (const row of rows) {
    const months = byCurrency.get(row.currency) ?? Array.from({ length: 12 }, () => []);
    byCurrency.set(row.currency, months);
    const month = Number(utcToParis(row.paidAt).date.slice(5, 7)) - 1;
    months[month]?.push(paymentFigures(row));
  }
  if (byCurrency.size === 0)
    byCurrency.set(
      DEFAULT_CURRENCY,
      Array.from({ length: 12 }, () => []),
    );
  const sections: StatementSection[] = [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, months]) => {
      const monthly = months.map((figures) => (figures.length ? addFigures(figures) : zero));
      return { currency, months: monthly, total: addFigures(monthly) };
    });
  const body = await renderStatement({ year, helperName: helper?.name ?? '', issuedAt: now, sections });
  return { body, fileName: documentFileNames.statement(year) };
}
