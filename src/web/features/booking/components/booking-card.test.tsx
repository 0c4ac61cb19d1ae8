import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAST_MINUTE_CANCELLATION_HOURS } from '#shared/constants.ts';
import { bookingsTab } from '#shared/messages/bookings.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { BookingCard } from './booking-card.tsx';
import { bookingFixture } from './booking-fixture.ts';

const now = new Date('2030-03-01T09:00:00.000Z');
const lastMinuteText = bookingsTab.lastMinute(LAST_MINUTE_CANCELLATION_HOURS);

describe('BookingCard of a cancelled booking', () => {
  it('says when the cancellation came at the last minute (is_last_minute, stored since the cancel)', async () => {
    const booking = bookingFixture({ is_last_minute: true });
    renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={now} />);
    expect(await screen.findByText(lastMinuteText)).toBeInTheDocument();
    expect(screen.getByText(bookingsTab.cancelledBy('Camille'))).toBeInTheDocument();
  });

  it('says nothing of the kind for a cancellation made in time', async () => {
    const booking = bookingFixture({ is_last_minute: false });
    renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={now} />);
    expect(await screen.findByText(bookingsTab.cancelledBy('Camille'))).toBeInTheDocument();
    expect(screen.queryByText(lastMinuteText)).not.toBeInTheDocument();
  });
});

describe('BookingCard: focus after a cancellation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('moves focus to the card title even when the list shows the cancellation before the answer arrives', async () => {
    const scheduled = bookingFixture({
      status: 'scheduled',
      cancelled_at: null,
      cancelled_by: null,
      cancellation_reason: null,
      refund_status: null,
      start_at: '2030-03-05T10:00:00.000Z',
      end_at: '2030-03-05T11:00:00.000Z',
    });
    const cancelled = bookingFixture({
      start_at: scheduled.start_at,
      end_at: scheduled.end_at,
      cancelled_by: scheduled.user_id,
    });
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: string) =>
          new Promise<Response>((resolve) => {
            if (String(input).endsWith('/cancel')) answer = resolve;
            else resolve(jsonResponse(404, { detail: 'x', code: 'NOT_FOUND' }));
          }),
      ),
    );
    // What the app socket's refetch does: the card is given the cancelled booking while the dialog is open.
    let showCancelled: () => void = () => {};
    function Harness() {
      const [booking, setBooking] = useState<Booking>(scheduled);
      showCancelled = () => setBooking(cancelled);
      return <BookingCard booking={booking} userId={booking.user_id} now={now} />;
    }
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: bookingsTab.cancelLabel(scheduled.offer.title) }));
    await user.type(screen.getByLabelText(bookingsTab.reasonLabel), 'Un empêchement');
    await user.click(screen.getByRole('button', { name: bookingsTab.confirmCancel }));

    act(() => showCancelled());
    await act(async () => {
      answer(
        jsonResponse(200, {
          booking: cancelled,
          notification_sent_to: 'Camille',
          refund: { status: 'none', amount_cents: 0 },
          message: 'ok',
        }),
      );
    });

    await waitFor(() => expect(screen.queryByLabelText(bookingsTab.reasonLabel)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: scheduled.offer.title })).toHaveFocus());
  });
});
