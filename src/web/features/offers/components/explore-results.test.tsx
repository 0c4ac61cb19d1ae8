import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explore } from '#shared/messages/offers.ts';
import type { SearchResponse } from '#shared/schemas/offers.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
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
});
