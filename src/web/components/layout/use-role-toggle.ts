import { useState } from 'react';
import { useNavigate } from 'react-router';
import { role as roleMessages } from '#shared/messages/role.ts';
import { common } from '#shared/messages/common.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';

/** The header's role switch: POST /users/toggle-role, toasts from spec 1 section 8 "Auth and role". */
export function useRoleToggle() {
  const { toggleRole } = useAuth();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      await toggleRole();
      toast.success(roleMessages.changeSuccess);
    } catch (error) {
      const text = error instanceof ApiError && error.status < 500 ? error.message : roleMessages.changeError;
      toast.error(common.error, { description: text });
    } finally {
      setPending(false);
    }
  };
  return { toggle: run, pending };
}

/**
 * "Je veux aider" / "Devenir aidant" (spec 1 section 2): logged out opens the login dialog; a
 * non-helper switches to helper ("Rôle changé !") then goes to /dashboard; a helper just goes there.
 * An admin cannot switch (spec 1 section 6): the button stays on the public landing page, which is
 * the same for everyone, and says so instead of doing nothing visible.
 */
export function useBecomeHelper() {
  const { isAuthenticated, isHelper, isAdmin, toggleRole } = useAuth();
  const authDialog = useAuthDialog();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (!isAuthenticated) {
      authDialog.open('login');
      return;
    }
    if (isAdmin) {
      toast.error(roleMessages.adminCannotChange);
      return;
    }
    if (isHelper) {
      void navigate(paths.dashboard.href());
      return;
    }
    setPending(true);
    try {
      await toggleRole();
      toast.success(roleMessages.changedToast);
      void navigate(paths.dashboard.href());
    } catch (error) {
      // The server's refusal says why (an account that became admin meanwhile); anything else gets the spec's text.
      const refused = error instanceof ApiError && error.status < 500 && error.code !== null;
      toast.error(refused ? error.message : roleMessages.changeFailedToast);
    } finally {
      setPending(false);
    }
  };
  return { becomeHelper: run, pending };
}
