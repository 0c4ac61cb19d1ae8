import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { headHtml, jsonForScript } from '#shared/rules/seo.ts';
import type { PublicConfig } from '#shared/schemas/public-config.ts';
import { configureZod } from '#shared/schemas/zod-locale.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import type { PageHandle } from './lib/page-load.ts';
import type { SsrState } from './lib/ssr-state.ts';

/**
 * Server-side rendering of the public pages (issue 11 section 2), built by `vite build --ssr` into
 * dist/ssr/entry-server.js and loaded by the server (src/server/plugins/ssr.ts) by path: the server
 * and the web never import each other's sources. A page renders as a logged-out visitor sees it.
 */

export type RenderOptions = {
  /** Answers the pages' API requests (the server: in-process, through app.inject). */
  fetchApi: ApiTransport;
  /** PUBLIC_URL: canonical links and JSON-LD are absolute on it. */
  publicUrl: string;
  /** What the page tells the browser of the server (the demonstration banner): rendered the same. */
  publicConfig?: PublicConfig;
  /** Aborted when the server gave up waiting and sent the app shell: the page is then not rendered. */
  signal?: AbortSignal;
};

export type RenderResult = {
  status: number;
  /** The page, for <div id="root">. */
  html: string;
  /** Title, description, canonical link, Open Graph and JSON-LD, for <head>. */
  head: string;
  /** The JSON of SsrState, escaped for a <script type="application/json"> element. */
  state: string;
};

// French messages, and compiled schemas: this runs in the server's process, whose zod it shares (the
// browser's jitless setting, zod-setup.ts, is for the CSP and would only slow the server down).
configureZod();

const handler = createStaticHandler(routes);

/** The cache of one render: nothing refetches or retries on the server, and failures stay visible. */
function createServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // retryOnMount false: a query that failed (an unknown offer) renders its error state, not a skeleton.
      queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity },
    },
  });
}

/**
 * Renders `url` (path and query) when its page is a public one (its route has an `ssr` loader);
 * resolves with null for any other page, which the server answers with the empty app shell.
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult | null> {
  setApiTransport(options.fetchApi);
  const requestUrl = new URL(url, 'http://localhost');
  const context = await handler.query(new Request(requestUrl));
  if (context instanceof Response) return null;
  const leaf = context.matches.at(-1);
  const load = (leaf?.route.handle as PageHandle | undefined)?.ssr;
  if (!leaf || !load) return null;

  const queryClient = createServerQueryClient();
  try {
    const { status, head } = await load({
      params: leaf.params,
      searchParams: requestUrl.searchParams,
      queryClient,
      publicUrl: options.publicUrl,
    });
    // The server already sent the shell: rendering now would cost CPU for an answer nobody reads.
    if (options.signal?.aborted) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient} publicConfig={options.publicConfig}>
          {/* hydrate={false}: React Router's own hydration script would be inline, which the CSP forbids. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
    // A failed query is not sent (dehydrate keeps successes): the browser, which would render it
    // as loading, must then render from scratch rather than hydrate the error the server showed.
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error');
    const state: SsrState = { queries: dehydrate(queryClient), hydrate: !failed };
    return { status, html, head: headHtml(head, options.publicUrl), state: jsonForScript(state) };
  } finally {
    queryClient.clear();
  }
}
