/**
 * The dashboard's tabs, in display order. To add a tab, add ONE entry (lazy-load its component):
 *   { id: 'offers', label: dashboard.tabOffers, visible: (auth) => auth.isHelper,
 *     Component: lazy(() => import('#web/features/offers/components/offers-tab.tsx')) },
 * `id` is the value of ?tab= (see DASHBOARD_TABS in config/paths.ts). The component takes no props
 * (use useAuth()); it renders inside the shell, below the tab bar.
 */
import { lazy } from 'react';
import { dashboard } from '#shared/messages/pages.ts';
import type { DashboardTabEntry } from '#web/components/layout/dashboard-shell.tsx';
import { UnreadTabBadge } from '#web/features/messaging/components/unread-badge.tsx';

export const dashboardTabs: readonly DashboardTabEntry[] = [
  { id: 'overview', label: dashboard.tabOverview, Component: lazy(() => import('./dashboard/overview-tab.tsx')) },
  // offers tab
  {
    id: 'offers',
    label: dashboard.tabOffers,
    visible: (auth) => auth.isHelper,
    Component: lazy(() => import('#web/features/offers/components/offers-tab.tsx')),
  },

  // bookings tab
  {
    id: 'bookings',
    label: dashboard.tabBookings,
    Component: lazy(() => import('#web/features/booking/components/bookings-tab.tsx')),
  },

  // messages tab (aliases: ['conversations'])
  {
    id: 'messages',
    label: dashboard.tabMessages,
    aliases: ['conversations'],
    Component: lazy(() => import('./dashboard/messages-tab.tsx')),
    Badge: UnreadTabBadge,
  },

  { id: 'profile', label: dashboard.tabProfile, Component: lazy(() => import('./dashboard/profile-tab.tsx')) },
  // admin tab
  {
    id: 'admin',
    label: dashboard.tabAdmin,
    visible: (auth) => auth.isAdmin,
    Component: lazy(() => import('#web/features/admin/components/admin-link-tab.tsx')),
  },
];
