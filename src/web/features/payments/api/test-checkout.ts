import { useMutation } from '@tanstack/react-query';
import { CheckoutSessionSchema, type CheckoutSession } from '#shared/schemas/payments.ts';
import { api, apiUrl } from '#web/lib/api-client.ts';

/**
 * The spec's test endpoints behind /stripe-test (spec 2 section 7), under the API base:
 * GET /onboard/{userId}?token answers a redirect, so the browser goes there itself (a redirect to
 * another origin cannot be followed by fetch); GET /checkout/{userId}?amount&fee answers checkout_url.
 */
export function onboardingTestUrl(userId: string, token: string): string {
  return apiUrl(`/onboard/${encodeURIComponent(userId)}`, { token });
}

export function createTestCheckout(input: { userId: string; amount: number; fee: number }): Promise<CheckoutSession> {
  return api.get(`/checkout/${encodeURIComponent(input.userId)}`, {
    query: { amount: input.amount, fee: input.fee },
    schema: CheckoutSessionSchema,
  });
}

export function useCreateTestCheckout() {
  return useMutation({ mutationFn: createTestCheckout });
}
