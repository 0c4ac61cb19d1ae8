import { ArrowLeftRight, LayoutDashboard, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { nav } from '#shared/messages/common.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRoleToggle } from './use-role-toggle.ts';

/** The logged-in person's avatar menu, `name` as shown (loaded by AccountMenu once someone is logged in). */
export default function UserMenu({ name }: { name: string }) {
  const { user, isAdmin, logout } = useAuth();
  const { toggle } = useRoleToggle();
  const navigate = useNavigate();
  if (!user) return null;
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
