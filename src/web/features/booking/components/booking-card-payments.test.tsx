import { screen, waitFor, within } from '@testing-library/react';

/** formatMoney separates with no-break spaces, which Testing Library's default matching folds: compare as is. */
const exact = { normalizer: (text: string) => text };
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, LAST_MINUTE_CANCELLATION_HOURS } from '#shared/constants.ts';
import { bookingsTab } from '#shared/messages/bookings.ts';
import { bookingPayment } from '#shared/messages/payments-web.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { redirectTo } from '#web/lib/redirect.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { BookingCard } from './booking-card.tsx';
import { bookingFixture } from './booking-fixture.ts';

vi.mock('#web/lib/redirect.ts', () => ({ redirectTo: vi.fn() }));

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const euros45 = formatMoney(4500, 'eur');

/** A paid booking of 45,00 € starting in `hours`, not cancelled. */
const paidBooking = (hours: number, overrides: Parameters<typeof bookingFixture>[0] = {}) =>
  bookingFixture({
    status: 'paid',
    start_at: inHours(hours),
    end_at: inHours(hours + 1),
    price_cents: 4500,
    commission_cents: 450,
    cancelled_at: null,
    cancelled_by: null,
    cancellation_reason: null,
    is_last_minute: null,
    refund_status: null,
    refund_cents: null,
    ...overrides,
  });

