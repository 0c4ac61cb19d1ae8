import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import VerifyEmailPage from './verify-email.tsx';

function stubVerify(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url === '/api/v1/auth/verify-email') return answer();
    return jsonResponse(401, { detail: 'non connecté', code: ErrorCode.NOT_AUTHENTICATED });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const verifyCalls = (fetchMock: ReturnType<typeof stubVerify>) =>
  fetchMock.mock.calls.filter(
    ([url]) => (url instanceof Request ? url.url : url.toString()) === '/api/v1/auth/verify-email',
  );

describe('VerifyEmailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('spends the link once on arrival and says what it proved', async () => {
    const fetchMock = stubVerify(() =>
      jsonResponse(200, { message: emailVerification.confirmed, email: 'nina@exemple.fr', changed: false }),
    );
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email', initialEntry: '/verify-email?token=abc' });
    expect(await screen.findByText(emailVerification.confirmed)).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(verifyCalls(fetchMock)[0]![1]!.body as string)).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: emailVerification.continue })).toHaveAttribute('href', '/');
  });

  it('shows the French refusal of a spent or expired link', async () => {
    stubVerify(() =>
      jsonResponse(400, { detail: emailVerification.invalidToken, code: ErrorCode.INVALID_VERIFICATION_TOKEN }),
    );
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email', initialEntry: '/verify-email?token=vieux' });
    expect(await screen.findByRole('alert')).toHaveTextContent(emailVerification.invalidToken);
  });

  it('calls nothing for a link without its token', async () => {
    const fetchMock = stubVerify(() => jsonResponse(500, {}));
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email', initialEntry: '/verify-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(emailVerification.tokenMissing);
    await waitFor(() => expect(verifyCalls(fetchMock)).toHaveLength(0));
  });
});
