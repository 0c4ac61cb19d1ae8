import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  bookingGroup,
  holdsTime,
  isCancellable,
  isConfirmed,
  isUnfinishedCheckout,
  isUpcoming,
  nextHoldLapse,
  TIME_HOLDING_STATUSES,
} from './booking-status.ts';

const now = new Date('2030-01-10T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('booking statuses', () => {
  it('hold time for a running payment hold and confirmed sessions only', () => {
    expect(TIME_HOLDING_STATUSES).toEqual(['pending_payment', 'scheduled', 'paid']);
    expect(BOOKING_STATUSES.filter((status) => holdsTime({ status }, now))).toEqual([...TIME_HOLDING_STATUSES]);
    expect(holdsTime({ status: 'pending_payment', holdExpiresAt: minutes(-1) }, now)).toBe(false);
    expect(holdsTime({ status: 'pending_payment', holdExpiresAt: minutes(1) }, now)).toBe(true);
    expect(holdsTime({ status: 'Scheduled' }, now)).toBe(false);
  });

  it('call scheduled and paid confirmed, and only upcoming confirmed sessions cancellable', () => {
    expect(BOOKING_STATUSES.filter(isConfirmed)).toEqual(['scheduled', 'paid']);
    expect(isCancellable({ status: 'paid', startAt: minutes(1) }, now)).toBe(true);
    expect(isCancellable({ status: 'paid', startAt: now }, now)).toBe(false);
    expect(isCancellable({ status: 'pending_payment', startAt: minutes(60) }, now)).toBe(false);
  });

  it('keep a session in progress among the upcoming ones until it ends', () => {
    expect(isUpcoming({ endAt: minutes(1) }, now)).toBe(true);
    expect(isUpcoming({ endAt: now }, now)).toBe(false);
  });
});

describe('nextHoldLapse', () => {
  it('is one millisecond past the first live hold’s expiry: until then holdsTime answers as at now', () => {
    const bookings = [
      { status: 'pending_payment', holdExpiresAt: minutes(20) },
      { status: 'pending_payment', holdExpiresAt: minutes(5) },
      { status: 'pending_payment', holdExpiresAt: minutes(-1) },
      { status: 'scheduled', holdExpiresAt: minutes(1) },
      { status: 'pending_payment', holdExpiresAt: null },
    ];
    const lapse = nextHoldLapse(bookings, now)!;
    expect(lapse.getTime()).toBe(minutes(5).getTime() + 1);
    const before = new Date(lapse.getTime() - 1);
    expect(bookings.map((b) => holdsTime(b, before))).toEqual(bookings.map((b) => holdsTime(b, now)));
    expect(holdsTime(bookings[1]!, lapse)).toBe(false);
  });

  it('is null when no hold will lapse', () => {
    expect(nextHoldLapse([{ status: 'paid', holdExpiresAt: null }], now)).toBeNull();
    expect(nextHoldLapse([], now)).toBeNull();
  });
});

describe('isUnfinishedCheckout', () => {
  it('is a cancellation by nobody, not one by a party', () => {
    expect(isUnfinishedCheckout({ status: 'cancelled', cancelledBy: null })).toBe(true);
    expect(isUnfinishedCheckout({ status: 'cancelled', cancelledBy: 'helper-id' })).toBe(false);
    expect(isUnfinishedCheckout({ status: 'pending_payment', cancelledBy: null })).toBe(false);
  });
});

describe('bookingGroup', () => {
  const ahead = { endAt: minutes(120), holdExpiresAt: null };
  it('lists cancelled bookings apart, even those still ahead', () => {
    expect(bookingGroup({ ...ahead, status: 'cancelled' }, now)).toBe('cancelled');
  });

  it('lists a lapsed hold not yet swept with the cancelled ones, a running one as upcoming', () => {
    expect(bookingGroup({ ...ahead, status: 'pending_payment', holdExpiresAt: minutes(-1) }, now)).toBe('cancelled');
    expect(bookingGroup({ ...ahead, status: 'pending_payment', holdExpiresAt: minutes(10) }, now)).toBe('upcoming');
  });

  it('splits the others at their end', () => {
    expect(bookingGroup({ ...ahead, status: 'paid' }, now)).toBe('upcoming');
    expect(bookingGroup({ status: 'completed', endAt: minutes(-1) }, now)).toBe('past');
    expect(bookingGroup({ status: 'scheduled', endAt: now }, now)).toBe('past');
  });
});
