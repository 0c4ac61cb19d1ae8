import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { UNREAD_BADGE_MAX } from '#shared/constants.ts';
import { unreadBadge } from '#shared/messages/messaging-actions.ts';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { cn } from '#web/lib/cn.ts';
import { useUnread } from '../api/get-unread.ts';

/** "99+" past the cap (spec 2 section 9: the badge shows up to 99, then '99+'). */
export function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

/** A small count, read "N messages non lus" by screen readers; nothing at 0. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      role="img"
      aria-label={unreadBadge.label(count)}
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-none font-semibold text-white',
        className,
      )}
    >
      {unreadBadgeText(count)}
    </span>
  );
}

/** The caller's live unread total (0 for a visitor, or while it loads). */
export function useUnreadTotal(): number {
  const { user } = useAuth();
  const unread = useUnread({ enabled: user !== null });
  return user !== null ? (unread.data?.total ?? 0) : 0;
}

/** The badge of the dashboard's messages tab (DashboardTabEntry.Badge). */
export function UnreadTabBadge() {
  return <UnreadBadge count={useUnreadTotal()} />;
}

/** The headers' link to the messages tab, with the badge; nothing for a visitor. */
export function MessagesHeaderLink({ className }: { className?: string }) {
  const { user } = useAuth();
  const total = useUnreadTotal();
  if (!user) return null;
  return (
    <Link
      to={paths.dashboard.href('messages')}
      className={cn(
        'focus-ring relative inline-flex h-10 w-10 items-center justify-center rounded-xl text-ink transition-colors duration-150 hover:bg-white/70',
        className,
      )}
      title={unreadBadge.headerLink}
    >
      <MessageCircle size={20} aria-hidden="true" />
      <span className="sr-only">{unreadBadge.headerLink}</span>
      <UnreadBadge count={total} className="absolute -top-1 -right-1" />
    </Link>
  );
}
