import { PenLine, Plus, Search } from 'lucide-react';
import { dashboard } from '#shared/messages/pages.ts';
import { profile } from '#shared/messages/profile.ts';
import { userDisplayName } from '#web/components/layout/account-menu.tsx';
import { RoleBadge } from '#web/components/layout/role-badge.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card, CardTitle } from '#web/components/ui/card.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { statsFigures, useBookingStats } from '#web/features/booking/api/get-booking-stats.ts';
import { useUnread } from '#web/features/messaging/api/get-unread.ts';
import { PayoutPanel } from '#web/features/payments/components/payout-panel.tsx';
import { DashboardStats, type DashboardFigures } from './dashboard-stats.tsx';

/** Overview tab (spec 1 section 2 "Dashboard"): figures, profile panel, quick actions, payout panel. */
export default function OverviewTab() {
  const { user, isHelper } = useAuth();
  const stats = useBookingStats();
  // Live: the app socket writes the total into this query's cache (spec 1 section 2 "unread messages (live)").
  const unread = useUnread({ enabled: user !== null });
  if (!user) return null;
  const name = userDisplayName(user);
  const figures: DashboardFigures = {
    ...(stats.data ? statsFigures(stats.data) : {}),
    unreadMessages: unread.data ? String(unread.data.total) : undefined,
  };
  return (
    // grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long name is cut, it does not widen the column at 360 px.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="min-w-0 lg:col-span-1">
        <CardTitle>{dashboard.profilePanelTitle}</CardTitle>
        <div className="mt-4 flex items-center gap-4">
          <Avatar name={name} src={user.avatar_url} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-ink">{name}</p>
            {user.username ? <p className="truncate text-ink-muted">@{user.username}</p> : null}
            <RoleBadge role={user.role} className="mt-1" />
          </div>
        </div>
        <p className="mt-4 whitespace-pre-line text-slate-700 wrap-anywhere">{user.bio?.trim() || profile.noBio}</p>
      </Card>
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <DashboardStats figures={figures} showRevenue={isHelper} />
        <Card>
          <CardTitle>{dashboard.quickActionsTitle}</CardTitle>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink to={paths.editProfile.href()} variant="outline">
              <PenLine size={20} aria-hidden="true" />
              {dashboard.editProfile}
            </ButtonLink>
            <ButtonLink to={paths.search.href()} variant="outline">
              <Search size={20} aria-hidden="true" />
              {dashboard.findHelp}
            </ButtonLink>
            {isHelper ? (
              <ButtonLink to={paths.createOffer.href()}>
                <Plus size={20} aria-hidden="true" />
                {dashboard.createOffer}
              </ButtonLink>
            ) : null}
          </div>
        </Card>
        {/* Helpers only: the payout panel, and the financial dashboard once the account is active. */}
        {isHelper ? <PayoutPanel /> : null}
      </div>
    </div>
  );
}
