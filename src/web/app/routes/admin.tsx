import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { AccessDenied } from '#web/components/layout/dashboard-shell.tsx';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminConsole } from '#web/features/admin/components/admin-console.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** One toast however many times the refusal renders (StrictMode, a re-render before the redirect). */
const ACCESS_DENIED_TOAST_ID = 'admin-access-denied';

/**
 * Spec 2 sections 2 and 6: anyone but an admin (a visitor too) sees "Accès refusé", gets the toast
 * "Accès refusé - Vous devez être administrateur pour accéder à cette page" and is sent home. The
 * server refuses the admin calls on its own (401, 403 ADMIN_REQUIRED): this is the page's courtesy.
 */
function Refused() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(admin.accessDeniedToast, { id: ACCESS_DENIED_TOAST_ID });
    void navigate(paths.home.href(), { replace: true });
  }, [navigate]);
  return <AccessDenied title={admin.accessDenied} text={admin.accessDeniedToast} />;
}

/** /admin and /admin/support: the admin console, for role admin only. */
export default function AdminPage() {
  useDocumentTitle(adminConsole.pageTitle);
  const { user, isAdmin, isLoading } = useAuth();
  if (isLoading) return <PageSkeleton />;
  if (!user || !isAdmin) return <Refused />;
  return <AdminConsole />;
}
