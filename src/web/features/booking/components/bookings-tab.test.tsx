import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { bookingsTab } from '#shared/messages/bookings.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import { bookingFixture } from './booking-fixture.ts';
import BookingsTab from './bookings-tab.tsx';

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const booking = (id: string, title: string, startInHours: number, overrides: Partial<Booking> = {}) =>
  bookingFixture({
    id,
    status: startInHours > 0 ? 'scheduled' : 'completed',
    start_at: inHours(startInHours),
    end_at: inHours(startInHours + 1),
    cancelled_at: null,
    cancelled_by: null,
    cancellation_reason: null,
    offer: { ...bookingFixture().offer, title },
    ...overrides,
  });

const me = currentUserFixture({ ...bookingFixture().user, email: 'paul@exemple.fr', role: 'helpee' });

function serve(list: Booking[]) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
      if (input.startsWith('/api/v1/bookings/')) return jsonResponse(200, list);
      return jsonResponse(404, { detail: 'introuvable', code: 'NOT_FOUND' });
    }),
  );
}

/** The offer titles of the cards of one list, in order. */
const cardTitles = (section: HTMLElement) =>
  within(section)
    .queryAllByTestId('booking-card')
    .map((card) => within(card).getAllByRole('heading', { level: 3 })[0]?.textContent);

describe('BookingsTab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows upcoming sessions soonest first, then past ones latest first, in the order the server sent', async () => {
    // The server's order (GET /bookings/): upcoming soonest first, then past latest first.
    serve([
      booking('0a000000-0000-4000-8000-000000000001', 'Demain', 24),
      booking('0a000000-0000-4000-8000-000000000002', 'Dans une semaine', 24 * 7),
      booking('0a000000-0000-4000-8000-000000000003', 'Hier', -24),
      booking('0a000000-0000-4000-8000-000000000004', 'Le mois dernier', -24 * 30),
    ]);

    renderWithProviders(<BookingsTab />);

    const upcoming = await screen.findByRole('region', { name: bookingsTab.upcomingTitle });
    expect(cardTitles(upcoming)).toEqual(['Demain', 'Dans une semaine']);
    expect(cardTitles(screen.getByRole('region', { name: bookingsTab.pastTitle }))).toEqual([
      'Hier',
      'Le mois dernier',
    ]);
    expect(screen.getByRole('region', { name: bookingsTab.cancelledTitle })).toHaveTextContent(
      bookingsTab.cancelledEmpty,
    );
  });

  it('keeps cancelled bookings and unpaid checkouts out of "À venir", a running checkout in it', async () => {
    serve([
      booking('0a000000-0000-4000-8000-000000000011', 'Paiement en cours', 30, {
        status: 'pending_payment',
        price_cents: 3000,
        hold_expires_at: inHours(0.4),
      }),
      booking('0a000000-0000-4000-8000-000000000012', 'Annulée par l’aidante', 48, {
        status: 'cancelled',
        cancelled_by: bookingFixture().helper.id,
        cancellation_reason: 'Un imprévu',
      }),
      booking('0a000000-0000-4000-8000-000000000013', 'Paiement abandonné', 50, {
        status: 'cancelled',
        price_cents: 3000,
        refund_status: 'none',
      }),
      // A hold that lapsed a moment ago, before the sweep turned it into a cancelled booking.
      booking('0a000000-0000-4000-8000-000000000014', 'Délai dépassé', 52, {
        status: 'pending_payment',
        price_cents: 3000,
        hold_expires_at: inHours(-0.1),
      }),
    ]);

    renderWithProviders(<BookingsTab />);

    const upcoming = await screen.findByRole('region', { name: bookingsTab.upcomingTitle });
    expect(cardTitles(upcoming)).toEqual(['Paiement en cours']);
    const cancelled = screen.getByRole('region', { name: bookingsTab.cancelledTitle });
    expect(cardTitles(cancelled)).toEqual(['Annulée par l’aidante', 'Paiement abandonné', 'Délai dépassé']);
    expect(screen.getByRole('region', { name: bookingsTab.pastTitle })).toHaveTextContent(bookingsTab.pastEmpty);
  });

  it('says so in each list that is empty', async () => {
    serve([booking('0a000000-0000-4000-8000-000000000021', 'Hier', -24)]);

    renderWithProviders(<BookingsTab />);

    expect(await screen.findByRole('region', { name: bookingsTab.upcomingTitle })).toHaveTextContent(
      bookingsTab.upcomingEmpty,
    );
    expect(screen.getByRole('region', { name: bookingsTab.cancelledTitle })).toHaveTextContent(
      bookingsTab.cancelledEmpty,
    );
    expect(cardTitles(screen.getByRole('region', { name: bookingsTab.pastTitle }))).toEqual(['Hier']);
  });

  it('gives the focus to the card in "Annulées" once a booking cancelled here moved there', async () => {
    const upcoming = booking('0a000000-0000-4000-8000-000000000031', 'Séance annulée ici', 48);
    const cancelled = { ...upcoming, status: 'cancelled' as const, cancelled_by: upcoming.user_id };
    let list = [upcoming];
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
        if (input.endsWith('/cancel') && init?.method === 'POST') {
          list = [cancelled];
          const refund = { status: 'none', amount_cents: 0 };
          return jsonResponse(200, { booking: cancelled, notification_sent_to: 'Camille', refund, message: 'ok' });
        }
        if (input.startsWith('/api/v1/bookings/')) return jsonResponse(200, list);
        return jsonResponse(404, { detail: 'introuvable', code: 'NOT_FOUND' });
      }),
    );
    renderWithProviders(<BookingsTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: bookingsTab.cancelLabel('Séance annulée ici') }));
    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), 'Un empêchement');
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));

    const section = screen.getByRole('region', { name: bookingsTab.cancelledTitle });
    await waitFor(() => expect(cardTitles(section)).toEqual(['Séance annulée ici']));
    await waitFor(() =>
      expect(within(section).getByRole('heading', { level: 3, name: 'Séance annulée ici' })).toHaveFocus(),
    );
  });
});
