import { UserRoundPen, X } from 'lucide-react';
import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { bioReminder, common } from '#shared/messages.ts';
import { bioReminderDismissedKey, shouldShowBioReminder } from '#shared/rules/bio-reminder.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';

function readDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(bioReminderDismissedKey(userId)) === 'true';
  } catch {
    return false;
  }
}

/** The floating reminder to complete one's bio (spec 1 section 4; rule in shared/rules/bio-reminder.ts). */
export function BioReminder() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  // Not while the user is editing the profile, nor while booking: on a phone the card would cover
  // the time picker.
  if (!user || pathname === paths.editProfile.path || matchPath(paths.book.path, pathname)) return null;
  const dismissed = dismissedFor === user.id || readDismissed(user.id);
  if (!shouldShowBioReminder({ role: user.role, bio: user.bio, createdAt: user.created_at, dismissed })) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(bioReminderDismissedKey(user.id), 'true');
    } catch {
      // Without storage the reminder simply comes back next visit.
    }
    setDismissedFor(user.id);
  };

  return (
    <aside
      aria-labelledby="bio-reminder-title"
      className="fixed inset-x-3 bottom-3 z-30 rounded-2xl border border-line bg-white p-4 shadow-soft sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-96 motion-safe:animate-pop-in"
    >
      <div className="flex items-start gap-3">
        <span
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text"
          aria-hidden="true"
        >
          <UserRoundPen size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="bio-reminder-title" className="font-semibold text-ink">
            {bioReminder.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{bioReminder.text}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={paths.editProfile.href()} className={buttonClasses({ size: 'sm' })}>
              {bioReminder.action}
            </Link>
            <button type="button" onClick={dismiss} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              {bioReminder.dismiss}
            </button>
          </div>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={common.close}
          className="focus-ring -mt-1 -mr-1 inline-flex h-9 w-9 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100"
        >
          <X size={18} aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
