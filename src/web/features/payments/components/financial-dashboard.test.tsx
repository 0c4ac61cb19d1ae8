import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { financialDashboard as t } from '#shared/messages/payments-web.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { frenchParisDate } from '#shared/rules/paris-time.ts';
import type { Ledger } from '#shared/schemas/ledger.ts';
import type { AccountStatus } from '#shared/schemas/payments.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { FinancialDashboard } from './financial-dashboard.tsx';

const me = currentUserFixture();
const active: AccountStatus = {
  account_id: 'acct_local_1',
  details_submitted: true,
  charges_enabled: true,
  payouts_enabled: true,
  onboarding_url: null,
};
const eur = (cents: number) => formatMoney(cents, 'eur');
/** formatMoney separates with no-break spaces, which Testing Library's default matching folds. */
const exact = { normalizer: (text: string) => text };

const ledger = (over: Partial<Ledger> = {}): Ledger => ({
  helper_id: me.id,
  items: [
    {
      payment_id: '0c000000-0000-4000-8000-000000000001',
      booking_id: '0b000000-0000-4000-8000-000000000001',
      paid_at: '2030-03-01T10:00:00.000Z',
      session_start_at: '2030-03-05T10:00:00.000Z',
      seeker_display_name: 'Paul',
      offer_title: 'Écoute après un deuil',
      currency: 'eur',
      amount_cents: 4500,
      commission_cents: 450,
      refunded_cents: 0,
      net_cents: 4050,
      status: 'paid',
      booking_status: 'paid',
    },
  ],
  total: 1,
  skip: 0,
  limit: 20,
  balances: [{ currency: 'eur', pending_cents: 4050, available_cents: 1234, paid_out_cents: 2500 }],
  // Payouts are recorded (payout.* webhooks): the server always answers true now.
  paid_out_tracked: true,
  ...over,
});

