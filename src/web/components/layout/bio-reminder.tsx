import { UserRoundPen, X } from 'lucide-react';
import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { common } from '#shared/messages/common.ts';
import { bioReminder } from '#shared/messages/bio-reminder.ts';
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

/**
 * The reminder to complete one's bio (spec 1 sections 2 and 4; rule in shared/rules/bio-reminder.ts).
 * It sits in the flow at the top of the page instead of floating over it: a fixed card covered
 * buttons and fields (at 1280×800 too), and it must never cover the form it asks to fill.
 */
export function BioReminder() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  // Not on the profile form it points to, nor while booking: both pages have their own focus.
  if (!user || matchPath(paths.editProfile.path, pathname) || matchPath(paths.book.path, pathname)) return null;
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
    <section
      aria-labelledby="bio-reminder-title"
      className="mx-auto mt-4 w-[calc(100%-2rem)] max-w-6xl rounded-2xl border border-line bg-white p-4 shadow-soft sm:w-[calc(100%-3rem)] motion-safe:animate-pop-in"
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
    </section>
  );
}
