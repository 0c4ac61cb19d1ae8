import { describe, expect, it } from 'vitest';
import { addFigures, paymentFigures } from './ledger.ts';

describe('paymentFigures', () => {
  it('without refund: the fee taken is the commission, the rest is the helper’s', () => {
    expect(paymentFigures({ amountCents: 5000, applicationFeeCents: 500, refundedCents: 0 })).toEqual({
      grossCents: 5000,
      commissionCents: 500,
      refundedCents: 0,
      netCents: 4500,
    });
    // A fee other than the rule's (the test page's 1000 on 5000) is what was really taken.
    expect(paymentFigures({ amountCents: 5000, applicationFeeCents: 1000, refundedCents: 0 }).netCents).toBe(4000);
  });

  it('a full refund leaves no commission and no net', () => {
    expect(paymentFigures({ amountCents: 4505, applicationFeeCents: 451, refundedCents: 4505 })).toEqual({
      grossCents: 4505,
      commissionCents: 0,
      refundedCents: 4505,
      netCents: 0,
    });
  });

  it('a partial refund: the commission of what was kept, rounded half up', () => {
    // 5000 paid, 1995 refunded: 3005 kept, commission 301 (300.5 rounded up), net 2704.
    expect(paymentFigures({ amountCents: 5000, applicationFeeCents: 500, refundedCents: 1995 })).toEqual({
      grossCents: 5000,
      commissionCents: 301,
      refundedCents: 1995,
      netCents: 2704,
    });
  });

  it('gross = commission + refunded + net, and a refund never exceeds the payment', () => {
    for (const refunded of [0, 1, 7, 2500, 4999, 5000, 9000]) {
      const f = paymentFigures({ amountCents: 5000, applicationFeeCents: 500, refundedCents: refunded });
      expect(f.commissionCents + f.refundedCents + f.netCents).toBe(f.grossCents);
      expect(f.refundedCents).toBeLessThanOrEqual(5000);
    }
  });
});

describe('addFigures', () => {
  it('adds each column', () => {
    const a = paymentFigures({ amountCents: 5000, applicationFeeCents: 500, refundedCents: 0 });
    const b = paymentFigures({ amountCents: 3000, applicationFeeCents: 300, refundedCents: 3000 });
    expect(addFigures([a, b])).toEqual({ grossCents: 8000, commissionCents: 500, refundedCents: 3000, netCents: 4500 });
    expect(addFigures([])).toEqual({ grossCents: 0, commissionCents: 0, refundedCents: 0, netCents: 0 });
  });
});
