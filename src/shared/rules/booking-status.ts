/**
 * The one home of booking state (spec 1 sections 4 and 9; DESIGN.md section 8). The database CHECK
 * and exclusion constraints, the repositories, the free windows rule, the sweeps and the client all
 * read their status lists from here, so a status added or renamed changes everywhere at once.
 */

export const BOOKING_STATUSES = ['pending_payment', 'scheduled', 'paid', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Confirmed sessions: free ones booked at once, paid ones once the payment succeeded. */
export const CONFIRMED_STATUSES = ['scheduled', 'paid'] as const satisfies readonly BookingStatus[];

/** A paid offer's booking while its checkout runs: it holds the time until `hold_expires_at`. */
export const PAYMENT_HOLD_STATUS = 'pending_payment' satisfies BookingStatus;

/**
 * Statuses that hold the helper's time: a running payment hold and the confirmed sessions. The
 * exclusion constraint `bookings_no_overlap` covers exactly these.
 */
export const TIME_HOLDING_STATUSES = [
  PAYMENT_HOLD_STATUS,
  ...CONFIRMED_STATUSES,
] as const satisfies readonly BookingStatus[];

/** Where the refund of a cancelled booking stands; `pending` means due, the payments module executes it. */
export const REFUND_STATUSES = ['none', 'pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a lapsed payment hold becomes: cancelled by nobody, nothing to refund. */
export const EXPIRED_HOLD = { status: 'cancelled', refundStatus: 'none', refundCents: 0 } as const satisfies {
  status: BookingStatus;
  refundStatus: RefundStatus;
  refundCents: number;
};

const includes = (list: readonly string[], status: string) => list.includes(status);

export function isConfirmed(status: string): boolean {
  return includes(CONFIRMED_STATUSES, status);
}

/** Does this booking hold time at `now`? A payment hold past its expiry no longer does. */
export function holdsTime(booking: { status: string; holdExpiresAt?: Date | null }, now: Date): boolean {
  if (!includes(TIME_HOLDING_STATUSES, booking.status)) return false;
  if (
    booking.status === PAYMENT_HOLD_STATUS &&
    booking.holdExpiresAt &&
    booking.holdExpiresAt.getTime() < now.getTime()
  )
    return false;
  return true;
}

/**
 * The first instant after `now` at which one of `bookings` stops holding time (a payment hold
 * lapsing, holdsTime), or null when none will on its own: until then, free windows computed at `now`
 * stay right unless something is written.
 */
export function nextHoldLapse(
  bookings: readonly { status: string; holdExpiresAt?: Date | null }[],
  now: Date,
): Date | null {
  let first: number | null = null;
  for (const booking of bookings) {
    if (booking.status !== PAYMENT_HOLD_STATUS || !booking.holdExpiresAt) continue;
    const expiry = booking.holdExpiresAt.getTime();
    // A hold still holds at its expiry instant and stops one millisecond later (holdsTime).
    if (expiry >= now.getTime() && (first === null || expiry + 1 < first)) first = expiry + 1;
  }
  return first === null ? null : new Date(first);
}

/**
 * Only upcoming confirmed sessions can be cancelled ("only scheduled bookings can be cancelled" read
 * as scheduled or paid, start still in the future); a payment hold lapses on its own.
 */
export function isCancellable(booking: { status: string; startAt: Date }, now: Date): boolean {
  return isConfirmed(booking.status) && booking.startAt.getTime() > now.getTime();
}

/**
 * Upcoming for the lists: the session has not ended yet (one in progress stays on top). Lists show the
 * upcoming ones soonest first, then the past ones latest first.
 */
export function isUpcoming(booking: { endAt: Date }, now: Date): boolean {
  return booking.endAt.getTime() > now.getTime();
}

/**
 * A checkout that ended unpaid (abandoned, expired, or refused by the provider): the booking is
 * cancelled by nobody. Shown as "Paiement non finalisé", never as a cancellation by the other person.
 */
export function isUnfinishedCheckout(booking: { status: string; cancelledBy: string | null }): boolean {
  return booking.status === 'cancelled' && booking.cancelledBy === null;
}

export type BookingGroup = 'upcoming' | 'past' | 'cancelled';

/**
 * Where the dashboard lists a booking: cancelled ones (and unfinished checkouts, including a hold
 * that lapsed but has not been swept yet) apart, whatever their date; the others upcoming until their
 * end (isUpcoming), then past.
 */
export function bookingGroup(
  booking: { status: string; endAt: Date; holdExpiresAt?: Date | null },
  now: Date,
): BookingGroup {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === PAYMENT_HOLD_STATUS && !holdsTime(booking, now)) return 'cancelled';
  return isUpcoming(booking, now) ? 'upcoming' : 'past';
}
