// The page's only render-blocking code: the stylesheets, and the decision of when the app starts.
//
// A page the server rendered for a visitor (a public page, src/server/plugins/ssr.ts) is readable as it
// arrives: the app's JavaScript (React, the router, the data cache: about 140 KiB gzip) is needed only
// to make it interactive, so it starts right after the first paint, and the browser never holds the
// content back while it evaluates that code (issue 11: "the entry holds what the first paint needs").
// Links and the search forms work before it as plain navigations; other clicks are held and replayed
// once the app is there (lib/early-input.ts). A page the server did not render (account pages), or one
// a logged-in person will see rendered afresh, has nothing to gain from waiting: the app starts at once.
import './styles/fonts.css';
import './styles/index.css';
import { pageNameOf } from '#shared/page-routes.ts';
import { preloadPublicPage } from './app/public-pages.ts';
import { afterEvaluation } from './lib/after-evaluation.ts';
import { getAuthToken } from './lib/auth-token.ts';
import { APP_FAILED_EVENT, holdInputUntilAppReady } from './lib/early-input.ts';

/** Past this, a tab that does not paint (hidden: no animation frames) starts the app anyway. */
const START_AT_LATEST_MS = 200;

/** The app could not start (a file failed to load): the page stops holding clicks (lib/early-input.ts). */
function appFailed(error: unknown): void {
  window.dispatchEvent(new Event(APP_FAILED_EVENT));
  console.error(error);
}

function startApp(): void {
  // React DOM's module first, on its own: its graph (React, the scheduler, React DOM) is small and
  // arrives first, so the browser evaluates it in a task of its own instead of in the app's, which was
  // the longest task of the start (30-110 ms on this machine). Only React DOM: importing a whole ES
  // package (react-router) here would defeat tree shaking (+33 KiB gzip).
  import('react-dom/client').catch(() => undefined);
  import('./main.tsx').catch(appFailed);
  // The current page's module, side by side with the app's (main.tsx would ask for it only once loaded).
  preloadPublicPage(pageNameOf(window.location.pathname));
}

/** Runs `run` once, after the next frame is painted (a task queued from the frame's callback). */
function afterNextPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, START_AT_LATEST_MS);
}

afterEvaluation(() => {
  const serverRendered = document.getElementById('root')?.firstElementChild != null;
  if (serverRendered) holdInputUntilAppReady();
  if (serverRendered && getAuthToken() === null) afterNextPaint(startApp);
  else startApp();
});
