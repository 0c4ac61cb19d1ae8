import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { paymentReturn, paymentSuccess } from '#shared/messages/bookings.ts';
import { paymentConfirmation } from '#shared/messages/payments-web.ts';
import type { CheckoutSessionStatus } from '#shared/schemas/payments.ts';
import { toast } from '#web/components/ui/toaster.tsx';
import { paths } from '#web/config/paths.ts';
import { jsonResponse, renderWithProviders } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';
import PaymentSuccessPage from './payment-success.tsx';

const me = currentUserFixture({ role: 'helpee' });
const bookingId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const sessionStatus = (over: Partial<CheckoutSessionStatus>): CheckoutSessionStatus => ({
  session_id: 'cs_local_1',
  booking_id: bookingId,
  booking_status: 'pending_payment',
  payment_status: 'open',
  amount_cents: 4500,
  currency: 'eur',
  hold_expires_at: '2030-03-01T10:30:00.000Z',
  ...over,
});

/** Answers the session status from `answers` in turn (the last one repeats). */
function stubApi(answers: (() => Response)[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/v1/users/me')) return jsonResponse(200, me);
    if (url.startsWith('/api/v1/payments/checkout-session/cs_local_1')) {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer ? answer() : jsonResponse(500, {});
    }
    // The booking summary: not what these tests look at.
    return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderAt = (entry: string) =>
  renderWithProviders(<PaymentSuccessPage />, { path: paths.paymentSuccess.path, initialEntry: entry });

describe('/payment/success', () => {
  beforeEach(() => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does not claim success before the server confirms: "Confirmation en cours…", then the success once paid', async () => {
    const success = vi.spyOn(toast, 'success');
    stubApi([
      () => jsonResponse(200, sessionStatus({})),
      () => jsonResponse(200, sessionStatus({ booking_status: 'paid', payment_status: 'succeeded' })),
    ]);
    renderAt(paths.paymentSuccess.href({ session_id: 'cs_local_1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentConfirmation.pendingTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByText(paymentSuccess.paidTitle)).not.toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();

    // Asked again every 2 s while the webhook has not arrived.
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentSuccess.paidTitle }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(paymentReturn.paidConfirmed);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('a lapsed or failed payment shows "Erreur lors de la confirmation", never the success', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    stubApi([() => jsonResponse(200, sessionStatus({ booking_status: 'cancelled', payment_status: 'expired' }))]);
    renderAt(paths.paymentSuccess.href({ session_id: 'cs_local_1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentReturn.confirmationFailed }),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(paymentReturn.confirmationFailed);
    expect(success).not.toHaveBeenCalled();
  });

  it('an unknown session (404) is an error too', async () => {
    stubApi([() => jsonResponse(404, { detail: 'Session introuvable', code: 'NOT_FOUND' })]);
    renderAt(paths.paymentSuccess.href({ session_id: 'cs_local_1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentReturn.confirmationFailed }),
    ).toBeInTheDocument();
  });

  it('when the server cannot be asked (500, 404), it does not say that nothing was charged', async () => {
    // The person comes back from the provider's success redirect: they may well have paid. Only the
    // server's answer that the session ended unpaid allows "Aucun montant n'a été débité".
    for (const answer of [
      () => jsonResponse(500, { detail: 'Erreur interne', code: 'INTERNAL' }),
      () => jsonResponse(404, { detail: 'Session introuvable', code: 'NOT_FOUND' }),
    ]) {
      stubApi([answer]);
      const { unmount } = renderAt(paths.paymentSuccess.href({ session_id: 'cs_local_1' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: paymentReturn.confirmationFailed }),
      ).toBeInTheDocument();
      expect(screen.queryByText(paymentConfirmation.failedText)).not.toBeInTheDocument();
      expect(screen.getByText(paymentConfirmation.unknownText)).toBeInTheDocument();
      unmount();
    }
  });

  it('a session the server says ended unpaid says that nothing was charged', async () => {
    stubApi([() => jsonResponse(200, sessionStatus({ booking_status: 'cancelled', payment_status: 'expired' }))]);
    renderAt(paths.paymentSuccess.href({ session_id: 'cs_local_1' }));
    expect(await screen.findByText(paymentConfirmation.failedText)).toBeInTheDocument();
  });

  it('with neither parameter: "Erreur de confirmation" and the bookings tab', async () => {
    stubApi([]);
    const error = vi.spyOn(toast, 'error');
    const { router } = renderAt(paths.paymentSuccess.href());
    await waitFor(() => expect(router.state.location.search).toBe('?tab=bookings'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(error).toHaveBeenCalledWith(paymentReturn.confirmationError);
  });

  it('the free variant confirms at once', async () => {
    stubApi([]);
    const success = vi.spyOn(toast, 'success');
    renderAt(paths.paymentSuccess.href({ booking_id: bookingId, free: true }));
    expect(await screen.findByRole('heading', { level: 1, name: paymentSuccess.freeTitle })).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(paymentReturn.freeConfirmed);
  });

  it('offers the bookings, the conversations and /support (spec 2 section 2)', async () => {
    stubApi([]);
    renderAt(paths.paymentSuccess.href({ booking_id: bookingId, free: true }));
    await screen.findByRole('heading', { level: 1, name: paymentSuccess.freeTitle });
    expect(screen.getByRole('link', { name: paymentSuccess.goBookings })).toHaveAttribute(
      'href',
      paths.dashboard.href('bookings'),
    );
    expect(screen.getByRole('link', { name: paymentSuccess.goConversations })).toHaveAttribute(
      'href',
      '/dashboard?tab=conversations',
    );
    expect(screen.getByRole('link', { name: paymentSuccess.goSupport })).toHaveAttribute('href', '/support');
  });
});
