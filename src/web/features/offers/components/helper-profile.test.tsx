import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { verificationBadges } from '#shared/messages/verification.ts';
import type { SearchResponse } from '#shared/schemas/offers.ts';
import type { UserVerification } from '#shared/schemas/users.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { publicOfferFixture } from '#web/testing/offers.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture, verificationFixture } from '#web/testing/users.ts';
import { HelperProfile } from './helper-profile.tsx';
import type { RenderMessageAction } from './offer-card.tsx';

const helper = currentUserFixture({ role: 'helper' });
const seeker = currentUserFixture({ id: '3c1c2d3e-4a5b-4c6d-8e7f-901234567890', role: 'helpee' });
const first = publicOfferFixture();
const second = publicOfferFixture({ id: '4d1c2d3e-4a5b-4c6d-8e7f-901234567890', title: 'Parler de son travail' });
const answer: SearchResponse = { items: [first, second], total: 2, total_is_estimate: false, page: 1, limit: 100 };

function stubApi(me: typeof helper) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
      if (url.startsWith(`/api/v1/users/${helper.id}`)) {
        const { email: _email, ...publicHelper } = helper;
        return jsonResponse(200, publicHelper);
      }
      if (url.startsWith('/api/v1/reviews/summary')) return jsonResponse(200, { average: null, count: 0 });
      if (url.startsWith('/api/v1/offers/search')) return jsonResponse(200, answer);
      return jsonResponse(200, []);
    }),
  );
}

function renderProfile() {
  const renderMessageAction = vi.fn<RenderMessageAction>((offer, placement) => (
    <button type="button">{`${placement}:${offer.title}`}</button>
  ));
  renderWithProviders(
    <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
      <HelperProfile helperId={helper.id} renderMessageAction={renderMessageAction} />
    </AuthDialogContext>,
  );
  return renderMessageAction;
}

describe('HelperProfile message actions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a logged-in seeker gets one next to the name (about the first offer) and one per offer card', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi(seeker);
    renderProfile();
    expect(await screen.findByRole('button', { name: `profile:${first.title}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `profile:${second.title}` })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `card:${first.title}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `card:${second.title}` })).toBeInTheDocument();
  });

  it('the helper on their own profile gets none next to the name', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    stubApi(helper);
    const renderMessageAction = renderProfile();
    await screen.findByRole('heading', { level: 3, name: first.title });
    expect(renderMessageAction.mock.calls.some(([, placement]) => placement === 'profile')).toBe(false);
  });

  it('a visitor gets none (the login prompt instead)', async () => {
    stubApi(seeker);
    const renderMessageAction = renderProfile();
    await screen.findByRole('heading', { level: 3, name: first.title });
    expect(renderMessageAction).not.toHaveBeenCalled();
  });
});

describe('HelperProfile verification badges', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The profile as GET /users/{id} answers it for a helper with these checks. */
  function stubProfile(verification: UserVerification, isVerified: boolean) {
    const { email: _email, ...publicHelper } = helper;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith(`/api/v1/users/${helper.id}`)) {
          return jsonResponse(200, { ...publicHelper, is_verified: isVerified, verification });
        }
        if (url.startsWith('/api/v1/reviews/summary')) return jsonResponse(200, { average: null, count: 0 });
        if (url.startsWith('/api/v1/offers/search')) return jsonResponse(200, answer);
        return jsonResponse(200, []);
      }),
    );
    renderProfile();
  }

  it('shows the badges of the checks that passed, and no identity badge without a payout account', async () => {
    stubProfile(
      verificationFixture({
        email_confirmed: true,
        charter_accepted: true,
        charter_version: HELPER_CHARTER_VERSION,
        charter_accepted_at: '2026-12-03T10:00:00Z',
      }),
      false,
    );
    const list = await screen.findByRole('list', { name: verificationBadges.listLabel });
    expect(list).toHaveTextContent(verificationBadges.email);
    expect(list).toHaveTextContent(verificationBadges.charter);
    expect(list).not.toHaveTextContent(verificationBadges.identity);
    expect(screen.queryByText('Profil vérifié')).not.toBeInTheDocument();
  });

  it('shows no badge when nothing was checked', async () => {
    stubProfile(verificationFixture(), false);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('list', { name: verificationBadges.listLabel })).not.toBeInTheDocument();
  });
});
