import { ArrowLeftRight, LayoutDashboard, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { role as roleMessages } from '#shared/messages/auth.ts';
import { nav } from '#shared/messages/common.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
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

/** Avatar menu when logged in; "Se connecter" and "Commencer" when logged out. */
export function AccountMenu() {
  const { user, isLoading, isAdmin, logout } = useAuth();
  const authDialog = useAuthDialog();
  const { toggle } = useRoleToggle();
  const navigate = useNavigate();

  if (isLoading) return <Skeleton className="h-10 w-10 rounded-full" />;
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
    <DropdownMenu>
      <DropdownMenuTrigger className="focus-ring rounded-full" aria-label={`${nav.accountMenu} (${name})`}>
        <Avatar name={name} src={user.avatar_url} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-medium text-ink wrap-anywhere">{name}</span>
          {user.username ? <span className="block wrap-anywhere">@{user.username}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.href())}>
          <LayoutDashboard size={18} aria-hidden="true" />
          {nav.mySpace}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate(paths.editProfile.href())}>
          <UserRound size={18} aria-hidden="true" />
          {nav.profile}
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem onSelect={() => void navigate(paths.admin.href())}>
            <ShieldCheck size={18} aria-hidden="true" />
            {nav.admin}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => void toggle()}>
            <ArrowLeftRight size={18} aria-hidden="true" />
            {nav.switchRole}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout}>
          <LogOut size={18} aria-hidden="true" />
          {nav.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
