import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { OfferListSchema, type PublicOffer } from '#shared/schemas/offers.ts';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { FeaturedOffers } from './featured-offers.tsx';

const helperId = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const offer: PublicOffer = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  helper_id: helperId,
  helper: { id: helperId, display_name: 'Camille', username: 'camille', avatar_url: null, full_name: null },
  title: 'Écoute après un deuil',
  description: 'Un moment pour parler.',
  category: 'relations',
  duration_minutes: 60,
  price_cents: 0,
  currency: 'eur',
  visible: true,
  pricing_options: [{ id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', duration_minutes: 60, price_cents: 0 }],
  rating: { average: null, count: 0 },
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
};

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
