import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { bookingsTab } from '#shared/messages/bookings.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { verificationFixture } from '#web/testing/users.ts';
import { bookingFixture } from './booking-fixture.ts';
import BookingsTab from './bookings-tab.tsx';

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const booking = (id: string, title: string, startInHours: number) =>
  bookingFixture({
    id,
    start_at: inHours(startInHours),
    end_at: inHours(startInHours + 1),
    offer: { ...bookingFixture().offer, title },
  });

describe('BookingsTab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows upcoming sessions soonest first, then past ones latest first, in the order the server sent', async () => {
    // The server's order (GET /bookings/): upcoming soonest first, then past latest first.
    const list = [
      booking('0a000000-0000-4000-8000-000000000001', 'Demain', 24),
      booking('0a000000-0000-4000-8000-000000000002', 'Dans une semaine', 24 * 7),
      booking('0a000000-0000-4000-8000-000000000003', 'Hier', -24),
      booking('0a000000-0000-4000-8000-000000000004', 'Le mois dernier', -24 * 30),
    ];
    const me: CurrentUser = {
      ...bookingFixture().user,
      email: 'paul@exemple.fr',
      first_name: null,
      last_name: null,
      bio: null,
      profile_image_url: null,
      tags: [],
      is_verified: false,
      verification: verificationFixture(),
      email_verified: true,
      pending_email: null,
      role: 'helpee',
      created_at: '2030-01-01T10:00:00.000Z',
    };
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (input.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
        if (input.startsWith('/api/v1/bookings/')) return jsonResponse(200, list);
        return jsonResponse(404, { detail: 'introuvable', code: 'NOT_FOUND' });
      }),
    );

    renderWithProviders(<BookingsTab />);

    const upcoming = await screen.findByRole('region', { name: bookingsTab.upcomingTitle });
    const past = screen.getByRole('region', { name: bookingsTab.pastTitle });
    const titles = (section: HTMLElement) =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent)
        .filter((text) => text !== bookingsTab.upcomingTitle && text !== bookingsTab.pastTitle);
    expect(titles(upcoming)).toEqual(['Demain', 'Dans une semaine']);
    expect(titles(past)).toEqual(['Hier', 'Le mois dernier']);
  });
});
