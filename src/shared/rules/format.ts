import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { DISPLAY_TIME_ZONE } from '../constants.ts';
import { common } from '../messages.ts';

/**
 * Display formatting shared by server and client (UI.md "Voice"): money in fr-FR with "Gratuit"
 * for 0, initials, and dates always in Paris time, whatever the zone of the machine.
 */

export function formatMoney(cents: number, currency = 'eur'): string {
  if (cents === 0) return common.free;
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

type DateInput = Date | string | number;

function inParis(value: DateInput): TZDate {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return new TZDate(time, DISPLAY_TIME_ZONE);
}

/** "mardi 3 décembre à 14 h 30" in Paris time. */
export function formatDateTimeLong(value: DateInput): string {
  return format(inParis(value), "EEEE d MMMM 'à' H 'h' mm", { locale: fr });
}

/** "03/12 14:30" in Paris time, for dense lists. */
export function formatDateTimeShort(value: DateInput): string {
  return format(inParis(value), 'dd/MM HH:mm', { locale: fr });
}

/** "mardi 3 décembre 2024" in Paris time. */
export function formatDateLong(value: DateInput): string {
  return format(inParis(value), 'EEEE d MMMM yyyy', { locale: fr });
}

/** "14:30" in Paris time. */
export function formatTime(value: DateInput): string {
  return format(inParis(value), 'HH:mm', { locale: fr });
}
