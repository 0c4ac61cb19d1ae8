import { z } from 'zod';
import { BookingCreateSchema } from './bookings.ts';

/**
 * POST /payments/checkout-session (spec 1 section 7): a paid booking goes through the provider's
 * checkout page. The web app already calls it; the server route comes with the payments issue.
 */
export const CheckoutSessionRequestSchema = BookingCreateSchema.extend({
  /** Contains {CHECKOUT_SESSION_ID}, which the provider replaces. */
  success_url: z.url(),
  cancel_url: z.url(),
});
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequestSchema>;

export const CheckoutSessionSchema = z.object({ checkout_url: z.string().nullish() });
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;
