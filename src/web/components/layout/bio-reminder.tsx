import { UserRoundPen, X } from 'lucide-react';
import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { common } from '#shared/messages/common.ts';
import { bioReminder } from '#shared/messages/bio-reminder.ts';
import { bioReminderDismissedKey, shouldShowBioReminder } from '#shared/rules/bio-reminder.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { PageNotice } from './page-notice.tsx';
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
 * A PageNotice, in the flow: it must never cover the form it asks to fill.
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
    <PageNotice
      icon={<UserRoundPen size={20} />}
      title={bioReminder.title}
      text={bioReminder.text}
      className="motion-safe:animate-pop-in"
      aside={
        <button
          type="button"
          onClick={dismiss}
          aria-label={common.close}
          className="focus-ring -mt-1 -mr-1 inline-flex h-9 w-9 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100"
        >
          <X size={18} aria-hidden="true" />
        </button>
      }
    >
      <Link to={paths.editProfile.href()} className={buttonClasses({ size: 'sm' })}>
        {bioReminder.action}
      </Link>
      <button type="button" onClick={dismiss} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        {bioReminder.dismiss}
      </button>
    </PageNotice>
  );
}
