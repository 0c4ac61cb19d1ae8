/**
 * Where a checkout payment stands in our ledger (DESIGN.md section 6, `payments.status`): `open` while
 * the checkout runs, `succeeded` once the provider confirmed it, `failed` for a refused card or a
 * failed asynchronous payment, `expired` when the checkout lapsed unpaid. Refunds do not change it:
 * `refunded_cents` says how much of a succeeded payment went back.
 */
export const PAYMENT_STATUSES = ['open', 'succeeded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A refund's own state at the provider. */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/** Why a refund was made: the cancellation policy, or a payment that came after its time was taken. */
export const REFUND_CAUSES = ['cancellation', 'late_payment'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];
