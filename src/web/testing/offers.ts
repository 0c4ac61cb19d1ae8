import type { PublicOffer } from '#shared/schemas/offers.ts';
import { currentUserFixture } from './users.ts';

/** A public offer as GET /offers answers it, for component tests; its helper is currentUserFixture. */
export function publicOfferFixture(overrides: Partial<PublicOffer> = {}): PublicOffer {
  const helper = currentUserFixture();
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    helper_id: helper.id,
    helper: {
      id: helper.id,
      display_name: helper.display_name,
      username: helper.username,
      avatar_url: null,
      full_name: null,
    },
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
    ...overrides,
  };
}
