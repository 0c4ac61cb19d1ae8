import { PenLine } from 'lucide-react';
import { dashboard } from '#shared/messages/pages.ts';
import { profile } from '#shared/messages/profile.ts';
import { frenchLongParisDate } from '#shared/rules/paris-time.ts';
import { userDisplayName } from '#web/components/layout/account-menu.tsx';
import { RoleBadge } from '#web/components/layout/role-badge.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';

/** Profile tab: read-only view with a way to /edit-profile. */
export default function ProfileTab() {
  const { user } = useAuth();
  if (!user) return null;
  const name = userDisplayName(user);
  return (
    <Card className="max-w-3xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar name={name} src={user.avatar_url} size="xl" />
          <div className="min-w-0">
            <h2 className="truncate text-2xl font-semibold text-ink">{name}</h2>
            <RoleBadge role={user.role} className="mt-1" />
            <p className="mt-1 text-sm text-ink-muted">{dashboard.memberSince(frenchLongParisDate(user.created_at))}</p>
          </div>
        </div>
        <ButtonLink to={paths.editProfile.href()} variant="outline">
          <PenLine size={20} aria-hidden="true" />
          {dashboard.editProfile}
        </ButtonLink>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-ink-muted">{dashboard.profileEmail}</dt>
          <dd className="break-all text-ink">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{dashboard.profileUsername}</dt>
          <dd className="text-ink wrap-anywhere">{user.username ? `@${user.username}` : dashboard.noUsername}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-ink-muted">{dashboard.profileBio}</dt>
          <dd className="whitespace-pre-line text-ink wrap-anywhere">{user.bio?.trim() || profile.noBio}</dd>
        </div>
      </dl>
    </Card>
  );
}
