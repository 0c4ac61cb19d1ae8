import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { DISPLAY_TIME_ZONE, MESSAGE_TIME_ONLY_HOURS } from '../constants.ts';
import { frenchLongParis, parisClock, type Instant } from './paris-time.ts';

/**
 * Thread timestamps (spec 2 section 2, issue 10 section 4): a message sent within the last 24 hours
 * shows its Paris clock time ("14:30"), an older one its Paris day and short month ("3 déc.").
 */

const HOUR_MS = 3_600_000;

function toDate(instant: Instant): Date {
  return instant instanceof Date ? instant : new Date(instant);
}

/**
 * "14:30" within MESSAGE_TIME_ONLY_HOURS of `now`, "3 déc." before that. A timestamp slightly in the
 * future (the client's clock behind the server's) is recent, so it shows as a time too.
 */
export function formatMessageTime(sentAt: string | Date, now: Date = new Date()): string {
  const sent = toDate(sentAt);
  const age = now.getTime() - sent.getTime();
  if (age < MESSAGE_TIME_ONLY_HOURS * HOUR_MS) return parisClock(sent);
  return format(new TZDate(sent.getTime(), DISPLAY_TIME_ZONE), 'd MMM', { locale: fr });
}

/** "mardi 3 décembre à 14 h 30": the full Paris date and time, for a `title` tooltip. */
export function formatMessageTimeLong(sentAt: string | Date): string {
  return frenchLongParis(sentAt);
}
