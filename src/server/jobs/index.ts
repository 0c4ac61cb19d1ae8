import type { AppContext } from '../app-types.ts';
import { sendDueReminders, sweepBookings } from '../modules/bookings/bookings.service.ts';
import { sweepPayments } from '../modules/payments/payments.service.ts';

export type StopJobs = () => void;

/**
 * Periodic sweeps (complete past bookings, expire payment holds, then mark their open payments
 * expired and retry due refunds; send the 24-hour session reminders). Each is idempotent, so several
 * processes may run them at the same time (DESIGN.md section 15): the UPDATEs change a row once,
 * refunds carry the booking's key.
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
  timers.push(setInterval(sweep, ctx.config.sweepIntervals.bookingsMs).unref());

  // 24-hour reminders (ADR 0008): each booking is claimed by one UPDATE, so every process may sweep.
  // One sweep at a time per process: a slow mail server must not pile sweeps up.
  let reminding = false;
  const remind = () => {
    if (reminding) return;
    reminding = true;
    sendDueReminders(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'reminder sweep failed'))
      .finally(() => {
        reminding = false;
      });
  };
  remind();
  timers.push(setInterval(remind, ctx.config.sweepIntervals.remindersMs).unref());
  return () => timers.forEach((timer) => clearInterval(timer));
}
