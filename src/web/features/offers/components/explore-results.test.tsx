import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerCard } from '#shared/messages/offer-card.ts';
import { explore } from '#shared/messages/offers.ts';
import type { SearchResponse } from '#shared/schemas/offers.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { currentUserFixture } from '#web/testing/users.ts';
import { publicOfferFixture } from '#web/testing/offers.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { ExploreResults } from './explore-results.tsx';

const offer = publicOfferFixture();
const answer: SearchResponse = { items: [offer], total: 1, total_is_estimate: false, page: 1, limit: 12 };

describe('ExploreResults', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The page's h1 is followed by the cards' h3 titles: axe heading-order (found in issue 8's walk)
  // wants the level in between, which also lets a screen reader jump to the results.
  it('puts the results under a level-2 heading, above the level-3 offer titles', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, answer)),
    );
    renderWithProviders(
      <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
        <ExploreResults />
      </AuthDialogContext>,
      { path: '/explore' },
    );
    expect(await screen.findByRole('heading', { level: 3, name: offer.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: explore.resultsHeading })).toBeInTheDocument();
  });

  it('logged in, each card shows the message action the page gives; a visitor gets the login button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/v1/users/me') ? jsonResponse(200, currentUserFixture()) : jsonResponse(200, answer),
      ),
    );
    const renderMessageAction = vi.fn(() => <button type="button">action message</button>);
    const renderResults = () =>
      renderWithProviders(
        <AuthDialogContext value={{ open: vi.fn(), close: vi.fn() }}>
          <ExploreResults renderMessageAction={renderMessageAction} />
        </AuthDialogContext>,
        { path: '/explore' },
      );

    const visitor = renderResults();
    await screen.findByRole('heading', { level: 3, name: offer.title });
    expect(screen.queryByRole('button', { name: 'action message' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: offerCard.messageHelper(offer.helper.display_name ?? '') }),
    ).toBeInTheDocument();
    visitor.unmount();

    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    renderResults();
    expect(await screen.findByRole('button', { name: 'action message' })).toBeInTheDocument();
    expect(renderMessageAction).toHaveBeenCalledWith(offer, 'card');
  });
});
