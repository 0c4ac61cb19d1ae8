import { LAST_MINUTE_CANCELLATION_HOURS } from '../constants.ts';
import { holdsTime, isCancellable, PAYMENT_HOLD_STATUS } from './booking-status.ts';

/**
 * Cancellation rules (spec 1 sections 4 and 9; DESIGN.md section 8). "Only scheduled bookings can be
 * cancelled" reads as "only upcoming, confirmed ones": scheduled or paid, start still in the future.
 */

const HOUR_MS = 3_600_000;

export type CancellableBooking = { status: string; startAt: Date; holdExpiresAt?: Date | null };

/** Less than 24 hours before the start (a start already passed is last minute too). */
export function isLastMinute(startAt: Date, now: Date): boolean {
  return startAt.getTime() - now.getTime() < LAST_MINUTE_CANCELLATION_HOURS * HOUR_MS;
}

/**
 * Either party cancels an upcoming confirmed session. The helper may also release a running payment
 * hold on their time (a checkout the seeker has not paid): otherwise a seeker who never pays keeps the
 * helper's calendar blocked and the helper can do nothing. The seeker's own hold lapses on its own.
 */
export function canCancel(booking: CancellableBooking, now: Date, by: 'helper' | 'seeker'): boolean {
  if (isCancellable(booking, now)) return true;
  return by === 'helper' && isReleasableHold(booking, now);
}

/** A payment hold still holding time, for a session that has not started. */
export function isReleasableHold(booking: CancellableBooking, now: Date): boolean {
  return booking.status === PAYMENT_HOLD_STATUS && holdsTime(booking, now) && booking.startAt.getTime() > now.getTime();
}

export type RefundDecision = { status: 'none' | 'pending'; amountCents: number };

/**
 * A paid booking cancelled by the helper, or by the seeker more than 24 h before the start, is refunded
 * in full; a seeker's last-minute cancellation is not; a free booking has nothing to refund.
 * `pending` means "due": the payments module executes it.
 */
export function refundDecision(input: {
  status: string;
  priceCents: number;
  cancelledBy: 'helper' | 'seeker';
  lastMinute: boolean;
}): RefundDecision {
  if (input.status !== 'paid' || input.priceCents <= 0) return { status: 'none', amountCents: 0 };
  if (input.cancelledBy === 'seeker' && input.lastMinute) return { status: 'none', amountCents: 0 };
  return { status: 'pending', amountCents: input.priceCents };
}
