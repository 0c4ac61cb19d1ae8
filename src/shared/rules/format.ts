import { common } from '../messages/common.ts';

/**
 * Display formatting shared by server and client (UI.md "Voice"): money in fr-FR with "Gratuit"
 * for 0, initials, truncation. Dates are in paris-time.ts, the one set of date helpers.
 *
 * Numbers and euros are written here rather than by Intl.NumberFormat: in Chromium the first
 * fr-FR number format of a page costs about 60 ms of main thread (its locale data loads), measured
 * on this machine; four times that under Lighthouse's mobile CPU, and every public page shows a
 * price (issue 11: total blocking time). The output is Intl's, character for character: a property
 * test compares the two (format.test.ts). Other currencies, rare, still go through Intl.
 */

/** fr-FR's thousands separator (a narrow no-break space) and the space before the euro sign. */
const GROUP_SEPARATOR = '\u202f';
const CURRENCY_SPACE = '\u00a0';

/** Digits with a separator every three from the right ("1234567" → "1 234 567"); fr groups from 1 000. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
}

/**
 * `value` in fr-FR with exactly `fractionDigits` decimals, as Intl.NumberFormat('fr-FR',
 * { minimumFractionDigits, maximumFractionDigits }) writes it: it rounds the number's shortest
 * decimal form (4.35 gives "4,4", where toFixed gives "4,3"), half away from zero, and keeps the
 * minus sign of a negative that rounds to zero.
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  const magnitude = String(Math.abs(value));
  if (!Number.isFinite(value) || magnitude.includes('e')) {
    return new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
  }
  const [whole = '0', decimals = ''] = magnitude.split('.');
  let digits = BigInt(whole + decimals.slice(0, fractionDigits).padEnd(fractionDigits, '0'));
  if ((decimals[fractionDigits] ?? '0') >= '5') digits += 1n;
  const text = digits.toString().padStart(fractionDigits + 1, '0');
  const integerPart = groupThousands(text.slice(0, text.length - fractionDigits));
  const fractionPart = fractionDigits > 0 ? `,${text.slice(text.length - fractionDigits)}` : '';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${integerPart}${fractionPart}`;
}

export function formatMoney(cents: number, currency = 'eur'): string {
  if (cents === 0) return common.free;
  return formatAmount(cents, currency);
}

/**
 * A sum of money rather than a price (a ledger figure, a balance): 0 reads "0,00 €", where formatMoney
 * would write "Gratuit", the label of a free offer.
 */
export function formatAmount(cents: number, currency = 'eur'): string {
  if (currency.toLowerCase() === 'eur') return `${formatNumber(cents / 100, 2)}${CURRENCY_SPACE}€`;
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
