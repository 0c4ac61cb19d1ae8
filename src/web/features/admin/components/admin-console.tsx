import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { adminConsole } from '#shared/messages/admin.ts';
import { adminReports } from '#shared/messages/trust-web.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ADMIN_TABS, paths, type AdminTab } from '#web/config/paths.ts';

const tabs: readonly { id: AdminTab; label: string; Component: ComponentType }[] = [
  { id: 'dashboard', label: adminConsole.tabDashboard, Component: lazy(() => import('./dashboard-tab.tsx')) },
  { id: 'offers', label: adminConsole.tabOffers, Component: lazy(() => import('./offers-tab.tsx')) },
  { id: 'support', label: adminConsole.tabSupport, Component: lazy(() => import('./support-tab.tsx')) },
  { id: 'chats', label: adminConsole.tabChats, Component: lazy(() => import('./chats-tab.tsx')) },
  { id: 'all-messages', label: adminConsole.tabAllMessages, Component: lazy(() => import('./all-messages-tab.tsx')) },
  // Issue 13 section 1: the reports queue, opened from the dashboard's pending-reports card.
  { id: 'reports', label: adminReports.tabLabel, Component: lazy(() => import('./reports-tab.tsx')) },
];

const isAdminTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab === value);

/**
 * The admin console (spec 2 section 2; the reports tab of issue 13): six tabs driven by `?tab=` (a tab
 * bar that scrolls on phones). /admin opens on the dashboard, /admin/support on the support tab: the
 * same page.
 */
export function AdminConsole() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const requested = searchParams.get('tab');
  const fallback: AdminTab =
    pathname.replace(/\/+$/, '').toLowerCase() === paths.adminSupport.path ? 'support' : 'dashboard';
  const active = isAdminTab(requested) ? requested : fallback;

  const selectTab = (id: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', id);
    setSearchParams(next);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <h1 className="text-3xl font-semibold text-ink">{adminConsole.title}</h1>
        <p className="mt-2 text-ink-muted">{adminConsole.intro}</p>
      </div>
      <Tabs value={active} onValueChange={selectTab} activationMode="manual">
        <TabsList aria-label={adminConsole.tabsLabel}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.id} value={tab.id}>
            {tab.id === active ? (
              <Suspense fallback={<Skeleton className="h-64" />}>
                <tab.Component />
              </Suspense>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
