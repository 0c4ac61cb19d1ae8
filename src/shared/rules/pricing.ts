import {
  DEFAULT_OFFER_DURATION_MINUTES,
  DEFAULT_OFFER_PRICE_CENTS,
  DURATION_CHOICES_MINUTES,
  MAX_PRICE_EUROS,
  MAX_PRICING_OPTIONS,
} from '../constants.ts';
import { offers } from '../messages/offers.ts';

/**
 * Offer pricing (spec 1 section 5): one or more options of a duration and a price; prices are whole
 * euros, minimum 0, stored in cents; any paid option needs a payout account whose details are submitted.
 */

export type PricingOptionInput = { duration_minutes: number; price_cents: number };

export const CENTS_PER_EURO = 100;

export function eurosToCents(euros: number): number {
  return Math.round(euros * CENTS_PER_EURO);
}

export function centsToEuros(cents: number): number {
  return cents / CENTS_PER_EURO;
}

export function isAllowedDuration(minutes: number): boolean {
  return (DURATION_CHOICES_MINUTES as readonly number[]).includes(minutes);
}

/** The French error of a price typed in euros on the form, or null. */
export function priceEurosError(euros: number): string | null {
  if (!Number.isFinite(euros) || !Number.isInteger(euros)) return offers.priceWholeEuros;
  if (euros < 0) return offers.priceMinimum;
  if (euros > MAX_PRICE_EUROS) return offers.priceMaximum(MAX_PRICE_EUROS);
  return null;
}

/** The French error of a price in cents sent to the API, or null: whole euros only. */
export function priceCentsError(cents: number): string | null {
  if (!Number.isInteger(cents) || cents % CENTS_PER_EURO !== 0) return offers.priceWholeEuros;
  return priceEurosError(cents / CENTS_PER_EURO);
}

/** The French error of the option list as a whole (count, duplicate durations), or null. */
export function pricingOptionsError(options: readonly PricingOptionInput[]): string | null {
  if (options.length === 0) return offers.pricingOptionRequired;
  if (options.length > MAX_PRICING_OPTIONS) return offers.tooManyPricingOptions(MAX_PRICING_OPTIONS);
  // A booking picks its option by duration: two options of one duration would be ambiguous.
  const durations = new Set(options.map((option) => option.duration_minutes));
  if (durations.size !== options.length) return offers.pricingDurationDuplicate;
  return null;
}

export function isPaidPricing(options: readonly Pick<PricingOptionInput, 'price_cents'>[]): boolean {
  return options.some((option) => option.price_cents > 0);
}

/**
 * Whether these options may be saved given the helper's payout account: free offers need no account,
 * a paid option needs one whose details are submitted.
 */
export function payoutRuleAllows(
  options: readonly Pick<PricingOptionInput, 'price_cents'>[],
  payoutAccount: { details_submitted: boolean } | null | undefined,
): boolean {
  return !isPaidPricing(options) || payoutAccount?.details_submitted === true;
}

/** The offer's top-level duration and price: a copy of the first option (spec 1 section 3). */
export function headlinePricing(options: readonly PricingOptionInput[]): PricingOptionInput {
  const first = options[0];
  return first
    ? { duration_minutes: first.duration_minutes, price_cents: first.price_cents }
    : { duration_minutes: DEFAULT_OFFER_DURATION_MINUTES, price_cents: DEFAULT_OFFER_PRICE_CENTS };
}
