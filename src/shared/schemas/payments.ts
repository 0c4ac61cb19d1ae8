import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { BOOKING_STATUSES } from '../rules/booking-status.ts';
import { PAYMENT_STATUSES } from '../rules/payment-status.ts';
import { BookingCreateSchema } from './bookings.ts';

/**
 * POST /payments/checkout-session (spec 1 section 7): a paid booking goes through the provider's
 * checkout page. Both URLs must be on PUBLIC_URL (no open redirect).
 */
export const CheckoutSessionRequestSchema = BookingCreateSchema.extend({
  /** Contains {CHECKOUT_SESSION_ID}, which the provider replaces. */
  success_url: z.url(),
  cancel_url: z.url(),
});
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequestSchema>;

export const CheckoutSessionSchema = z.object({
  checkout_url: z.string().nullish(),
  booking_id: z.uuid().optional(),
  session_id: z.string().optional(),
  hold_expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/**
 * GET /payments/checkout-session/{session_id}: what the success page asks before it says anything —
 * the booking behind the session and whether the payment is confirmed (only the seeker who pays, the
 * helper and admins may read it).
 */
export const CheckoutSessionStatusSchema = z.object({
  session_id: z.string(),
  booking_id: z.uuid(),
  booking_status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  hold_expires_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatusSchema>;

/** POST /payments/create-account (spec 2 section 7): the response may carry onboarding_url. */
export const CreateAccountResponseSchema = z.object({
  account_id: z.string(),
  onboarding_url: z.string().nullable(),
});
export type CreateAccountResponse = z.infer<typeof CreateAccountResponseSchema>;

/** GET /payments/account-status: the caller's own payout account (all null/false when there is none). */
export const AccountStatusSchema = z.object({
  account_id: z.string().nullable(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  onboarding_url: z.string().nullable(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** GET /payments/stripe/dashboard-link/{id}. */
export const DashboardLinkSchema = z.object({ url: z.string() });
export type DashboardLink = z.infer<typeof DashboardLinkSchema>;

/** POST /payments/stripe/account-session/{id}. */
export const AccountSessionSchema = z.object({ client_secret: z.string() });
export type AccountSession = z.infer<typeof AccountSessionSchema>;
