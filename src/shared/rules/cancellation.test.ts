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
  it.each(['helper', 'seeker'] as const)('lets the %s cancel an upcoming scheduled or paid booking', (by) => {
    expect(canCancel({ status: 'scheduled', startAt: hoursFromNow(1) }, now, by)).toBe(true);
    expect(canCancel({ status: 'paid', startAt: hoursFromNow(1) }, now, by)).toBe(true);
  });

  it.each(['completed', 'cancelled'])('refuses a %s booking to both', (status) => {
    expect(canCancel({ status, startAt: hoursFromNow(48) }, now, 'helper')).toBe(false);
    expect(canCancel({ status, startAt: hoursFromNow(48) }, now, 'seeker')).toBe(false);
  });

  it('lets only the helper release a running payment hold', () => {
    const hold = { status: 'pending_payment', startAt: hoursFromNow(48), holdExpiresAt: hoursFromNow(0.5) };
    expect(canCancel(hold, now, 'helper')).toBe(true);
    expect(canCancel(hold, now, 'seeker')).toBe(false);
  });

  it('refuses a hold that has lapsed: its time is free already', () => {
    const lapsed = { status: 'pending_payment', startAt: hoursFromNow(48), holdExpiresAt: hoursFromNow(-0.1) };
    expect(canCancel(lapsed, now, 'helper')).toBe(false);
  });

  it('refuses a booking that has started', () => {
    expect(canCancel({ status: 'scheduled', startAt: now }, now, 'helper')).toBe(false);
    expect(canCancel({ status: 'paid', startAt: hoursFromNow(-1) }, now, 'seeker')).toBe(false);
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
