import { booking as bookingMessages } from '#shared/messages/bookings.ts';
import type { BookingStatus } from '#shared/schemas/bookings.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';

const STATUS: Record<BookingStatus, { label: string; variant: BadgeVariant }> = {
  scheduled: { label: bookingMessages.statusScheduled, variant: 'accent' },
  paid: { label: bookingMessages.statusPaid, variant: 'success' },
  completed: { label: bookingMessages.statusCompleted, variant: 'neutral' },
  cancelled: { label: bookingMessages.statusCancelled, variant: 'danger' },
  pending_payment: { label: bookingMessages.statusPendingPayment, variant: 'warning' },
};
const PAYMENT_NOT_COMPLETED = { label: bookingMessages.statusPaymentNotCompleted, variant: 'neutral' } as const;

/**
 * Programmée, Payée, Terminée, Annulée, Paiement en cours (spec 1 section 4); a checkout that ended
 * unpaid is no cancellation: "Paiement non finalisé" (rules/booking-status.ts isUnfinishedCheckout).
 */
export function BookingStatusBadge({
  status,
  paymentNotCompleted = false,
}: {
  status: BookingStatus;
  paymentNotCompleted?: boolean;
}) {
  const { label, variant } = paymentNotCompleted ? PAYMENT_NOT_COMPLETED : STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
