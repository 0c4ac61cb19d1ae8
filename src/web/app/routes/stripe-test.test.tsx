import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, TEST_CHECKOUT_RETURN_PARAM } from '#shared/constants.ts';
import { common } from '#shared/messages/common.ts';
import { stripeTest } from '#shared/messages/payments-web.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import StripeTestPage from './stripe-test.tsx';

vi.mock('#web/lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

const admin = currentUserFixture({ role: 'admin' });

function stubApi(role: 'admin' | 'helper', checkout: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, { ...admin, role });
    if (url.startsWith(`/api/v1/checkout/${admin.id}`)) return checkout();
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = () => renderWithProviders(<StripeTestPage />, { path: paths.stripeTest.path });

describe('/stripe-test', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton-admin');
    vi.mocked(redirectTo).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['paid', stripeTest.returnedPaid],
    ['cancelled', stripeTest.returnedCancelled],
  ])('says how a test checkout ended when it comes back (%s)', async (outcome, text) => {
    stubApi('admin', () => jsonResponse(200, {}));
    renderWithProviders(<StripeTestPage />, {
      path: paths.stripeTest.path,
      initialEntry: `${paths.stripeTest.href()}?${TEST_CHECKOUT_RETURN_PARAM}=${outcome}`,
    });
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  });

  it('is refused to anyone but an administrator', async () => {
    stubApi('helper', () => jsonResponse(200, {}));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: common.accessDenied })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: stripeTest.pay })).not.toBeInTheDocument();
  });

  it('runs a test checkout with the defaults 5000 and 1000 cents and goes to its checkout_url', async () => {
    const fetchMock = stubApi('admin', () =>
      jsonResponse(200, { checkout_url: 'http://appui.test/simulateur/checkout/cs_1' }),
    );
    render();
    expect(await screen.findByLabelText(stripeTest.amountLabel)).toHaveValue('5000');
    expect(screen.getByLabelText(stripeTest.feeLabel)).toHaveValue('1000');
    await userEvent.click(screen.getByRole('button', { name: stripeTest.pay }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://appui.test/simulateur/checkout/cs_1'));
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/v1/checkout/'));
    expect(call?.[0]).toBe(`/api/v1/checkout/${admin.id}?amount=5000&fee=1000`);
  });

  it('refuses a commission not below the amount before calling the server', async () => {
    const fetchMock = stubApi('admin', () => jsonResponse(200, {}));
    render();
    const fee = await screen.findByLabelText(stripeTest.feeLabel);
    await userEvent.clear(fee);
    await userEvent.type(fee, '5000');
    await userEvent.click(screen.getByRole('button', { name: stripeTest.pay }));
    expect(screen.getByText(stripeTest.feeInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/v1/checkout/'))).toBe(false);
  });

  it('says so when the answer has no checkout URL', async () => {
    stubApi('admin', () => jsonResponse(200, { checkout_url: null }));
    const error = vi.spyOn(toast, 'error');
    render();
    await userEvent.click(await screen.findByRole('button', { name: stripeTest.pay }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(stripeTest.checkoutError, { description: stripeTest.checkoutUrlMissing }),
    );
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('shows the server refusal of a test checkout', async () => {
    stubApi('admin', () => jsonResponse(403, { detail: 'Réservé au mode test', code: 'FORBIDDEN' }));
    const error = vi.spyOn(toast, 'error');
    render();
    await userEvent.click(await screen.findByRole('button', { name: stripeTest.pay }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(stripeTest.checkoutError, { description: 'Réservé au mode test' }),
    );
  });

  it('the onboarding button follows the spec redirect with the token', async () => {
    stubApi('admin', () => jsonResponse(200, {}));
    render();
    await userEvent.click(await screen.findByRole('button', { name: stripeTest.onboard }));
    expect(redirectTo).toHaveBeenCalledWith(`/api/v1/onboard/${admin.id}?token=jeton-admin`);
  });
});
