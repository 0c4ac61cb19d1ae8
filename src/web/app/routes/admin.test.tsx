import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { adminReports } from '#shared/messages/trust-web.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import {
  overviewFixture,
  statsFixture,
  stubAdminApi,
  supportStatsFixture,
} from '#web/features/admin/components/admin-fixtures.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import AdminPage from './admin.tsx';

const consoleRoutes = {
  'GET /admin/stats': statsFixture(),
  'GET /admin/overview': overviewFixture(),
  'GET /support/stats': supportStatsFixture(),
  'GET /support/messages': [],
};

function renderAt(path: string, entry: string = path) {
  return renderWithProviders(<AdminPage />, { path, initialEntry: entry });
}

describe('/admin: administrators only', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['a helper', currentUserFixture({ role: 'helper' })],
    ['a seeker', currentUserFixture({ role: 'helpee' })],
  ])('%s gets "Accès refusé", the toast and is sent home, without any admin call', async (_who, me) => {
    const toastError = vi.spyOn(toast, 'error');
    const { calls } = stubAdminApi(consoleRoutes, me);
    const { router } = renderAt(paths.admin.path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toastError).toHaveBeenCalledWith(admin.accessDeniedToast, expect.anything());
    expect(admin.accessDeniedToast).toBe('Accès refusé - Vous devez être administrateur pour accéder à cette page');
    expect(calls.filter((call) => call.path !== '/users/me')).toEqual([]);
  });

  it('a visitor is refused too (no token at all)', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const fetchMock = vi.fn(async () => jsonResponse(401, { detail: 'Non connecté', code: 'NOT_AUTHENTICATED' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderAt(paths.adminSupport.path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toastError).toHaveBeenCalledWith(admin.accessDeniedToast, expect.anything());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/admin: the console', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('an admin sees the six tabs, the dashboard first, and moves between them with ?tab=', async () => {
    stubAdminApi(consoleRoutes);
    const { router } = renderAt(paths.admin.path);

    const tabList = await screen.findByRole('tablist', { name: adminConsole.tabsLabel });
    expect(
      within(tabList)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      adminConsole.tabDashboard,
      adminConsole.tabOffers,
      adminConsole.tabSupport,
      adminConsole.tabChats,
      adminConsole.tabAllMessages,
      adminReports.tabLabel,
    ]);
    expect(screen.getByRole('tab', { name: adminConsole.tabDashboard })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1 234')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: adminConsole.tabAllMessages }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=all-messages'));
    // Spec 2 section 2: the label only, no content.
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('heading', { name: adminConsole.allMessagesTitle })).toBeInTheDocument();
    expect(panel.textContent).toBe(adminConsole.allMessagesTitle);
  });

  it("the dashboard's pending-reports card opens the reports queue", async () => {
    const { calls } = stubAdminApi({ ...consoleRoutes, 'GET /admin/reports': { items: [], total: 0 } });
    const { router } = renderAt(paths.admin.path);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: adminReports.openQueue }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=reports'));
    expect(screen.getByRole('tab', { name: adminReports.tabLabel })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(adminReports.empty)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/admin/reports')).toBe(true);
  });

  it('/admin/support is the same page, opened on the support tab', async () => {
    stubAdminApi(consoleRoutes);
    renderAt(paths.adminSupport.path);
    const tab = await screen.findByRole('tab', { name: adminConsole.tabSupport });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(adminConsole.supportEmpty)).toBeInTheDocument();
  });
});
