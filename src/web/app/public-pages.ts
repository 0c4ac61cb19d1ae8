import type { ComponentType } from 'react';
import type { PageName } from '#shared/page-routes.ts';
import type { PageLoad } from '#web/lib/page-load.ts';

/** A page module: the page component, and for a page the server renders its `ssr` loader. */
export type PageModule = { default: ComponentType; ssr?: PageLoad };

/**
 * The lazy pages the server renders (their modules export `ssr`), by page name. router.tsx loads them
 * as any lazy page; boot.ts starts loading the one of the current address together with the app, so
 * that on a server-rendered page the two download side by side instead of one after the other (the
 * browser's module map shares them: the router's import later gets the same module).
 */
export const PUBLIC_PAGE_MODULES = {
  about: () => import('./routes/about.tsx'),
  confidentialite: () => import('./routes/confidentialite.tsx'),
  cgv: () => import('./routes/cgv.tsx'),
  mentionsLegales: () => import('./routes/mentions-legales.tsx'),
  helperVerification: () => import('./routes/helper-verification.tsx'),
  search: () => import('./routes/explore.tsx'),
  explore: () => import('./routes/explore.tsx'),
  offres: () => import('./routes/explore.tsx'),
  mentor: () => import('./routes/mentor.tsx'),
  profile: () => import('./routes/mentor.tsx'),
  book: () => import('./routes/book.tsx'),
  support: () => import('./routes/support.tsx'),
} satisfies Partial<Record<PageName, () => Promise<PageModule>>>;

/** Starts loading the module of the server-rendered page at `pathname`, if it is a lazy one. */
export function preloadPublicPage(pageName: PageName | null): void {
  if (pageName !== null && pageName in PUBLIC_PAGE_MODULES) {
    void PUBLIC_PAGE_MODULES[pageName as keyof typeof PUBLIC_PAGE_MODULES]().catch(() => undefined);
  }
}
