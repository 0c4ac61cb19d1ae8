import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { booking as bookingMessages, bookingsTab } from '#shared/messages/bookings.ts';
import { bookingPayment } from '#shared/messages/payments-web.ts';
import { parisClock } from '#shared/rules/paris-time.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { BookingCard } from './booking-card.tsx';
import { bookingFixture } from './booking-fixture.ts';

const HOUR = 3_600_000;
const now = new Date();
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
const title = bookingFixture().offer.title;

/** A paid option's running checkout: the time held for 20 more minutes. */
const hold = () =>
  bookingFixture({
    status: 'pending_payment',
    start_at: inHours(48),
    end_at: inHours(49),
    price_cents: 3000,
    hold_expires_at: inHours(1 / 3),
    cancelled_at: null,
    cancelled_by: null,
    cancellation_reason: null,
    is_last_minute: null,
    refund_status: null,
    refund_cents: null,
  });

/** A checkout that lapsed unpaid: cancelled by nobody. */
const unfinished = () =>
  bookingFixture({
    status: 'cancelled',
    start_at: inHours(48),
    end_at: inHours(49),
    price_cents: 3000,
    cancelled_by: null,
    cancellation_reason: null,
    refund_status: 'none',
  });

describe('BookingCard: a checkout left unpaid', () => {
  it.each([
    ['seeker', unfinished().user_id],
    ['helper', unfinished().helper_id],
  ])('shows the %s "Paiement non finalisé", not a cancellation by the other person', async (_side, userId) => {
    const booking = unfinished();
    renderWithProviders(<BookingCard booking={booking} userId={userId} now={now} />);
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByText(bookingMessages.statusPaymentNotCompleted)).toBeInTheDocument();
    expect(within(card).getByText(bookingsTab.paymentNotCompletedText)).toBeInTheDocument();
    expect(within(card).queryByText(bookingMessages.statusCancelled)).not.toBeInTheDocument();
    expect(within(card).queryByText(/^Annulée par/)).not.toBeInTheDocument();
    // Nothing was paid: no receipt to download.
    expect(within(card).queryByText(bookingPayment.receipt)).not.toBeInTheDocument();
  });

  it('still names the person who cancelled a real cancellation', async () => {
    const booking = bookingFixture();
    renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={now} />);
    expect(await screen.findByText(bookingsTab.cancelledBy('Camille'))).toBeInTheDocument();
    expect(screen.getByText(bookingMessages.statusCancelled)).toBeInTheDocument();
  });
});

describe('BookingCard: a running checkout seen by the helper', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows "Paiement en cours" until when, and lets the helper release the time', async () => {
    const booking = hold();
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/cancel') && init?.method === 'POST') {
        return jsonResponse(200, {
          booking: { ...booking, status: 'cancelled', cancelled_by: booking.helper_id },
          notification_sent_to: 'Paul',
          refund: { status: 'none', amount_cents: 0 },
          message: 'ok',
        });
      }
      return jsonResponse(404, { detail: 'introuvable', code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BookingCard booking={booking} userId={booking.helper_id} now={now} />);

    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByText(bookingMessages.statusPendingPayment)).toBeInTheDocument();
    expect(
      within(card).getByText(bookingsTab.holdForHelper('Paul', parisClock(new Date(booking.hold_expires_at!)))),
    ).toBeInTheDocument();
    // The seeker's "Reprendre le paiement" is not the helper's.
    expect(within(card).queryByText(bookingPayment.resume)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: bookingsTab.releaseHoldLabel(title) }));
    const dialog = await screen.findByRole('dialog', { name: bookingsTab.releaseHold });
    await user.type(within(dialog).getByLabelText(bookingsTab.reasonLabel), 'Je ne suis plus disponible');
    await user.click(within(dialog).getByRole('button', { name: bookingsTab.confirmCancel }));

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/bookings/${booking.id}/cancel`,
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/cancel'))!;
    expect(JSON.parse(call[1]?.body as string)).toEqual({ cancellation_reason: 'Je ne suis plus disponible' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the seeker no release: their own checkout lapses on its own', async () => {
    const booking = hold();
    renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={now} />);
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByText(bookingMessages.statusPendingPayment)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: bookingsTab.releaseHoldLabel(title) })).not.toBeInTheDocument();
    expect(within(card).getByText(bookingPayment.resume)).toBeInTheDocument();
  });
});
