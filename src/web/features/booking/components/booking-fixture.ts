import type { Booking } from '#shared/schemas/bookings.ts';

/** A booking as GET /bookings/ returns it, for component tests: cancelled by the helper unless overridden. */
export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  const helper = {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    display_name: 'Camille',
    username: 'camille',
    avatar_url: null,
  };
  const user = { id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', display_name: 'Paul', username: 'paul', avatar_url: null };
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    offer_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    pricing_option_id: null,
    helper_id: helper.id,
    user_id: user.id,
    status: 'cancelled',
    start_at: '2030-03-01T10:00:00.000Z',
    end_at: '2030-03-01T11:00:00.000Z',
    duration_minutes: 60,
    price_cents: 0,
    currency: 'eur',
    commission_cents: 0,
    hold_expires_at: null,
    cancelled_at: '2030-02-28T18:00:00.000Z',
    cancelled_by: helper.id,
    cancellation_reason: 'Un imprévu',
    is_last_minute: false,
    refund_status: 'none',
    refund_cents: 0,
    created_at: '2030-02-01T10:00:00.000Z',
    updated_at: '2030-02-28T18:00:00.000Z',
    offer: {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      title: 'Écoute après un deuil',
      category: 'relations',
      currency: 'eur',
      helper_id: helper.id,
      visible: true,
      deleted: false,
    },
    helper,
    user,
    ...overrides,
  };
}
