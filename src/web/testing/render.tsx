import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CharterDialogProvider } from '#web/app/charter-dialog-provider.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

/** Renders a component with the app's real providers (query cache, auth, router) for component tests. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', initialEntry = path }: { path?: string; initialEntry?: string } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: null },
    ],
    { initialEntries: [initialEntry] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CharterDialogProvider>
          <RouterProvider router={router} />
        </CharterDialogProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
