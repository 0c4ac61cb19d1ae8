import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explore } from '#shared/messages/offers.ts';
import type { PublicOffer, SearchResponse } from '#shared/schemas/offers.ts';
import { AuthDialogContext } from '#web/lib/auth-dialog.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { ExploreResults } from './explore-results.tsx';

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
