import { describe, expect, it } from 'vitest';
import { bioReminderDismissedKey, shouldShowBioReminder } from './bio-reminder.ts';

const now = new Date('2025-03-31T12:00:00Z');
const base = { role: 'helpee', bio: '', createdAt: '2025-03-20T12:00:00Z', dismissed: false, now };

describe('shouldShowBioReminder', () => {
  it('shows for a new seeker or helper with an empty bio', () => {
    expect(shouldShowBioReminder(base)).toBe(true);
    expect(shouldShowBioReminder({ ...base, role: 'helper' })).toBe(true);
    expect(shouldShowBioReminder({ ...base, role: 'user' })).toBe(true);
    expect(shouldShowBioReminder({ ...base, bio: null })).toBe(true);
  });

  it('never shows for an admin or an unknown role', () => {
    expect(shouldShowBioReminder({ ...base, role: 'admin' })).toBe(false);
    expect(shouldShowBioReminder({ ...base, role: null })).toBe(false);
  });

  it('treats a trimmed bio of 20 characters or fewer as incomplete', () => {
    expect(shouldShowBioReminder({ ...base, bio: `   ${'a'.repeat(20)}   ` })).toBe(true);
    expect(shouldShowBioReminder({ ...base, bio: 'a'.repeat(21) })).toBe(false);
  });

  it('only shows for accounts younger than 30 days', () => {
    expect(shouldShowBioReminder({ ...base, createdAt: '2025-03-01T12:00:01Z' })).toBe(true);
    expect(shouldShowBioReminder({ ...base, createdAt: '2025-03-01T12:00:00Z' })).toBe(false);
    expect(shouldShowBioReminder({ ...base, createdAt: new Date('2024-12-01T00:00:00Z') })).toBe(false);
    expect(shouldShowBioReminder({ ...base, createdAt: 'not a date' })).toBe(false);
  });

  it('stays hidden once dismissed', () => {
    expect(shouldShowBioReminder({ ...base, dismissed: true })).toBe(false);
  });
});

describe('bioReminderDismissedKey', () => {
  it('is stored per user id', () => {
    expect(bioReminderDismissedKey('u-1')).toBe('bio_reminder_dismissed_u-1');
    expect(bioReminderDismissedKey('u-2')).not.toBe(bioReminderDismissedKey('u-1'));
  });
});
