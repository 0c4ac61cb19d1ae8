import { describe, expect, it } from 'vitest';
import { canCancel, isLastMinute, refundDecision } from './cancellation.ts';

const now = new Date('2030-01-10T12:00:00Z');
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('isLastMinute', () => {
  it('is true under 24 hours before the start and false from 24 hours on', () => {
    expect(isLastMinute(hoursFromNow(23.99), now)).toBe(true);
    expect(isLastMinute(hoursFromNow(24), now)).toBe(false);
    expect(isLastMinute(hoursFromNow(72), now)).toBe(false);
  });
});

describe('canCancel', () => {
  it.each(['scheduled', 'paid'])('allows an upcoming %s booking', (status) => {
    expect(canCancel({ status, startAt: hoursFromNow(1) }, now)).toBe(true);
  });

  it.each(['pending_payment', 'completed', 'cancelled'])('refuses a %s booking', (status) => {
    expect(canCancel({ status, startAt: hoursFromNow(48) }, now)).toBe(false);
  });

  it('refuses a booking that has started', () => {
    expect(canCancel({ status: 'scheduled', startAt: now }, now)).toBe(false);
    expect(canCancel({ status: 'paid', startAt: hoursFromNow(-1) }, now)).toBe(false);
  });
});

describe('refundDecision', () => {
  it('refunds a paid booking in full when the helper cancels, even at the last minute', () => {
    expect(refundDecision({ status: 'paid', priceCents: 5000, cancelledBy: 'helper', lastMinute: true })).toEqual({
      status: 'pending',
      amountCents: 5000,
    });
  });

  it('refunds a paid booking in full when the seeker cancels more than 24 h ahead', () => {
    expect(refundDecision({ status: 'paid', priceCents: 5000, cancelledBy: 'seeker', lastMinute: false })).toEqual({
      status: 'pending',
      amountCents: 5000,
    });
  });

  it('does not refund a seeker last-minute cancellation', () => {
    expect(refundDecision({ status: 'paid', priceCents: 5000, cancelledBy: 'seeker', lastMinute: true })).toEqual({
      status: 'none',
      amountCents: 0,
    });
  });

  it('has nothing to refund on a free booking', () => {
    expect(refundDecision({ status: 'scheduled', priceCents: 0, cancelledBy: 'helper', lastMinute: false })).toEqual({
      status: 'none',
      amountCents: 0,
    });
  });
});
