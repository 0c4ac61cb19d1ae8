// The page's only render-blocking code: the stylesheets, and the decision of when the app starts.
//
// A page the server rendered (a public page, src/server/plugins/ssr.ts) is readable as it arrives:
// the app's JavaScript (React, the router, the data cache: about 140 KiB gzip) is needed only to make
// it interactive, so it starts right after the first paint, and the browser never holds the content
// back while it evaluates that code (issue 11: "the entry holds what the first paint needs"). Links
// and the search form work before it, as plain navigations. A page the server did not render (the
// account pages, a logged-in dashboard) has nothing to show without the app: it starts at once.
import './styles/fonts.css';
import './styles/index.css';

/** Past this, a hidden tab (which never paints, so never runs animation frames) starts the app anyway. */
const START_AT_LATEST_MS = 200;

function startApp(): void {
  void import('./main.tsx');
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

const serverRendered = document.getElementById('root')?.firstElementChild != null;
if (serverRendered && document.visibilityState === 'visible') afterNextPaint(startApp);
else startApp();
