import { Flag } from 'lucide-react';
import { useState } from 'react';
import { trust } from '#shared/messages/trust.ts';
import { reportDialog } from '#shared/messages/trust-web.ts';
import { Button, type ButtonSize, type ButtonVariant } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { cn } from '#web/lib/cn.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import type { ReportTarget } from './report-dialog-panel.tsx';

export type { ReportTarget, ReportTargetType } from './report-dialog-panel.tsx';

/**
 * The report dialog (report-dialog-panel.tsx), loaded on its first opening: the pages that show a
 * "Signaler" button (helper profile, booking page) become interactive without the dialog, its form
 * and zod.
 */
export const ReportDialog = lazyDialog(() => import('./report-dialog-panel.tsx'));

/**
 * "Signaler" and its dialog, for any page that shows something reportable. A visitor gets the login
 * dialog instead (reports come from accounts, so they can be rate limited and never anonymous spam).
 */
export function ReportButton({
  target,
  variant = 'ghost',
  size = 'sm',
  className,
}: {
  target: ReportTarget;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const auth = useAuth();
  const authDialog = useAuthDialog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn('text-ink-muted', className)}
        aria-label={reportDialog.buttonLabel[target.type]}
        aria-haspopup="dialog"
        // Only a member opens it: a visitor's click opens the login dialog.
        {...(auth.isAuthenticated ? ReportDialog.preloadOn : {})}
        onClick={() => {
          // While a stored session is being checked, a click would wrongly ask a member to log in.
          if (auth.isLoading) return;
          if (!auth.isAuthenticated) {
            authDialog.open('login');
            return;
          }
          setOpen(true);
        }}
      >
        <Flag size={16} aria-hidden="true" />
        {trust.report}
      </Button>
      <ReportDialog target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}
