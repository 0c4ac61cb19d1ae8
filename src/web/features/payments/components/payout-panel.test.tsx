import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { financialDashboard, payoutPanel } from '#shared/messages/payments-web.ts';
import type { AccountStatus } from '#shared/schemas/payments.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { PayoutPanel } from './payout-panel.tsx';

vi.mock('#web/lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

const me = currentUserFixture();
const noAccount: AccountStatus = {
  account_id: null,
  details_submitted: false,
  charges_enabled: false,
  payouts_enabled: false,
  onboarding_url: null,
};
const account = (flags: Partial<AccountStatus>): AccountStatus => ({
  ...noAccount,
  account_id: 'acct_local_1',
  ...flags,
});
const emptyLedger = {
  helper_id: me.id,
  items: [],
  total: 0,
  skip: 0,
  limit: 20,
  balances: [],
  paid_out_tracked: false,
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    return (await handler(url, init)) ?? jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const stateBadge = () => screen.findByTestId('payout-state');

describe('PayoutPanel', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.mocked(redirectTo).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a skeleton while the status loads', async () => {
    stubApi((url) => (url.startsWith('/api/v1/payments/account-status') ? new Promise(() => {}) : undefined));
    renderWithProviders(<PayoutPanel />);
    expect(await screen.findByRole('status', { name: payoutPanel.loading })).toBeInTheDocument();
    expect(screen.queryByTestId('payout-state')).not.toBeInTheDocument();
  });

  it('without an account offers to create one, then goes to the onboarding_url it answers', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.startsWith('/api/v1/payments/account-status')) return jsonResponse(200, noAccount);
      if (url.startsWith('/api/v1/payments/create-account') && init?.method === 'POST') {
        return jsonResponse(201, {
          account_id: 'acct_local_1',
          onboarding_url: 'http://appui.test/simulateur/onboarding/x',
        });
      }
      return undefined;
    });
    renderWithProviders(<PayoutPanel />);
    expect(await stateBadge()).toHaveTextContent(payoutPanel.stateNone);
    await userEvent.click(screen.getByRole('button', { name: payoutPanel.createAccount }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://appui.test/simulateur/onboarding/x'));
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/v1/payments/create-account'))).toBe(true);
  });

  it('without an onboarding_url, says the account is created and refreshes the status', async () => {
    let created = false;
    stubApi((url, init) => {
      if (url.startsWith('/api/v1/payments/account-status')) {
        return jsonResponse(200, created ? account({ details_submitted: true }) : noAccount);
      }
      if (url.startsWith('/api/v1/payments/create-account') && init?.method === 'POST') {
        created = true;
        return jsonResponse(201, { account_id: 'acct_local_1', onboarding_url: null });
      }
      return undefined;
    });
    renderWithProviders(<PayoutPanel />);
    await userEvent.click(await screen.findByRole('button', { name: payoutPanel.createAccount }));
    await waitFor(async () => expect(await stateBadge()).toHaveTextContent(payoutPanel.statePending));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('a failed creation shows the spec error and stays on the create action', async () => {
    stubApi((url, init) => {
      if (url.startsWith('/api/v1/payments/account-status')) return jsonResponse(200, noAccount);
      if (url.startsWith('/api/v1/payments/create-account') && init?.method === 'POST') {
        return jsonResponse(500, { detail: 'Panne', code: 'INTERNAL_ERROR' });
      }
      return undefined;
    });
    const toast = await import('#web/components/ui/toaster.tsx');
    const error = vi.spyOn(toast.toast, 'error');
    renderWithProviders(<PayoutPanel />);
    await userEvent.click(await screen.findByRole('button', { name: payoutPanel.createAccount }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(payoutPanel.createError, { description: 'Panne' }));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('an error fetching the status reads as no account (spec 2 section 4)', async () => {
    stubApi((url) =>
      url.startsWith('/api/v1/payments/account-status')
        ? jsonResponse(403, { detail: 'Interdit', code: 'FORBIDDEN' })
        : undefined,
    );
    renderWithProviders(<PayoutPanel />);
    expect(await stateBadge()).toHaveTextContent(payoutPanel.stateNone);
    expect(screen.getByRole('button', { name: payoutPanel.createAccount })).toBeInTheDocument();
  });

  it('an incomplete account links "Terminer la configuration" to its onboarding_url', async () => {
    stubApi((url) =>
      url.startsWith('/api/v1/payments/account-status')
        ? jsonResponse(200, account({ onboarding_url: 'http://appui.test/simulateur/onboarding/y' }))
        : undefined,
    );
    renderWithProviders(<PayoutPanel />);
    expect(await stateBadge()).toHaveTextContent(payoutPanel.stateIncomplete);
    expect(screen.getByRole('link', { name: payoutPanel.finishSetup })).toHaveAttribute(
      'href',
      'http://appui.test/simulateur/onboarding/y',
    );
    expect(screen.queryByTestId('financial-dashboard')).not.toBeInTheDocument();
  });

  it('details submitted without charges reads "Vérification", with no financial dashboard', async () => {
    stubApi((url) =>
      url.startsWith('/api/v1/payments/account-status')
        ? jsonResponse(200, account({ details_submitted: true }))
        : undefined,
    );
    renderWithProviders(<PayoutPanel />);
    expect(await stateBadge()).toHaveTextContent(payoutPanel.statePending);
    expect(screen.queryByTestId('financial-dashboard')).not.toBeInTheDocument();
  });

  it('an active account reads "Actif" and shows the financial dashboard', async () => {
    stubApi((url) => {
      if (url.startsWith('/api/v1/payments/account-status')) {
        return jsonResponse(200, account({ details_submitted: true, charges_enabled: true, payouts_enabled: true }));
      }
      if (url.startsWith('/api/v1/payments/ledger')) return jsonResponse(200, emptyLedger);
      return undefined;
    });
    renderWithProviders(<PayoutPanel />);
    expect(await stateBadge()).toHaveTextContent(payoutPanel.stateActive);
    const dashboard = await screen.findByTestId('financial-dashboard');
    expect(within(dashboard).getByRole('tab', { name: financialDashboard.tabPayments })).toBeInTheDocument();
  });

  it('opens the provider dashboard in a new window', async () => {
    stubApi((url) => {
      if (url.startsWith('/api/v1/payments/account-status'))
        return jsonResponse(200, account({ details_submitted: true }));
      if (url.startsWith(`/api/v1/payments/stripe/dashboard-link/${me.id}`)) {
        return jsonResponse(200, { url: 'http://appui.test/simulateur/dashboard/z' });
      }
      return undefined;
    });
    const popup = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderWithProviders(<PayoutPanel />);
    await userEvent.click(await screen.findByRole('button', { name: payoutPanel.openDashboard }));
    await waitFor(() => expect(popup.location.href).toBe('http://appui.test/simulateur/dashboard/z'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.opener).toBeNull();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('navigates to the provider dashboard when the popup is blocked', async () => {
    stubApi((url) => {
      if (url.startsWith('/api/v1/payments/account-status'))
        return jsonResponse(200, account({ details_submitted: true }));
      if (url.startsWith('/api/v1/payments/stripe/dashboard-link/')) {
        return jsonResponse(200, { url: 'http://appui.test/simulateur/dashboard/z' });
      }
      return undefined;
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<PayoutPanel />);
    await userEvent.click(await screen.findByRole('button', { name: payoutPanel.openDashboard }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://appui.test/simulateur/dashboard/z'));
  });

  it('shows nothing to a seeker', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/v1/users/me') ? jsonResponse(200, { ...me, role: 'helpee' }) : jsonResponse(200, noAccount),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(<PayoutPanel />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('account-status'))).toBe(false);
  });
});
