import { describe, expect, it } from 'vitest';
import { offers } from '../messages/offers.ts';
import {
  centsToEuros,
  eurosToCents,
  headlinePricing,
  isAllowedDuration,
  payoutRuleAllows,
  priceCentsError,
  priceEurosError,
  pricingOptionsError,
} from './pricing.ts';

describe('euros and cents', () => {
  it('converts whole euros to cents and back', () => {
    expect(eurosToCents(50)).toBe(5000);
    expect(eurosToCents(0)).toBe(0);
    expect(centsToEuros(4500)).toBe(45);
  });
});

describe('price errors', () => {
  it('accepts whole euros from 0', () => {
    expect(priceEurosError(0)).toBeNull();
    expect(priceEurosError(45)).toBeNull();
    expect(priceCentsError(4500)).toBeNull();
  });
  it('refuses cents that are not whole euros', () => {
    expect(priceEurosError(12.5)).toBe(offers.priceWholeEuros);
    expect(priceCentsError(4550)).toBe(offers.priceWholeEuros);
    expect(priceCentsError(Number.NaN)).toBe(offers.priceWholeEuros);
  });
  it('refuses negative prices', () => {
    expect(priceEurosError(-1)).toBe(offers.priceMinimum);
    expect(priceCentsError(-100)).toBe(offers.priceMinimum);
  });
  it('refuses absurd prices', () => {
    expect(priceEurosError(1_000_000)).toBe(offers.priceMaximum(10_000));
  });
});

describe('durations and option lists', () => {
  it('accepts only the duration choices', () => {
    expect(isAllowedDuration(45)).toBe(true);
    expect(isAllowedDuration(50)).toBe(false);
  });
  it('needs at least one option', () => {
    expect(pricingOptionsError([])).toBe(offers.pricingOptionRequired);
  });
  it('refuses two options of one duration', () => {
    expect(
      pricingOptionsError([
        { duration_minutes: 60, price_cents: 0 },
        { duration_minutes: 60, price_cents: 1000 },
      ]),
    ).toBe(offers.pricingDurationDuplicate);
  });
  it('refuses more than the maximum number of options', () => {
    const many = [15, 30, 45, 60, 90, 120, 15].map((duration_minutes, i) => ({
      duration_minutes: duration_minutes + i,
      price_cents: 0,
    }));
    expect(pricingOptionsError(many)).toBe(offers.tooManyPricingOptions(6));
  });
  it('accepts distinct durations', () => {
    expect(
      pricingOptionsError([
        { duration_minutes: 30, price_cents: 0 },
        { duration_minutes: 60, price_cents: 2000 },
      ]),
    ).toBeNull();
  });
});

describe('payoutRuleAllows', () => {
  const free = [{ price_cents: 0 }];
  const paid = [{ price_cents: 0 }, { price_cents: 3000 }];
  it('lets free offers through without an account', () => {
    expect(payoutRuleAllows(free, null)).toBe(true);
  });
  it('blocks a paid option without a completed account', () => {
    expect(payoutRuleAllows(paid, null)).toBe(false);
    expect(payoutRuleAllows(paid, { details_submitted: false })).toBe(false);
  });
  it('allows a paid option once details are submitted', () => {
    expect(payoutRuleAllows(paid, { details_submitted: true })).toBe(true);
  });
});

describe('headlinePricing', () => {
  it('copies the first option', () => {
    expect(
      headlinePricing([
        { duration_minutes: 30, price_cents: 2000 },
        { duration_minutes: 60, price_cents: 3500 },
      ]),
    ).toEqual({
      duration_minutes: 30,
      price_cents: 2000,
    });
  });
  it('falls back to the offer defaults without options', () => {
    expect(headlinePricing([])).toEqual({ duration_minutes: 60, price_cents: 5000 });
  });
});
