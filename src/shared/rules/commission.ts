import { COMMISSION_PERCENT } from '../constants.ts';

/**
 * The platform's commission on a paid booking (DESIGN.md section 8): COMMISSION_PERCENT of the price
 * in cents, rounded half up to the cent, in integer arithmetic. Checkout (the
 * provider's application fee), the ledger, the dashboard and the documents all read it from here.
 */
export function commissionCents(priceCents: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0)
    throw new RangeError('price must be a whole, non-negative number of cents');
  return Math.floor((priceCents * COMMISSION_PERCENT + 50) / 100);
}

/** What the helper earns on a price: the price less the commission. */
export function helperNetCents(priceCents: number): number {
  return priceCents - commissionCents(priceCents);
}
