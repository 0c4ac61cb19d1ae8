import type Stripe from 'stripe';
import type { RefundCause } from '#shared/rules/payment-status.ts';

/**
 * The payment provider behind the payments module (DESIGN.md section 11). Two real implementations:
 * `StripeProvider` (official SDK, when STRIPE_SECRET_KEY is set) and `LocalProvider` (the built-in
 * simulator, its state in our database, its pages served by the app). Everything above this
 * interface — checkout rules, holds, the webhook handler, the ledger — is the same code in both modes.
 *
 * Events are Stripe's own shape in both modes: the simulator builds the same events and signs them
 * with its local secret, and they go through the same webhook handler (`parseWebhook`).
 */
export type ProviderName = 'stripe' | 'local';

export type AccountStatus = {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
};

export type CheckoutSessionInput = {
  bookingId: string;
  /** What the seeker pays, in cents of `currency`. */
  amountCents: number;
  /** The platform's commission (rules/commission.ts), taken as the application fee. */
  applicationFeeCents: number;
  currency: 'eur' | 'usd';
  /** The helper's connected account: the rest of the payment is transferred there. */
  destinationAccountId: string;
  /** Shown on the checkout page, e.g. the offer title and the session's date. */
  productName: string;
  customerEmail: string;
  /** Absolute URLs on PUBLIC_URL; success_url carries {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
  /** 30 minutes ahead (PAYMENT_HOLD_MINUTES), the provider's minimum. */
  expiresAt: Date;
  /** The same key for the same booking: a retried request never creates a second session. */
  idempotencyKey: string;
};

export type CheckoutSessionResult = { id: string; url: string };

export type RefundInput = {
  paymentIntentId: string;
  /** Omitted: the whole payment. */
  amountCents?: number;
  /** Why, for the provider's records (never a person's free text). */
  reason: 'requested_by_customer' | 'duplicate';
  idempotencyKey: string;
  /** Sent as the refund's metadata (booking_id, cause), so the provider's records name the booking. */
  bookingId?: string;
  cause?: RefundCause;
};

export type RefundResult = { id: string; status: 'pending' | 'succeeded' | 'failed' };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A connected (Express) account for a helper; answers its id. */
  createAccount(input: { userId: string; email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  getAccountStatus(accountId: string): Promise<AccountStatus>;
  /** A one-time onboarding link (Account Link); refreshUrl is used when it expires. */
  createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  /** A link to the account's own dashboard (Login Link). */
  createDashboardLink(accountId: string): Promise<string>;
  /** A client secret for embedded account components (Account Session). */
  createAccountSession(accountId: string): Promise<{ clientSecret: string }>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSessionResult>;
  /**
   * Expires an open checkout session, so it can no longer be paid (a hold released by its helper);
   * the provider then sends `checkout.session.expired`. Throws for a session that is not open.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Refunds with the application fee and the transfer reversed: the platform neither pays nor keeps. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies the signature of a webhook body (raw bytes) and answers the event; throws when invalid. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Stripe.Event;
}

/** Thrown by parseWebhook for a missing, stale or forged signature (the route answers 400). */
export class InvalidWebhookSignature extends Error {}
