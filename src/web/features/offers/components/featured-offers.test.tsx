import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { OfferListSchema } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { publicOfferFixture } from '#web/testing/offers.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { FeaturedOffers } from './featured-offers.tsx';

const offer = publicOfferFixture();

function SessionProbe() {
  const { token } = useAuth();
  return <output data-testid="session">{token === null ? 'visitor' : 'token'}</output>;
}

/** The API as it answers a token it no longer accepts: 401 INVALID_TOKEN on every route, public or not. */
function apiRefusingTheToken() {
  return vi.fn(async (input: string, init?: RequestInit) => {
    if (new Headers(init?.headers).has('Authorization')) {
      return jsonResponse(401, { detail: apiErrors.invalidToken, code: ErrorCode.INVALID_TOKEN });
    }
    if (input.startsWith('/api/v1/offers/')) return jsonResponse(200, [offer]);
    return jsonResponse(401, { detail: apiErrors.notAuthenticated, code: ErrorCode.NOT_AUTHENTICATED });
  });
}

describe('FeaturedOffers with a stored token the server refuses', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('drops the token and shows the featured helpers as to a visitor, without a reload', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'expired-token');
    const fetchMock = apiRefusingTheToken();
    vi.stubGlobal('fetch', fetchMock);

    renderWithProviders(
      <>
        <SessionProbe />
        <FeaturedOffers />
      </>,
    );

    expect(await screen.findByText(offer.title)).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('visitor'));
    const lastOffersCall = fetchMock.mock.calls.findLast(([url]) => url.startsWith('/api/v1/offers/'));
    expect(new Headers(lastOffersCall?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('keeps a token that a newer login stored while the refused request was on its way', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'new-token');
        return jsonResponse(401, { detail: apiErrors.invalidToken, code: ErrorCode.INVALID_TOKEN });
      }),
    );
    await expect(api.get('/offers/', { schema: OfferListSchema })).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('new-token');
  });
});
