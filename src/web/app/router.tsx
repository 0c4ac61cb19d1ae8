/**
 * Routes of the web app.
 *
 * How to add a page (one line, in the group of your feature below):
 *   { path: paths.x.path, lazy: page(() => import('./routes/x.tsx')) },
 * where `./routes/x.tsx` has a default export (the page component) and `paths.x` exists in
 * src/web/config/paths.ts. Every route is lazy-loaded except the landing page (DESIGN.md section 9).
 * Pages render inside RootLayout (header, footer, login dialog) and its error boundary. Protect a
 * page with `useAuth()` (user, isLoading, isHelper, isAdmin) and `<AccessDenied />` from
 * components/layout/dashboard-shell.tsx; open the login dialog with `useAuthDialog().open('login')`.
 *
 * Dashboard tabs are not routes: add one entry to app/dashboard-tabs.tsx.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { PageHandle } from '#web/lib/page-load.ts';
import LandingPage, { ssr as landingSsr } from './routes/landing.tsx';
import { PUBLIC_PAGE_MODULES, type PageModule } from './public-pages.ts';

/**
 * Adapts a page module (default export) to React Router's `lazy`. A public page's `ssr` loader
 * (lib/page-load.ts) rides in the route's `handle`, where the server-side renderer finds it.
 */
export function page(load: () => Promise<PageModule>) {
  return async () => {
    const module = await load();
    const handle: PageHandle = { ssr: module.ssr };
    return { Component: module.default, handle };
  };
}

const pageRoutes: RouteObject[] = [
  { index: true, Component: LandingPage, handle: { ssr: landingSsr } satisfies PageHandle },

  // account pages
  { path: paths.dashboard.path, lazy: page(() => import('./routes/dashboard.tsx')) },
  { path: paths.editProfile.path, lazy: page(() => import('./routes/edit-profile.tsx')) },
  { path: paths.forgotPassword.path, lazy: page(() => import('./routes/forgot-password.tsx')) },
  { path: paths.resetPassword.path, lazy: page(() => import('./routes/reset-password.tsx')) },
  { path: paths.verifyEmail.path, lazy: page(() => import('./routes/verify-email.tsx')) },
  { path: paths.dataRights.path, lazy: page(() => import('./routes/data-rights.tsx')) },

  // static pages
  { path: paths.about.path, lazy: page(PUBLIC_PAGE_MODULES.about) },
  { path: paths.confidentialite.path, lazy: page(PUBLIC_PAGE_MODULES.confidentialite) },
  { path: paths.cgv.path, lazy: page(PUBLIC_PAGE_MODULES.cgv) },
  { path: paths.mentionsLegales.path, lazy: page(PUBLIC_PAGE_MODULES.mentionsLegales) },
  { path: paths.helperVerification.path, lazy: page(PUBLIC_PAGE_MODULES.helperVerification) },

  // search and helper pages
  { path: paths.search.path, lazy: page(PUBLIC_PAGE_MODULES.search) },
  { path: paths.explore.path, lazy: page(PUBLIC_PAGE_MODULES.explore) },
  { path: paths.offres.path, lazy: page(PUBLIC_PAGE_MODULES.offres) },
  { path: paths.mentor.path, lazy: page(PUBLIC_PAGE_MODULES.mentor) },
  { path: paths.profile.path, lazy: page(PUBLIC_PAGE_MODULES.profile) },

  // offers pages
  { path: paths.createOffer.path, lazy: page(() => import('./routes/create-offer.tsx')) },
  { path: paths.editOffer.path, lazy: page(() => import('./routes/edit-offer.tsx')) },

  // slots pages
  { path: paths.addSlots.path, lazy: page(() => import('./routes/add-slots.tsx')) },
  { path: paths.manageSlots.path, lazy: page(() => import('./routes/manage-slots.tsx')) },
  { path: paths.manageAvailability.path, lazy: page(() => import('./routes/manage-availability.tsx')) },

  // booking and payment pages
  { path: paths.book.path, lazy: page(PUBLIC_PAGE_MODULES.book) },
  { path: paths.paymentSuccess.path, lazy: page(() => import('./routes/payment-success.tsx')) },
  { path: paths.paymentCancel.path, lazy: page(() => import('./routes/payment-cancel.tsx')) },
  { path: paths.stripeTest.path, lazy: page(() => import('./routes/stripe-test.tsx')) },

  // messaging pages

  // support pages
  { path: paths.support.path, lazy: page(PUBLIC_PAGE_MODULES.support) },

  // admin pages
  { path: paths.admin.path, lazy: page(() => import('./routes/admin.tsx')) },
  { path: paths.adminSupport.path, lazy: page(() => import('./routes/admin.tsx')) },

  { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageSkeleton,
    children: [{ errorElement: <RouteError />, children: pageRoutes }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
