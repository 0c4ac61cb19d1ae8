import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

export type CheckoutSessionRequest = {
  offer_id: string;
  start_at: string;
  end_at: string;
  pricing_option_id: string | null;
  /** Contains {CHECKOUT_SESSION_ID}, which the provider replaces (spec 1 section 7). */
  success_url: string;
  cancel_url: string;
};

export type CheckoutSession = { checkout_url?: string | null };

/** POST /payments/checkout-session: the paid booking goes through the provider's checkout page. */
export function createCheckoutSession(payload: CheckoutSessionRequest): Promise<CheckoutSession> {
  return api.post<CheckoutSession>('/payments/checkout-session', payload);
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
