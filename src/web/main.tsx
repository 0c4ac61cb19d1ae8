// First import: configures zod (jitless, French messages) before any schema module is evaluated.
import './zod-setup.ts';

import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { paths } from './config/paths.ts';
import { afterEvaluation } from './lib/after-evaluation.ts';
import { getAuthToken } from './lib/auth-token.ts';
import { keyLoadedHistoryEntry } from './lib/history-key.ts';
import { APP_FAILED_EVENT, APP_READY_EVENT } from './lib/early-input.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readPublicConfig } from './lib/public-config.tsx';
import { readSsrState, seedFromSsr } from './lib/ssr-state.ts';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter, routes } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Loads the lazy pages of the current address before the router starts, over a page the server
 * rendered: hydration must render that page at once, not the router's loading fallback, and so must
 * a render afresh (the field a person is typing into must not vanish for a moment).
 */
async function loadMatchedRoutes(routeList: RouteObject[]): Promise<void> {
  for (const match of matchRoutes(routeList, window.location) ?? []) {
    const { route } = match;
    if (typeof route.lazy !== 'function') continue;
    const resolved = await route.lazy();
    Object.assign(route, resolved);
    route.lazy = undefined;
  }
}

/** Tells boot.ts the app is rendered: the clicks it held are replayed (lib/early-input.ts). */
function AppReady() {
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}

/** Lets the browser run a task of its own (input, paint) between two steps of the start. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(root: HTMLElement): Promise<void> {
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // The public pages come rendered by the server for a visitor (src/server/plugins/ssr.ts), with the
  // data they show. A visitor's browser hydrates them; with a token, the page differs (the header,
  // what blocked people hide), so it renders from scratch, starting from what is the same for all.
  const ssr = readSsrState(document);
  const loggedIn = getAuthToken() !== null;
  if (ssr) seedFromSsr(queryClient, ssr, { loggedIn });
  const serverRendered = root.firstElementChild !== null;
  const canHydrate = ssr !== null && ssr.hydrate && !loggedIn && serverRendered;
  // A page rendered afresh over the server's (a logged-in person's, or one the server could not fully
  // render) also waits for its page module: its first commit is then the whole page, not the router's
  // empty fallback in between. Otherwise the field someone is typing into would vanish for a moment,
  // taking the focus and the Enter key with it (lib/early-input.ts carries the typed words to the new
  // field, and the focus). If the module cannot load, the router tries again and shows its error page.
  if (canHydrate) await loadMatchedRoutes(routes);
  else if (serverRendered) await loadMatchedRoutes(routes).catch(() => undefined);

  await yieldToBrowser();
  // Before the router reads the entry: its scroll position must be this entry's own (lib/history-key.ts).
  keyLoadedHistoryEntry();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <AppProvider
        queryClient={queryClient}
        publicConfig={readPublicConfig(document)}
        onLoggedOut={() => void router.navigate(paths.home.href())}
      >
        <RouterProvider router={router} />
      </AppProvider>
      <AppReady />
    </StrictMode>
  );
  // Hydration as a transition: React then yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a tap during it is handled, not queued behind it).
  if (canHydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

afterEvaluation(() => {
  start(container).catch((error: unknown) => {
    // A page chunk that failed to load: the page stops holding clicks (lib/early-input.ts).
    window.dispatchEvent(new Event(APP_FAILED_EVENT));
    throw error;
  });
});
