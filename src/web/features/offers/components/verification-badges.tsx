import { MailCheck, ScrollText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { verificationAnchors, verificationBadges } from '#shared/messages/verification.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import type { UserVerification } from '#shared/schemas/users.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';

type BadgeItem = { anchor: string; icon: ReactNode; label: string; detail?: string };

/**
 * What was checked about a helper, one badge per check that passed, each linking to its explanation
 * on "Comment nous vérifions les aidants". A check that did not pass shows nothing: no badge claims
 * what was not checked.
 */
export function VerificationBadges({
  verification,
  className,
}: {
  verification: UserVerification;
  className?: string;
}) {
  const items: BadgeItem[] = [];
  if (verification.email_confirmed) {
    items.push({ anchor: verificationAnchors.email, icon: <MailCheck size={16} />, label: verificationBadges.email });
  }
  if (verification.identity_verified) {
    items.push({
      anchor: verificationAnchors.identity,
      icon: <ShieldCheck size={16} />,
      label: verificationBadges.identity,
    });
  }
  if (verification.charter_accepted && verification.charter_version && verification.charter_accepted_at) {
    items.push({
      anchor: verificationAnchors.charter,
      icon: <ScrollText size={16} />,
      label: verificationBadges.charter,
      detail: verificationBadges.charterDetail(
        verification.charter_version,
        frenchParisDate(verification.charter_accepted_at),
      ),
    });
  }
  if (items.length === 0) return null;
  return (
    <ul aria-label={verificationBadges.listLabel} className={cn('flex flex-wrap gap-2', className)}>
      {items.map((item) => (
        <li key={item.anchor}>
          <Link
            to={paths.helperVerification.href(item.anchor)}
            className="focus-ring inline-flex items-start gap-1.5 rounded-2xl bg-success-soft px-3 py-1 text-sm font-medium text-success hover:underline"
          >
            <span aria-hidden="true" className="mt-0.5 shrink-0">
              {item.icon}
            </span>
            <span>
              {item.label}
              {item.detail ? <span className="font-normal"> ({item.detail})</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
