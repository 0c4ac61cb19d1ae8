import {
  BIO_COMPLETE_MIN_LENGTH,
  BIO_REMINDER_DISMISSED_KEY_PREFIX,
  BIO_REMINDER_MAX_ACCOUNT_AGE_DAYS,
} from '../constants.ts';
import { isHelperRole, isSeekerRole } from './roles.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BioReminderInput = {
  role: string | null | undefined;
  bio: string | null | undefined;
  /** Account creation time (ISO string or Date). */
  createdAt: string | Date;
  dismissed: boolean;
  now?: Date;
};

/**
 * The floating bio reminder is visible when all hold (spec 1 section 4): a normal user or a helper
 * (not an admin); the trimmed bio is 20 characters or fewer; the account is less than 30 days old;
 * the reminder was not dismissed.
 */
export function shouldShowBioReminder({
  role,
  bio,
  createdAt,
  dismissed,
  now = new Date(),
}: BioReminderInput): boolean {
  if (dismissed) return false;
  if (!isSeekerRole(role) && !isHelperRole(role)) return false;
  if ((bio ?? '').trim().length > BIO_COMPLETE_MIN_LENGTH) return false;
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < BIO_REMINDER_MAX_ACCOUNT_AGE_DAYS * DAY_MS;
}

/** Dismissal is stored per user id. */
export function bioReminderDismissedKey(userId: string): string {
  return `${BIO_REMINDER_DISMISSED_KEY_PREFIX}${userId}`;
}
