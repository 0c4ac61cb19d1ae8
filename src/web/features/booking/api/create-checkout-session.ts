import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession, CheckoutSessionRequest } from '#shared/schemas/payments.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /payments/checkout-session: the paid booking goes through the provider's checkout page. */
export function createCheckoutSession(payload: CheckoutSessionRequest): Promise<CheckoutSession> {
  return api.post('/payments/checkout-session', payload, {
    schema: () => import('#shared/schemas/payments.ts').then((module) => module.CheckoutSessionSchema),
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
