import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { offers } from '../../db/schema/offers.ts';
import { payments, payouts, type PaymentRow } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Read-only queries on the ledger (`payments`; refunds are summed there in `refunded_cents`) and the
 * bookings it pays for. Only payments the provider confirmed (`succeeded`) are money: open, failed and
 * expired checkouts never reach a helper.
 */

/** When a payment counts: its confirmation, or its creation for a row written before paid_at existed. */
const paidAt = sql<Date>`coalesce(${payments.paidAt}, ${payments.createdAt})`;

/** An instant as a typed parameter: compared with an expression, drizzle cannot infer its type. */
const timestamp = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

const ofHelper = (helperId: string) => and(eq(bookings.helperId, helperId), eq(payments.status, 'succeeded'));

export type LedgerPaymentRow = {
  payment: Pick<
    PaymentRow,
    'id' | 'amountCents' | 'applicationFeeCents' | 'refundedCents' | 'currency' | 'paidAt' | 'createdAt'
  >;
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'status' | 'startAt' | 'refundStatus'>;
  seekerName: string | null;
  offerTitle: string;
};

function selectLedger(db: Executor) {
  return db
    .select({
      payment: {
        id: payments.id,
        amountCents: payments.amountCents,
        applicationFeeCents: payments.applicationFeeCents,
        refundedCents: payments.refundedCents,
        currency: payments.currency,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      },
      booking: {
        id: bookings.id,
        status: bookings.status,
        startAt: bookings.startAt,
        refundStatus: bookings.refundStatus,
      },
      seekerName: sql<string | null>`coalesce(${users.displayName}, ${users.username})`,
      offerTitle: offers.title,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(users, eq(users.id, bookings.userId));
}

/** A helper's confirmed payments, newest first. */
export async function listHelperPayments(
  db: Executor,
  helperId: string,
  skip: number,
  limit: number,
): Promise<LedgerPaymentRow[]> {
  return selectLedger(db).where(ofHelper(helperId)).orderBy(desc(paidAt), desc(payments.id)).offset(skip).limit(limit);
}

export async function countHelperPayments(db: Executor, helperId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(ofHelper(helperId));
  return row?.n ?? 0;
}

export type PaymentAmounts = Pick<PaymentRow, 'amountCents' | 'applicationFeeCents' | 'refundedCents' | 'currency'> & {
  bookingStatus: string;
  refundStatus: string | null;
  paidAt: Date;
};

function selectAmounts(db: Executor) {
  return db
    .select({
      amountCents: payments.amountCents,
      applicationFeeCents: payments.applicationFeeCents,
      refundedCents: payments.refundedCents,
      currency: payments.currency,
      bookingStatus: bookings.status,
      refundStatus: bookings.refundStatus,
      paidAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId));
}

/**
 * Every confirmed payment of a helper, amounts only, for the balance: refunds and commission are
 * rounded per payment (rules/ledger.ts), so the sums are made in the service, not in SQL.
 */
export async function helperPaymentAmounts(db: Executor, helperId: string): Promise<PaymentAmounts[]> {
  const rows = await selectAmounts(db).where(ofHelper(helperId));
  return rows.map((row) => ({ ...row, paidAt: new Date(row.paidAt) }));
}

/** A helper's confirmed payments whose confirmation falls in [start, end). */
export async function helperPaymentAmountsBetween(
  db: Executor,
  helperId: string,
  start: Date,
  end: Date,
): Promise<PaymentAmounts[]> {
  const rows = await selectAmounts(db)
    .where(and(ofHelper(helperId), sql`${paidAt} >= ${timestamp(start)}`, sql`${paidAt} < ${timestamp(end)}`))
    .orderBy(asc(paidAt));
  return rows.map((row) => ({ ...row, paidAt: new Date(row.paidAt) }));
}

/** The confirmed payments of one booking (normally one), oldest first. */
export async function succeededPaymentsOfBooking(db: Executor, bookingId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(asc(paidAt));
}

export async function findUserName(
  db: Executor,
  id: string,
): Promise<{ id: string; name: string | null; role: string } | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string | null>`coalesce(${users.displayName}, ${users.username})`,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export type PayoutTotal = { currency: string; status: string; cents: number };

/** A helper's payouts summed per currency and state (failed ones too; the service ignores them). */
export async function helperPayoutTotals(db: Executor, helperId: string): Promise<PayoutTotal[]> {
  const rows = await db
    .select({
      currency: payouts.currency,
      status: payouts.status,
      cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::int`,
    })
    .from(payouts)
    .where(eq(payouts.helperId, helperId))
    .groupBy(payouts.currency, payouts.status);
  return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
}
