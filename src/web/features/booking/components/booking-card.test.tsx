import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_MINUTE_CANCELLATION_HOURS } from '#shared/constants.ts';
import { bookingsTab } from '#shared/messages/bookings.ts';
import { renderWithProviders } from '#web/testing/render.tsx';
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
