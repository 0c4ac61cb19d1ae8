// First import: configures zod (jitless, French messages) before any schema module is evaluated.
import './zod-setup.ts';

import './styles/fonts.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from './config/paths.ts';
import { getAuthToken } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient} onLoggedOut={() => void router.navigate(paths.home.href())}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

// The landing page's HTML is pre-rendered for a logged-out visitor (vite.config.ts): hydrate it
// only when the client renders the same thing; otherwise render from scratch.
const canHydrate =
  window.location.pathname === paths.home.path && container.firstElementChild !== null && getAuthToken() === null;
if (canHydrate) hydrateRoot(container, app);
else createRoot(container).render(app);
