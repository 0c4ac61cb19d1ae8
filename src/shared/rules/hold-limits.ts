import {
  LAPSED_HOLDS_BEFORE_COOLDOWN,
  LAPSED_HOLDS_COOLDOWN_HOURS,
  LAPSED_HOLDS_WINDOW_HOURS,
  MAX_UNPAID_HOLDS_PER_HELPER,
  MAX_UNPAID_HOLDS_TOTAL,
} from '../constants.ts';

/**
 * How many unpaid payment holds a seeker may run, and when one who let several lapse with one helper
 * may open another with them (see the constants). The server applies these inside the booking
 * transaction, under the seeker's lock (bookings.service `holdTime`).
 */

const HOUR_MS = 3_600_000;

export type HoldRefusal = 'with_helper' | 'total';

/** Why a new hold is refused given the seeker's running holds (with this helper, and in all), or null. */
export function unpaidHoldRefusal(running: { withHelper: number; total: number }): HoldRefusal | null {
  if (running.withHelper >= MAX_UNPAID_HOLDS_PER_HELPER) return 'with_helper';
  if (running.total >= MAX_UNPAID_HOLDS_TOTAL) return 'total';
  return null;
}

/** The window to read lapses in: older ones can no longer start or extend a cooldown. */
export const LAPSE_LOOKBACK_MS = (LAPSED_HOLDS_WINDOW_HOURS + LAPSED_HOLDS_COOLDOWN_HOURS) * HOUR_MS;

/**
 * The end of the cooldown at `now`, or null when there is none: LAPSED_HOLDS_BEFORE_COOLDOWN lapses
 * (instants a checkout with this helper ended unpaid) within LAPSED_HOLDS_WINDOW_HOURS start a
 * cooldown of LAPSED_HOLDS_COOLDOWN_HOURS from the last of them.
 */
export function lapsedHoldsCooldownEnd(lapses: readonly Date[], now: Date): Date | null {
  const times = lapses.map((lapse) => lapse.getTime()).sort((a, b) => b - a);
  const span = LAPSED_HOLDS_BEFORE_COOLDOWN - 1;
  for (let latest = 0; latest + span < times.length; latest++) {
    const last = times[latest] ?? 0;
    const first = times[latest + span] ?? 0;
    if (last - first > LAPSED_HOLDS_WINDOW_HOURS * HOUR_MS) continue;
    // The latest qualifying series ends the latest cooldown: an earlier one cannot end later.
    const end = last + LAPSED_HOLDS_COOLDOWN_HOURS * HOUR_MS;
    return end > now.getTime() ? new Date(end) : null;
  }
  return null;
}
