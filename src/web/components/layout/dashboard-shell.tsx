import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { common } from '#shared/messages/common.ts';
import { dashboard } from '#shared/messages/pages.ts';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PageSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { paths, type DashboardTab } from '#web/config/paths.ts';
import { useAuth, type AuthState } from '#web/lib/auth.tsx';
import { Lock } from 'lucide-react';

export type DashboardTabEntry = {
  id: DashboardTab;
  label: string;
  /** Other values of `?tab=` that open this tab (e.g. "conversations" for "messages"). */
  aliases?: readonly DashboardTab[];
  /** Who sees the tab; everyone logged in when absent. */
  visible?: (auth: AuthState) => boolean;
  /** A lazy component (React.lazy) or a plain one. */
  Component: ComponentType;
  /** Optional badge next to the label (e.g. the unread count). */
  Badge?: ComponentType;
};

/** "Accès refusé" with a link home (spec 1 section 2 "Dashboard"), reused by guarded pages. */
export function AccessDenied({
  title = common.accessDenied,
  text = common.accessDeniedHint,
}: {
  title?: string;
  text?: string;
}) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <EmptyState
        headingLevel="h1"
        icon={<Lock size={22} />}
        title={title}
        description={text}
        action={<ButtonLink to={paths.home.href()}>{common.backHome}</ButtonLink>}
      />
    </div>
  );
}

/**
 * The dashboard: a tab bar driven by the `tab` query parameter (scrollable on phones), one panel per
 * registered tab. Unknown or hidden tabs fall back to the first one. Changing tab drops
 * `conversation` (spec 2 section 2: the parameter belongs to the messages tab).
 */
export function DashboardShell({ tabs, header }: { tabs: readonly DashboardTabEntry[]; header?: ReactNode }) {
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();

  if (auth.isLoading) return <PageSkeleton />;
  if (!auth.user) return <AccessDenied />;

  const visibleTabs = tabs.filter((tab) => tab.visible?.(auth) ?? true);
  const requested = searchParams.get('tab');
  const active =
    visibleTabs.find((tab) => tab.id === requested || tab.aliases?.some((alias) => alias === requested)) ??
    visibleTabs[0];
  if (!active) return null;

  const selectTab = (id: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', id);
    next.delete('conversation');
    setSearchParams(next);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6">
        <h1 className="text-3xl font-semibold text-ink">{dashboard.title}</h1>
        {header}
      </div>
      <Tabs value={active.id} onValueChange={selectTab} activationMode="manual">
        <TabsList aria-label={dashboard.tabsLabel}>
          {visibleTabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id}>
              {tab.label}
              {tab.Badge ? <tab.Badge /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {visibleTabs.map((tab) => (
          <TabsContent key={tab.id} value={tab.id}>
            {tab.id === active.id ? (
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
