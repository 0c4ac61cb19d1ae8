import { helperNetCents } from './commission.ts';

/**
 * What one payment of the ledger means for the helper, after its refunds. Every figure of the
 * financial dashboard, the monthly revenue card and the documents comes from here.
 *
 * Refunds follow the provider's `refund_application_fee` + `reverse_transfer` (STACK.md): a refund
 * gives back the commission in proportion, so the platform keeps the commission of what it keeps and
 * the helper keeps the rest. With no refund the commission is the fee actually taken
 * (`application_fee_cents`); with a refund it is the commission rule applied to what was kept. A full
 * refund leaves nothing to anyone; gross = commission + refunded + net always holds.
 */
export type PaymentFigures = {
  grossCents: number;
  commissionCents: number;
  refundedCents: number;
  netCents: number;
};

export function paymentFigures(payment: {
  amountCents: number;
  applicationFeeCents: number;
  refundedCents: number;
}): PaymentFigures {
  const gross = payment.amountCents;
  const refunded = Math.min(Math.max(payment.refundedCents, 0), gross);
  const kept = gross - refunded;
  if (refunded === 0) {
    return {
      grossCents: gross,
      commissionCents: payment.applicationFeeCents,
      refundedCents: 0,
      netCents: gross - payment.applicationFeeCents,
    };
  }
  const net = helperNetCents(kept);
  return { grossCents: gross, commissionCents: kept - net, refundedCents: refunded, netCents: net };
}

/** Sums figures (a month of the statement, a year's totals). */
export function addFigures(rows: readonly PaymentFigures[]): PaymentFigures {
  return rows.reduce(
    (total, row) => ({
      grossCents: total.grossCents + row.grossCents,
      commissionCents: total.commissionCents + row.commissionCents,
      refundedCents: total.refundedCents + row.refundedCents,
      netCents: total.netCents + row.netCents,
    }),
    { grossCents: 0, commissionCents: 0, refundedCents: 0, netCents: 0 },
  );
}
