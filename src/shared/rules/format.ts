import { common } from '../messages/common.ts';

/**
 * Display formatting shared by server and client (UI.md "Voice"): money in fr-FR with "Gratuit"
 * for 0, initials, truncation. Dates are in paris-time.ts, the one set of date helpers.
 */

export function formatMoney(cents: number, currency = 'eur'): string {
  if (cents === 0) return common.free;
  return formatAmount(cents, currency);
}

/**
 * A sum of money rather than a price (a ledger figure, a balance): 0 reads "0,00 €", where formatMoney
 * would write "Gratuit", the label of a free offer.
 */
export function formatAmount(cents: number, currency = 'eur'): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** First letters of the first two words, upper case (spec 1 section 9). */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Cuts text to `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** The name a person shows the public: their display name, else their username ("" when neither). */
export function publicName(user: { display_name: string | null; username: string | null }): string {
  return user.display_name?.trim() || user.username || '';
}