function stubLedger(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    if (url.startsWith('/api/v1/payments/ledger')) return answer();
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = () => renderWithProviders(<FinancialDashboard status={active} helperId={me.id} />);

describe('FinancialDashboard', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the three tabs of the spec: payments, payouts, account', async () => {
    stubLedger(() => jsonResponse(200, ledger()));
    render();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([t.tabPayments, t.tabPayouts, t.tabAccount]);
  });

  it('lists each payment with its amount, commission and net', async () => {
    const fetchMock = stubLedger(() => jsonResponse(200, ledger()));
    render();
    const row = await screen.findByTestId('ledger-row');
    expect(within(row).getByText('Paul')).toBeInTheDocument();
    expect(within(row).getByText('Écoute après un deuil')).toBeInTheDocument();
    expect(within(row).getByText(eur(4500), exact)).toBeInTheDocument();
    expect(within(row).getByText(eur(450), exact)).toBeInTheDocument();
    expect(within(row).getByText(eur(4050), exact)).toBeInTheDocument();
    expect(within(row).getByText(t.paymentStatus.paid)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      t.colDate,
      t.colSeeker,
      t.colOffer,
      t.colAmount,
      t.colCommission,
      t.colNet,
      t.colStatus,
    ]);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/payments/ledger?limit=20')).toBe(true);
  });

  it('below sm, one card per payment holds the same figures as a definition list', async () => {
    stubLedger(() =>
      jsonResponse(
        200,
        ledger({
          items: [
            ledger().items[0]!,
            {
              ...ledger().items[0]!,
              payment_id: '0c000000-0000-4000-8000-000000000002',
              seeker_display_name: null,
              refunded_cents: 1500,
              net_cents: 2700,
              commission_cents: 300,
              status: 'partially_refunded',
            },
          ],
          total: 2,
        }),
      ),
    );
    render();
    const cards = await screen.findAllByTestId('ledger-card');
    expect(cards).toHaveLength(2);
    /** The figure a term of the card's definition list names. */
    const figure = (card: HTMLElement, term: string) =>
      within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    const [paid, refunded] = cards as [HTMLElement, HTMLElement];
    expect(within(paid).getByText(frenchParisDate('2030-03-01T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(paid).getByText('Paul')).toBeInTheDocument();
    expect(within(paid).getByText('Écoute après un deuil')).toBeInTheDocument();
    expect(figure(paid, t.colAmount)).toBe(eur(4500));
    expect(figure(paid, t.colCommission)).toBe(eur(450));
    expect(figure(paid, t.colNet)).toBe(eur(4050));
    expect(figure(paid, t.colStatus)).toBe(t.paymentStatus.paid);
    expect(within(paid).queryByText(t.colRefunded, { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(refunded).getByText(t.someone)).toBeInTheDocument();
    expect(figure(refunded, t.colCommission)).toBe(eur(300));
    expect(figure(refunded, t.colNet)).toBe(eur(2700));
    expect(figure(refunded, t.colRefunded)).toBe(eur(1500));
    expect(figure(refunded, t.colStatus)).toBe(t.paymentStatus.partially_refunded);
    // Only one layout at a time on screen and in the accessibility tree: CSS display hides the other.
    expect(screen.getByTestId('ledger-cards')).toHaveClass('sm:hidden');
    const table = screen.getByRole('region', { name: t.paymentsCaption });
    expect(table).toHaveClass('hidden', 'sm:block');
    expect(screen.getAllByRole('region', { name: t.paymentsCaption })).toHaveLength(1);
  });

  it('shows a refund on its payment', async () => {
    stubLedger(() =>
      jsonResponse(
        200,
        ledger({
          items: [
            { ...ledger().items[0]!, refunded_cents: 4500, net_cents: 0, commission_cents: 0, status: 'refunded' },
          ],
        }),
      ),
    );
    render();
    const row = await screen.findByTestId('ledger-row');
    expect(within(row).getByText(t.paymentStatus.refunded)).toBeInTheDocument();
    expect(within(row).getByText(t.refunded(eur(4500)), exact)).toBeInTheDocument();
  });

  it('shows a zero amount as 0,00 €, never as the price label "Gratuit"', async () => {
    // A fully refunded payment keeps no commission and no net, and a new helper has nothing available:
    // in a ledger those are sums of money, not the price of a free offer.
    stubLedger(() =>
      jsonResponse(
        200,
        ledger({
          items: [
            { ...ledger().items[0]!, refunded_cents: 4500, net_cents: 0, commission_cents: 0, status: 'refunded' },
          ],
          balances: [{ currency: 'eur', pending_cents: 0, available_cents: 0, paid_out_cents: 0 }],
        }),
      ),
    );
    render();
    const row = await screen.findByTestId('ledger-row');
    expect(within(row).queryAllByText(common.free)).toHaveLength(0);
    expect(within(row).getAllByText('0,00\u00a0€', exact)).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: t.tabPayouts }));
    const balance = await screen.findByRole('region', { name: t.balanceCurrency('eur') });
    expect(within(balance).queryAllByText(common.free)).toHaveLength(0);
    // Pending, available and paid out: all three are sums of money.
    expect(within(balance).getAllByText('0,00\u00a0€', exact)).toHaveLength(3);
  });

  it('shows skeletons while loading, then an empty state without payments', async () => {
    let release: (response: Response) => void = () => {};
    stubLedger(() => new Promise<Response>((resolve) => (release = resolve)));
    render();
    expect(await screen.findByRole('status', { name: t.paymentsCaption })).toBeInTheDocument();
    release(jsonResponse(200, ledger({ items: [], total: 0, balances: [] })));
    expect(await screen.findByText(t.paymentsEmptyTitle)).toBeInTheDocument();
  });

  it('says "Erreur lors du chargement du dashboard" when the ledger fails', async () => {
    stubLedger(() => jsonResponse(403, { detail: 'Interdit', code: 'FORBIDDEN' }));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement du dashboard');
  });

  it('the payouts tab shows pending, available and paid out', async () => {
    stubLedger(() => jsonResponse(200, ledger()));
    render();
    await userEvent.click(await screen.findByRole('tab', { name: t.tabPayouts }));
    const balance = await screen.findByRole('region', { name: t.balanceCurrency('eur') });
    expect(within(balance).getByText(eur(4050), exact)).toBeInTheDocument();
    expect(within(balance).getByText(eur(1234), exact)).toBeInTheDocument();
    expect(within(balance).getByText(eur(2500), exact)).toBeInTheDocument();
    expect(within(balance).getByText(t.balancePaidOutHint)).toBeInTheDocument();
    expect(within(balance).queryByText(t.balancePaidOutUntracked)).not.toBeInTheDocument();
  });

  it('without tracked payouts, the payouts tab shows no made-up paid-out figure', async () => {
    stubLedger(() => jsonResponse(200, ledger({ paid_out_tracked: false })));
    render();
    await userEvent.click(await screen.findByRole('tab', { name: t.tabPayouts }));
    const balance = await screen.findByRole('region', { name: t.balanceCurrency('eur') });
    expect(within(balance).getByText(eur(4050), exact)).toBeInTheDocument();
    expect(within(balance).getByText(eur(1234), exact)).toBeInTheDocument();
    expect(within(balance).getByText(t.balancePaidOutUntracked)).toBeInTheDocument();
    expect(within(balance).queryByText('0,00\u00a0€', exact)).not.toBeInTheDocument();
  });

  it('the account tab shows the account and its flags', async () => {
    stubLedger(() => jsonResponse(200, ledger()));
    render();
    await userEvent.click(await screen.findByRole('tab', { name: t.tabAccount }));
    expect(await screen.findByText('acct_local_1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.statement(new Date().getFullYear()) })).toBeInTheDocument();
  });

  it('pages through more payments than one page holds', async () => {
    const fetchMock = stubLedger(() => jsonResponse(200, ledger({ total: 45 })));
    render();
    await userEvent.click(await screen.findByRole('button', { name: t.nextPage }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/payments/ledger?skip=20&limit=20')).toBe(true),
    );
  });
});
