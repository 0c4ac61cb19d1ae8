import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_OFFERS_PAGE_SIZE } from '#shared/constants.ts';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { chat } from '#shared/messages/chat.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import {
  chatSessionFixture,
  chatStatsFixture,
  offerFixture,
  overviewFixture,
  statsFixture,
  stubAdminApi,
  supportMessageFixture,
  supportStatsFixture,
  type Call,
  type Routes,
} from './admin-fixtures.ts';
import ChatsTab from './chats-tab.tsx';
import DashboardTab from './dashboard-tab.tsx';
import OffersTab from './offers-tab.tsx';
import SupportTab from './support-tab.tsx';

/**
 * The console refreshes every 30 s (and when a visitor writes). A refresh that fails (server restarting,
 * network blip) must not take away what the admin is reading or writing: the loaded lists, figures and
 * the open message stay, the reply being typed stays, and a short alert says the refresh failed
 * (browser review R4: the open message and its draft reply were replaced by the error panel).
 */
function withOutage(routes: Routes) {
  const state = { down: false };
  const guarded: Routes = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      (call: Call) => {
        if (state.down) throw new TypeError('Failed to fetch');
        return typeof route === 'function'
          ? (route as (c: Call) => Response | undefined)(call)
          : jsonResponse(200, route);
      },
    ]),
  );
  return { state, routes: guarded };
}

describe('admin console: a failed refresh keeps what is shown', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('support tab: the open message, the list and the draft reply stay; an alert says the refresh failed', async () => {
    const message = supportMessageFixture({ subject: 'Je n’en peux plus', message: 'Tout va mal.' });
    const { state, routes } = withOutage({
      'GET /support/stats': supportStatsFixture(),
      'GET /support/messages': [message],
      [`GET /support/messages/${message.id}`]: message,
    });
    stubAdminApi(routes);
    const { queryClient } = renderWithProviders(<SupportTab />);
    const user = userEvent.setup();

    await user.click(await screen.findByText('Je n’en peux plus'));
    const reply = await screen.findByLabelText(adminConsole.replyLabel);
    await user.type(reply, 'Nous sommes là.');

    state.down = true;
    await queryClient.refetchQueries();

    expect(await screen.findByRole('alert')).toHaveTextContent(admin.loadError);
    expect(screen.getByText('Tout va mal.')).toBeInTheDocument();
    expect(screen.getByLabelText(adminConsole.replyLabel)).toHaveValue('Nous sommes là.');
    const list = screen.getByRole('region', { name: adminConsole.supportListTitle });
    expect(within(list).getByText('Je n’en peux plus')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: adminConsole.supportStatsTitle })).toBeInTheDocument();

    state.down = false;
    await queryClient.refetchQueries();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('chats tab: the conversation and the draft reply stay', async () => {
    const session = chatSessionFixture({ subject: 'Besoin de parler', status: 'active' });
    const { state, routes } = withOutage({
      'GET /support/chat/stats': chatStatsFixture(),
      'GET /support/chat/sessions': [session],
      [`GET /support/chat/sessions/${session.id}`]: session,
    });
    stubAdminApi(routes);
    const { queryClient } = renderWithProviders(<ChatsTab />);
    const user = userEvent.setup();

    await user.click(await screen.findByText('Besoin de parler'));
    const reply = await screen.findByLabelText(adminConsole.chatReplyLabel);
    await user.type(reply, 'Je suis là.');

    state.down = true;
    await queryClient.refetchQueries();

    expect(await screen.findByRole('alert')).toHaveTextContent(chat.loadSessionsError);
    expect(within(screen.getByRole('log')).getByText('Bonjour, je ne trouve pas ma réservation.')).toBeInTheDocument();
    expect(screen.getByLabelText(adminConsole.chatReplyLabel)).toHaveValue('Je suis là.');
    const list = screen.getByRole('region', { name: adminConsole.chatListTitle });
    expect(within(list).getByText('Besoin de parler')).toBeInTheDocument();
  });

  it('offers tab: the loaded page of offers stays', async () => {
    const offer = offerFixture({ title: 'Parler du burn-out' });
    const { state, routes } = withOutage({
      'GET /admin/offers': { items: [offer], total: 1, skip: 0, limit: ADMIN_OFFERS_PAGE_SIZE },
    });
    stubAdminApi(routes);
    const { queryClient } = renderWithProviders(<OffersTab />);

    expect(await screen.findByText('Parler du burn-out')).toBeInTheDocument();
    state.down = true;
    await queryClient.refetchQueries();

    expect(await screen.findByRole('alert')).toHaveTextContent(admin.loadError);
    expect(screen.getByText('Parler du burn-out')).toBeInTheDocument();
  });

  it('dashboard tab: the figures and the latest actions stay', async () => {
    const { state, routes } = withOutage({
      'GET /admin/stats': statsFixture(),
      'GET /admin/overview': overviewFixture(),
    });
    stubAdminApi(routes);
    const { queryClient } = renderWithProviders(<DashboardTab />);

    const figures = await screen.findByRole('region', { name: adminConsole.statsTitle });
    await within(figures).findByText(adminConsole.totalUsers);
    state.down = true;
    await queryClient.refetchQueries();

    expect(await screen.findByRole('alert')).toHaveTextContent(admin.loadError);
    expect(
      within(screen.getByRole('region', { name: adminConsole.statsTitle })).getByText(adminConsole.totalUsers),
    ).toBeInTheDocument();
    expect(screen.getByText(adminConsole.auditTitle)).toBeInTheDocument();
  });
});
