import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { EmailVerificationBanner } from './email-verification-banner.tsx';

function stubApi(me: CurrentUser, onResend: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url === '/api/v1/users/me') return jsonResponse(200, me);
    if (url === '/api/v1/auth/verify-email/resend' && init?.method === 'POST') return onResend();
    return jsonResponse(404, { detail: 'introuvable', code: ErrorCode.ROUTE_NOT_FOUND });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('EmailVerificationBanner', () => {
  beforeEach(() => window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'jeton'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('tells an unconfirmed account what waits, and sends a new link on "Renvoyer le lien"', async () => {
    const me = currentUserFixture({ email_verified: false, email: 'nina@exemple.fr' });
    const fetchMock = stubApi(me, () => jsonResponse(200, { message: emailVerification.resent(me.email) }));
    renderWithProviders(<EmailVerificationBanner />);
    expect(await screen.findByRole('region', { name: emailVerification.bannerTitle })).toBeInTheDocument();
    expect(screen.getByText(emailVerification.bannerText('nina@exemple.fr'))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: emailVerification.resend }));
    expect(await screen.findByRole('status')).toHaveTextContent(emailVerification.resent('nina@exemple.fr'));
    expect(
      fetchMock.mock.calls.filter(([url]) =>
        (url instanceof Request ? url.url : url.toString()).endsWith('/verify-email/resend'),
      ),
    ).toHaveLength(1);
  });

  it('shows the server’s French refusal when too many links were asked', async () => {
    const me = currentUserFixture({ email_verified: false });
    stubApi(me, () =>
      jsonResponse(429, { detail: emailVerification.tooManyMails(42), code: ErrorCode.VERIFICATION_MAILS_LIMITED }),
    );
    renderWithProviders(<EmailVerificationBanner />);
    await userEvent.setup().click(await screen.findByRole('button', { name: emailVerification.resend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(emailVerification.tooManyMails(42));
  });

  it('is not there for a confirmed account', async () => {
    const fetchMock = stubApi(currentUserFixture({ email_verified: true }), () => jsonResponse(500, {}));
    renderWithProviders(<EmailVerificationBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the account load, then check nothing rendered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: emailVerification.bannerTitle })).not.toBeInTheDocument();
  });
});
