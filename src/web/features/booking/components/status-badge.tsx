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

/** Programmée, Payée, Terminée, Annulée, En attente de paiement (spec 1 section 4). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}
