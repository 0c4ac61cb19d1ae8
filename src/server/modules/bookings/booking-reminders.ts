import { REMINDER_BATCH_SIZE, SESSION_REMINDER_HOURS } from '#shared/constants.ts';
import { isConfirmed } from '#shared/rules/booking-status.ts';
import type { AppContext } from '../../app-types.ts';
import { sendEach } from '../../adapters/mail/mailer.ts';
import { reminderMails } from './booking-mails.ts';
import {
  claimDueReminders,
  findDetailedBooking,
  findMeetingContact,
  releaseReminderClaim,
} from './bookings.repository.ts';

const HOUR_MS = 3_600_000;

export type ReminderSweep = { sent: number; failed: number };

/**
 * Mails the reminder of a claimed booking to both parties. False when a mail failed: the caller gives
 * the claim back. A booking cancelled between the claim and now keeps its claim and gets nothing.
 */
async function remind(ctx: AppContext, bookingId: string, now: Date): Promise<boolean> {
  const detailed = await findDetailedBooking(ctx.db, bookingId);
  if (!detailed || !isConfirmed(detailed.booking.status)) return true;
  const contact = await findMeetingContact(ctx.db, bookingId);
  const mails = reminderMails(detailed, contact, ctx.config.publicUrl, now);
  return sendEach(ctx.mailer, ctx.log, mails, { bookingId }, 'booking reminder not sent');
}

/**
 * The reminder sweep (DESIGN.md section 8 "Reminders", ADR 0008): one mail to each party
 * SESSION_REMINDER_HOURS before every scheduled or paid session. Each booking is claimed by the UPDATE
 * that sets `reminder_sent_at` (claimDueReminders), so several processes sweeping at once, or a restart,
 * never send it twice. A booking whose mail failed is released and the next sweep retries it (both
 * mails again: the party whose mail did leave gets a second one). The claim commits before the mails
 * leave, so only a process dying in between loses a reminder: ADR 0008 weighs that window.
 */
export async function sendDueReminders(ctx: AppContext, now: Date = new Date()): Promise<ReminderSweep> {
  const horizon = new Date(now.getTime() + SESSION_REMINDER_HOURS * HOUR_MS);
  const outcome: ReminderSweep = { sent: 0, failed: 0 };
  for (;;) {
    const ids = await claimDueReminders(ctx.db, now, horizon, REMINDER_BATCH_SIZE);
    for (const id of ids) {
      const delivered = await remind(ctx, id, now).catch((error: unknown) => {
        ctx.log.error({ err: error, bookingId: id }, 'booking reminder not prepared');
        return false;
      });
      if (delivered) {
        outcome.sent += 1;
      } else {
        outcome.failed += 1;
        await releaseReminderClaim(ctx.db, id, now);
      }
    }
    // Another batch only after a full one without failures: a released claim would come straight back.
    if (ids.length < REMINDER_BATCH_SIZE || outcome.failed > 0) return outcome;
  }
}
