import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { fixtureId, overviewFixture, statsFixture, stubAdminApi } from './admin-fixtures.ts';
import DashboardTab from './dashboard-tab.tsx';

const fr = (value: number) => value.toLocaleString('fr-FR');

/** The figure shown for `label` in the definition list named `section`. */
function figureOf(section: string, label: string): string | null {
  const list = screen.getByRole('region', { name: section });
  const term = within(list).getByText(label).closest('div');
  return term?.querySelector('dd')?.textContent ?? null;
}

describe('admin dashboard tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the figures of GET /admin/stats with the helper/helpee and active counts', async () => {
    stubAdminApi({
      'GET /admin/stats': statsFixture({ total_helpers: 1, total_helpees: 830 }),
      'GET /admin/overview': overviewFixture(),
    });
    renderWithProviders(<DashboardTab />);

    expect(await screen.findByText('1 234')).toBeInTheDocument();
    expect(figureOf(adminConsole.statsTitle, adminConsole.totalUsers)).toBe(fr(1234));
    expect(screen.getByText(adminConsole.usersDetail(1, 830))).toBeInTheDocument();
    expect(adminConsole.usersDetail(1, 830)).toBe('1 aidant · 830 aidés');
    expect(figureOf(adminConsole.statsTitle, adminConsole.totalOffers)).toBe('512');
    expect(screen.getByText(adminConsole.offersDetail(498))).toBeInTheDocument();
    expect(figureOf(adminConsole.statsTitle, adminConsole.totalBookings)).toBe(fr(2048));
    expect(figureOf(adminConsole.statsTitle, adminConsole.pendingReports)).toBe('3');
  });

  it('shows the support overview and the latest admin actions from GET /admin/overview', async () => {
    stubAdminApi({
      'GET /admin/stats': statsFixture(),
      'GET /admin/overview': overviewFixture({
        support: { open: 7, in_progress: 2, high_priority: 1 },
        recent_actions: [
          {
            id: fixtureId(),
            admin_id: fixtureId(),
            admin_name: 'Alice Admin',
            action: 'offer.delete',
            target_type: 'offer',
            target_id: fixtureId(),
            before: null,
            after: null,
            created_at: '2030-01-05T10:00:00.000Z',
          },
          {
            id: fixtureId(),
            admin_id: null,
            admin_name: null,
            action: 'something.new',
            target_type: 'offer',
            target_id: fixtureId(),
            before: null,
            after: null,
            created_at: '2030-01-05T09:00:00.000Z',
          },
        ],
      }),
    });
    renderWithProviders(<DashboardTab />);

    expect(await screen.findByText(adminConsole.auditActions['offer.delete'] ?? '')).toBeInTheDocument();
    expect(screen.getByText(adminConsole.auditBy('Alice Admin'))).toBeInTheDocument();
    // An action the console has no label for still shows, by its name.
    expect(screen.getByText('something.new')).toBeInTheDocument();
    expect(screen.getByText(adminConsole.auditBy(adminConsole.auditUnknownAdmin))).toBeInTheDocument();

    expect(figureOf(adminConsole.supportOverviewTitle, adminConsole.supportOpen)).toBe('7');
    expect(figureOf(adminConsole.supportOverviewTitle, adminConsole.supportInProgress)).toBe('2');
    expect(figureOf(adminConsole.supportOverviewTitle, adminConsole.supportHighPriority)).toBe('1');
  });

  it('an empty audit says so', async () => {
    stubAdminApi({ 'GET /admin/stats': statsFixture(), 'GET /admin/overview': overviewFixture() });
    renderWithProviders(<DashboardTab />);
    expect(await screen.findByText(adminConsole.auditEmpty)).toBeInTheDocument();
  });

  it('a failure shows "Erreur lors du chargement des données admin" with a retry', async () => {
    stubAdminApi({
      'GET /admin/stats': () => jsonResponse(500, { detail: 'Erreur', code: 'INTERNAL' }),
      'GET /admin/overview': () => jsonResponse(500, { detail: 'Erreur', code: 'INTERNAL' }),
    });
    renderWithProviders(<DashboardTab />);
    expect(await screen.findByRole('heading', { name: admin.loadError })).toBeInTheDocument();
    expect(admin.loadError).toBe('Erreur lors du chargement des données admin');
  });
});
