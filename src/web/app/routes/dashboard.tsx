import { pageTitles } from '#shared/messages/common.ts';
import { dashboard } from '#shared/messages/pages.ts';
import { userDisplayName } from '#web/components/layout/account-menu.tsx';
import { DashboardShell } from '#web/components/layout/dashboard-shell.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { dashboardTabs } from '../dashboard-tabs.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /dashboard?tab=…&conversation=… (spec 1 section 2 "Dashboard"). */
export default function DashboardPage() {
  useDocumentTitle(pageTitles.dashboard);
  const { user } = useAuth();
  return (
    <DashboardShell
      tabs={dashboardTabs}
      header={
        user ? (
          // A long unbroken name (or the e-mail when there is none) wraps rather than widening the page at 360 px.
          <p className="mt-1 text-ink-muted wrap-anywhere">
            {dashboard.greeting(userDisplayName(user))}. {dashboard.intro}
          </p>
        ) : null
      }
    />
  );
}
