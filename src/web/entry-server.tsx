import './zod-setup.ts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

/**
 * Build-time rendering of a public page for a logged-out visitor (DESIGN.md section 9: the landing
 * page's first paint needs no JavaScript). Used by the prerender plugin in vite.config.ts only.
 */
export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`Prerender of ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  try {
    return renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    // Queries created while rendering hold 5-minute garbage-collection timers that would keep the build alive.
    queryClient.clear();
  }
}
