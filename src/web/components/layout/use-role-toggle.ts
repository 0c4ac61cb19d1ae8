import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '#shared/error-codes.ts';
import { role as roleMessages } from '#shared/messages/role.ts';
import { common } from '#shared/messages/common.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuthDialog } from '#web/lib/auth-dialog.ts';
import { useCharterDialog } from '#web/lib/charter-dialog.ts';

/**
 * POST /users/toggle-role, with the helper charter first when it makes someone a helper and the
 * current version is not known to be accepted (the server refuses it otherwise). While GET /users/me
 * is still pending nothing is known: the charter is asked. A refusal for the charter (a version
 * published since the page loaded) asks it too, then switches. Resolves the new role, or null when
 * the person closed the charter without accepting it: nothing changed.
 */
export function useToggleRoleWithCharter(): () => Promise<string | null> {
  const { user, isHelper, isAdmin, toggleRole } = useAuth();
  const charter = useCharterDialog();
  return async () => {
    const becomingHelper = !isHelper && !isAdmin;
    if (becomingHelper && !user?.verification.charter_accepted && !(await charter.request('become'))) return null;
    try {
      return await toggleRole();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.CHARTER_NOT_ACCEPTED) throw error;
      if (!(await charter.request('become'))) return null;
      return toggleRole();
    }
  };
}

/** The header's role switch: POST /users/toggle-role, toasts from spec 1 section 8 "Auth and role". */
export function useRoleToggle() {
  const toggleRole = useToggleRoleWithCharter();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      if ((await toggleRole()) === null) return;
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
 * non-helper accepts the charter if needed, switches to helper ("Rôle changé !") then goes to
 * /dashboard; a helper just goes there.
 * An admin cannot switch (spec 1 section 6): the button stays on the public landing page, which is
 * the same for everyone, and says so instead of doing nothing visible.
 */
export function useBecomeHelper() {
  const { isAuthenticated, isHelper, isAdmin } = useAuth();
  const toggleRole = useToggleRoleWithCharter();
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
      if ((await toggleRole()) === null) return;
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
