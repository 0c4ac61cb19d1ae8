import { BOOKING_SWEEP_INTERVAL_MS } from '#shared/constants.ts';
import type { AppContext } from '../app-types.ts';
import { sweepBookings } from '../modules/bookings/bookings.service.ts';
import { sweepPayments } from '../modules/payments/payments.service.ts';

export type StopJobs = () => void;

/**
 * Periodic sweeps (complete past bookings, expire payment holds, then mark their open payments
 * expired and retry due refunds). Each is idempotent, so several processes may run them at the same
 * time (DESIGN.md section 15): the UPDATEs change a row once, refunds carry the booking's key.
 */
export function startJobs(ctx: AppContext): StopJobs {
  const timers: NodeJS.Timeout[] = [];
  const sweep = () => {
    sweepBookings(ctx.db)
      .then(() => sweepPayments(ctx))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'booking sweep failed'));
  };
  sweep();
  // unref: a pending sweep never keeps the process alive on shutdown.
  timers.push(setInterval(sweep, BOOKING_SWEEP_INTERVAL_MS).unref());
  return () => timers.forEach((timer) => clearInterval(timer));
}
