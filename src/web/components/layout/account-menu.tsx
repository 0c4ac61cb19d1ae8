import { ArrowLeftRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { role as roleMessages } from '#shared/messages/role.ts';
import { nav } from '#shared/messages/common.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { useRoleToggle } from './use-role-toggle.ts';

export function userDisplayName(user: { display_name: string | null; username: string | null; email: string }): string {
  return user.display_name?.trim() || user.username || user.email;
}

/** "Mode Aidant" / "Mode Aidé": shows the current mode, switches on click (spec 1 section 2). */
export function RoleToggleButton({ className }: { className?: string }) {
  const { user, isHelper, isAdmin } = useAuth();
  const { toggle, pending } = useRoleToggle();
  if (!user || isAdmin) return null;
  const label = isHelper ? roleMessages.modeHelper : roleMessages.modeSeeker;
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      onClick={() => void toggle()}
      loading={pending}
      aria-label={`${label} — ${roleMessages.switchRole}`}
      title={roleMessages.switchRole}
    >
      <ArrowLeftRight size={18} aria-hidden="true" />
      {label}
    </Button>
  );
}

// The menu itself (Radix, its positioning) loads for a logged-in person only: a visitor's first
// paint does without it (DESIGN.md section 9).
const loadUserMenu = () => import('./user-menu.tsx');
const UserMenu = lazy(loadUserMenu);

/**
 * Avatar menu when logged in (user-menu.tsx; the avatar alone while it loads); "Se connecter" and
 * "Commencer" when logged out.
 */
export function AccountMenu() {
  const { user, isLoading } = useAuth();
  const authDialog = useAuthDialog();

  if (isLoading) {
    // A stored token is being checked: fetch the menu meanwhile (the import is made once).
    void loadUserMenu();
    return <Skeleton className="h-10 w-10 rounded-full" />;
  }
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => authDialog.open('login')}>
          {nav.login}
        </Button>
        <Button size="sm" onClick={() => authDialog.open('signup')}>
          {nav.getStarted}
        </Button>
      </div>
    );
  }
  const name = userDisplayName(user);
  return (
    <Suspense fallback={<Avatar name={name} src={user.avatar_url} />}>
      <UserMenu name={name} />
    </Suspense>
  );
}
