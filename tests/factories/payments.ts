import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { commissionCents } from '#shared/rules/commission.ts';
import type { Executor } from '#server/db/client.ts';
import { receiptSnapshotOf } from '#server/db/receipt-snapshot.ts';
import type { BookingRow } from '#server/db/schema/bookings.ts';
import { paymentRefunds, payments, type PaymentRefundRow, type PaymentRow } from '#server/db/schema/payments.ts';

type PaymentFields = Partial<Omit<typeof payments.$inferInsert, 'bookingId'>>;

/**
 * Inserts a ledger row for `booking` straight into the database, as the webhook would leave it once
 * the checkout completed. Defaults: the booking's price, the commission rule's fee, `succeeded`, paid
 * now, simulator provider, nothing refunded.
 */
export async function createPayment(
  db: Executor,
  booking: Pick<BookingRow, 'id' | 'priceCents' | 'currency'>,
  fields: PaymentFields = {},
): Promise<PaymentRow> {
  const amountCents = fields.amountCents ?? booking.priceCents;
  const suffix = randomUUID().replace(/-/g, '').slice(0, 16);
  // A paid row carries its receipt, as the webhook writes it (payments_receipt_snapshot_check).
  const receipt = fields.paidAt === null ? {} : await receiptSnapshotOf(db, booking.id);
  const [row] = await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: 'local',
      checkoutSessionId: `cs_test_${suffix}`,
      paymentIntentId: `pi_test_${suffix}`,
      applicationFeeCents: commissionCents(amountCents),
      currency: booking.currency,
      status: 'succeeded',
      paidAt: new Date(),
      ...receipt,
      ...fields,
      amountCents,
    })
    .returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

/** Records a refund of `payment` and adds it to the payment's refunded_cents, as `charge.refunded` would. */
export async function refundPayment(
  db: Executor,
  payment: PaymentRow,
  amountCents: number = payment.amountCents - payment.refundedCents,
  fields: Partial<Omit<typeof paymentRefunds.$inferInsert, 'paymentId' | 'amountCents'>> = {},
): Promise<PaymentRefundRow> {
  const [refund] = await db
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      providerRefundId: `re_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      status: 'succeeded',
      cause: 'cancellation',
      ...fields,
      amountCents,
    })
    .returning();
  if (!refund) throw new Error('refund not inserted');
  await db
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}` })
    .where(eq(payments.id, payment.id));
  return refund;
}
