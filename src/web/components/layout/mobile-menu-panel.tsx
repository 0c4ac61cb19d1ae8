import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { common, nav } from '#shared/messages/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import { overlayClasses } from '#web/components/ui/dialog.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { RoleToggleButton, userDisplayName } from './account-menu.tsx';

export type MobileLink = { to: string; label: ReactNode };

const linkClasses = 'focus-ring block rounded-xl px-3 py-3 text-lg font-medium text-ink hover:bg-slate-100';

/** The phone menu: "Mon espace" first, then the page's links and the account actions. */
export default function MobileMenuPanel({
  links,
  open,
  onOpenChange,
  onClosed,
}: {
  links: readonly MobileLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the opening button (outside this panel, so Radix does not know it). */
  onClosed: () => void;
}) {
  const { user, isAdmin, logout } = useAuth();
  const authDialog = useAuthDialog();
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-soft data-[state=open]:animate-fade-in focus:outline-none"
        >
          <div className="mb-2 flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">{common.appName}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="focus-ring inline-flex h-11 w-11 items-center justify-center rounded-xl hover:bg-slate-100"
              aria-label={nav.closeMenu}
            >
              <X size={22} aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label={nav.mainNavigation}>
            <Link to={paths.dashboard.href()} className={linkClasses} onClick={close}>
              {nav.mySpace}
            </Link>
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={linkClasses} onClick={close}>
                {link.label}
              </Link>
            ))}
            {user ? (
              <Link to={paths.editProfile.href()} className={linkClasses} onClick={close}>
                {nav.profile}
              </Link>
            ) : null}
            {isAdmin ? (
              <Link to={paths.admin.href()} className={linkClasses} onClick={close}>
                {nav.admin}
              </Link>
            ) : null}
          </nav>
          <div className="mt-auto space-y-3 border-t border-line pt-4">
            {user ? (
              <>
                <p className="px-1 text-sm text-ink-muted">{userDisplayName(user)}</p>
                <RoleToggleButton className="w-full" />
                <Button
                  variant="outline"
                  fullWidth
                  onClick={() => {
                    close();
                    logout();
                  }}
                >
                  {nav.logout}
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="outline"
                  fullWidth
                  onClick={() => {
                    close();
                    authDialog.open('login');
                  }}
                >
                  {nav.login}
                </Button>
                <Button
                  fullWidth
                  onClick={() => {
                    close();
                    authDialog.open('signup');
                  }}
                >
                  {nav.getStarted}
                </Button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