function stubApi(handler: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = handler(url, init);
    if (answer) return answer;
    // The contact card of a confirmed booking: not what these tests look at.
    return jsonResponse(403, { detail: 'Accès refusé', code: 'FORBIDDEN' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openCancelDialog() {
  await userEvent.click(
    await screen.findByRole('button', { name: bookingsTab.cancelLabel(bookingFixture().offer.title) }),
  );
  return screen.findByRole('dialog');
}

describe('BookingCard: payments', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    vi.mocked(redirectTo).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('the cancel dialog says what will happen to the money', () => {
    it('a seeker more than 24 h ahead: "Vous serez remboursé de 45,00 €"', async () => {
      stubApi();
      const booking = paidBooking(48);
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      const dialog = await openCancelDialog();
      expect(within(dialog).getByTestId('refund-notice').textContent).toBe(bookingPayment.refundSeeker(euros45));
      expect(bookingPayment.refundSeeker(euros45)).toBe(`Vous serez remboursé de ${euros45}`);
    });

    it('a seeker under 24 h: no refund', async () => {
      stubApi();
      const booking = paidBooking(2);
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      const dialog = await openCancelDialog();
      expect(within(dialog).getByTestId('refund-notice')).toHaveTextContent(
        bookingPayment.noRefund(LAST_MINUTE_CANCELLATION_HOURS),
      );
    });

    it('the helper, even under 24 h: the seeker is refunded in full', async () => {
      stubApi();
      const booking = paidBooking(2);
      renderWithProviders(<BookingCard booking={booking} userId={booking.helper_id} now={new Date()} />);
      const dialog = await openCancelDialog();
      expect(within(dialog).getByTestId('refund-notice').textContent).toBe(bookingPayment.refundOther(euros45));
    });

    it('a free booking: nothing about money', async () => {
      stubApi();
      const booking = paidBooking(48, { status: 'scheduled', price_cents: 0, commission_cents: 0 });
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      const dialog = await openCancelDialog();
      expect(within(dialog).queryByTestId('refund-notice')).not.toBeInTheDocument();
    });
  });

  it('a cancelled paid booking shows its refund afterwards', async () => {
    stubApi();
    const booking = paidBooking(48, {
      status: 'cancelled',
      cancelled_at: inHours(-1),
      cancelled_by: bookingFixture().user_id,
      cancellation_reason: 'Un imprévu',
      is_last_minute: false,
      refund_status: 'refunded',
      refund_cents: 4500,
    });
    renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
    expect(await screen.findByText(bookingPayment.refundDone(euros45), exact)).toBeInTheDocument();
  });

  describe('a booking waiting for its payment', () => {
    const pending = (holdInMinutes: number) =>
      paidBooking(48, {
        status: 'pending_payment',
        pricing_option_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
        hold_expires_at: new Date(Date.now() + holdInMinutes * 60_000).toISOString(),
      });

    it('offers its seeker to resume the payment with the same time while the hold lasts', async () => {
      const booking = pending(20);
      const fetchMock = stubApi((url, init) =>
        url === '/api/v1/payments/checkout-session' && init?.method === 'POST'
          ? jsonResponse(200, { checkout_url: 'http://appui.test/simulateur/checkout/cs_1', session_id: 'cs_1' })
          : undefined,
      );
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      expect(await screen.findByText(/Créneau réservé jusqu’à/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: bookingPayment.resumeLabel(booking.offer.title) }));
      await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://appui.test/simulateur/checkout/cs_1'));
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/payments/checkout-session');
      const body = JSON.parse(call?.[1]?.body as string) as Record<string, unknown>;
      expect(body).toMatchObject({
        offer_id: booking.offer_id,
        start_at: booking.start_at,
        end_at: booking.end_at,
        pricing_option_id: booking.pricing_option_id,
      });
      expect(body.success_url).toMatch(/\/payment\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
      expect(body.cancel_url).toMatch(/\/payment\/cancel$/);
    });

    it('says the time was freed once the hold lapsed, and offers nothing', async () => {
      stubApi();
      const booking = pending(-1);
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      expect(await screen.findByText(bookingPayment.holdLapsed)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reprendre le paiement/ })).not.toBeInTheDocument();
    });

    it('offers the helper nothing to pay', async () => {
      stubApi();
      const booking = pending(20);
      renderWithProviders(<BookingCard booking={booking} userId={booking.helper_id} now={new Date()} />);
      await screen.findByText(booking.offer.title);
      expect(screen.queryByRole('button', { name: /Reprendre le paiement/ })).not.toBeInTheDocument();
    });
  });

  describe('the receipt', () => {
    it('downloads the PDF of a paid booking with the bearer token, under the name the server gives', async () => {
      const booking = paidBooking(48);
      const fetchMock = stubApi((url) =>
        url === `/api/v1/bookings/${booking.id}/receipt.pdf`
          ? new Response('%PDF-1.4', {
              status: 200,
              // What the server's attachmentHeader writes: an ASCII fallback, then the French name.
              headers: {
                'Content-Disposition':
                  'attachment; filename="recu-appui-2030-03-01-9a2b3c4d.pdf"; ' +
                  "filename*=UTF-8''re%C3%A7u-appui-2030-03-01-9a2b3c4d.pdf",
              },
            })
          : undefined,
      );
      const createObjectURL = vi.fn(() => 'blob:recu');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        expect(this.download).toBe('reçu-appui-2030-03-01-9a2b3c4d.pdf');
        expect(this.href).toBe('blob:recu');
      });
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      await userEvent.click(
        await screen.findByRole('button', { name: bookingPayment.receiptLabel(booking.offer.title) }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/receipt.pdf'));
      expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token');
    });

    it('without a Content-Disposition, names the file like the server: reçu-appui-<Paris day>-<booking>', async () => {
      // 23:30 UTC is 00:30 the next day in Paris: the name takes the Paris day, as the server does.
      const booking = paidBooking(48, { start_at: '2030-03-01T23:30:00.000Z', end_at: '2030-03-02T00:30:00.000Z' });
      stubApi((url) =>
        url === `/api/v1/bookings/${booking.id}/receipt.pdf` ? new Response('%PDF-1.4', { status: 200 }) : undefined,
      );
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recu'), revokeObjectURL: vi.fn() }));
      const names: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      renderWithProviders(<BookingCard booking={booking} userId={booking.user_id} now={new Date()} />);
      await userEvent.click(
        await screen.findByRole('button', { name: bookingPayment.receiptLabel(booking.offer.title) }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(names).toEqual([`reçu-appui-2030-03-02-${booking.id.slice(0, 8)}.pdf`]);
    });

    it('is not offered for a free booking or a lapsed hold', async () => {
      stubApi();
      const free = paidBooking(48, { status: 'scheduled', price_cents: 0 });
      const lapsed = paidBooking(48, {
        status: 'cancelled',
        cancelled_by: null,
        refund_status: 'none',
        refund_cents: 0,
      });
      renderWithProviders(
        <>
          <BookingCard booking={free} userId={free.user_id} now={new Date()} />
          <BookingCard
            booking={{ ...lapsed, id: '9a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }}
            userId={lapsed.user_id}
            now={new Date()}
          />
        </>,
      );
      await screen.findAllByText(free.offer.title);
      expect(screen.queryByRole('button', { name: /Télécharger le reçu/ })).not.toBeInTheDocument();
    });
  });
});
