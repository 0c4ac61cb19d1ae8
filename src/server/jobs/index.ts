import { BOOKING_SWEEP_INTERVAL_MS } from '#shared/constants.ts';
import type { AppContext } from '../app-types.ts';
import { sweepBookings } from '../modules/bookings/bookings.service.ts';

export type StopJobs = () => void;

/**
 * Periodic sweeps (complete past bookings, expire payment holds). Each is a single idempotent UPDATE,
 * so several processes may run them at the same time (DESIGN.md section 15).
 */
export function startJobs(ctx: AppContext): StopJobs {
  const timers: NodeJS.Timeout[] = [];
  const sweep = () => {
    sweepBookings(ctx.db).catch((error: unknown) => ctx.log.error({ err: error }, 'booking sweep failed'));
  };
  sweep();
  // unref: a pending sweep never keeps the process alive on shutdown.
  timers.push(setInterval(sweep, BOOKING_SWEEP_INTERVAL_MS).unref());
  return () => timers.forEach((timer) => clearInterval(timer));
}
