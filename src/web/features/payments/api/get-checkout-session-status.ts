import { useQuery } from '@tanstack/react-query';
import { CheckoutSessionStatusSchema, type CheckoutSessionStatus } from '#shared/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /payments/checkout-session/{session_id}: the booking behind a checkout and whether it is paid. */
export function getCheckoutSessionStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutSessionStatus> {
  return api.get(`/payments/checkout-session/${encodeURIComponent(sessionId)}`, {
    schema: CheckoutSessionStatusSchema,
    signal,
  });
}

/** Still waiting for the provider's webhook: the payment is open and the booking holds its time. */
export function isAwaitingConfirmation(status: CheckoutSessionStatus): boolean {
  return status.payment_status === 'open' && status.booking_status === 'pending_payment';
}

/**
 * Polled every `intervalMs` while the confirmation is awaited, and no longer once `polling` is false
 * (the page stops after a few seconds and says the bookings tab will show it).
 */
export function useCheckoutSessionStatus(
  sessionId: string | null,
  options: { enabled: boolean; polling: boolean; intervalMs: number },
) {
  return useQuery({
    queryKey: queryKeys.payments.checkoutSession(sessionId ?? ''),
    queryFn: ({ signal }) => getCheckoutSessionStatus(sessionId ?? '', signal),
    enabled: options.enabled && Boolean(sessionId),
    refetchInterval: (query) =>
      options.polling && query.state.data && isAwaitingConfirmation(query.state.data) ? options.intervalMs : false,
  });
}
