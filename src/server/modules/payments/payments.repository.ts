import { and, eq, inArray, sql } from 'drizzle-orm';
import { EXPIRED_HOLD } from '#shared/rules/booking-status.ts';
import type { PaymentRefundStatus, RefundCause } from '#shared/rules/payment-status.ts';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { paymentEvents, paymentRefunds, payments, type PaymentRow } from '../../db/schema/payments.ts';

export type NewPayment = typeof payments.$inferInsert;

/**
 * Records a provider event as handled; false when it already was. Inserted first in the transaction
 * of its effects: a concurrent delivery of the same event waits on the primary key until this one
 * commits, then finds it there and changes nothing.
 */
export async function recordEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values(values)
    // The provider answered the same session again (same idempotency key): one ledger row.
    .onConflictDoUpdate({ target: payments.checkoutSessionId, set: { updatedAt: values.updatedAt ?? new Date() } })
    .returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

export async function findPaymentBySession(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).limit(1);
  return row;
}

export async function lockPaymentBySession(db: Executor, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId)).for('update');
  return row;
}

export async function lockPaymentByIntent(db: Executor, paymentIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.paymentIntentId, paymentIntentId)).for('update');
  return row;
}

export async function findPaymentOfBooking(db: Executor, bookingId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(sql`${payments.createdAt} DESC`)
    .limit(1);
  return row;
}

export async function updatePayment(
  db: Executor,
  id: string,
  values: Partial<NewPayment>,
): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}

/**
 * Stores a refund, or updates its status. Answers whether it became `succeeded` now (inserted so, or
 * moved there): that transition, which happens once whatever the number of deliveries, sends the
 * refund mail. A cause given by us wins over one guessed from a webhook.
 */
export async function upsertRefund(
  db: Executor,
  values: {
    paymentId: string;
    providerRefundId: string;
    amountCents: number;
    status: PaymentRefundStatus;
    cause: RefundCause;
    causeKnown: boolean;
  },
  now: Date,
): Promise<{ becameSucceeded: boolean }> {
  const [existing] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.providerRefundId, values.providerRefundId))
    .for('update');
  if (!existing) {
    const inserted = await db
      .insert(paymentRefunds)
      .values({
        paymentId: values.paymentId,
        providerRefundId: values.providerRefundId,
        amountCents: values.amountCents,
        status: values.status,
        cause: values.cause,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: paymentRefunds.providerRefundId })
      .returning({ id: paymentRefunds.id });
    // Lost a race with a concurrent insert of the same refund: that one reports the transition.
    if (inserted.length === 0) return upsertRefund(db, values, now);
    return { becameSucceeded: values.status === 'succeeded' };
  }
  // A succeeded refund stays so (a late `pending` delivery must not move it back).
  const status = existing.status === 'succeeded' ? 'succeeded' : values.status;
  await db
    .update(paymentRefunds)
    .set({ status, cause: values.causeKnown ? values.cause : existing.cause, updatedAt: now })
    .where(eq(paymentRefunds.id, existing.id));
  return { becameSucceeded: existing.status !== 'succeeded' && status === 'succeeded' };
}

export async function succeededRefundsCents(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'succeeded')));
  return Number(row?.total ?? 0);
}

/**
 * Open payments whose booking hold was cancelled by expiry (the bookings sweep) become `expired`, in one
 * idempotent UPDATE. A payment that still arrives later is handled as a late payment.
 */
export async function expireLapsedPayments(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(payments.status, 'open'),
        inArray(
          payments.bookingId,
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(and(eq(bookings.status, EXPIRED_HOLD.status), sql`${bookings.cancelledBy} IS NULL`)),
        ),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}
