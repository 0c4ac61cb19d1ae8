import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PaymentProviderError } from './provider-error.ts';
import {
  InvalidWebhookSignature,
  type AccountStatus,
  type CheckoutSessionInput,
  type CheckoutSessionResult,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
} from './provider.ts';

/**
 * Stripe's own rule for webhook timestamps (and the SDK's default): an event signed more than five
 * minutes ago is refused, so a captured request cannot be replayed later.
 */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe refuses a Checkout Session whose `expires_at` is under 30 minutes after the session's
 * creation, counted on Stripe's clock when the request arrives. The hold is 30 minutes too, read on our
 * clock before the request: without a margin every checkout would be refused. The session may so
 * outlive the hold by this margin; a payment in that gap is the late-payment case (refunded when the
 * time was taken meanwhile).
 */
const CHECKOUT_MIN_LIFETIME_SECONDS = 30 * 60;
const CHECKOUT_EXPIRY_MARGIN_SECONDS = 60;

export type StripeProviderSettings = {
  secretKey: string;
  /** Unset: the provider still makes payments, but refuses every webhook (nothing could be verified). */
  webhookSecret: string | undefined;
  /**
   * The Connect endpoint's secret: Stripe sends events of connected accounts (account.updated,
   * payout.*) to a separate endpoint signed with its own secret. Both endpoints may point at our one
   * webhook URL; a signature valid for either secret is accepted.
   */
  connectWebhookSecret?: string | undefined;
  /** The app's PUBLIC_URL, named to Stripe as the calling application. */
  publicUrl: string;
};

/** Connection settings tests use to point the SDK at a local stand-in (tests/stripe-stand-in.ts). */
export type StripeClientOptions = Pick<
  Stripe.StripeConfig,
  'host' | 'port' | 'protocol' | 'maxNetworkRetries' | 'telemetry' | 'timeout'
>;

/**
 * `PaymentProvider` on the official SDK (DESIGN.md section 11, STACK.md "Stripe Connect"): Express
 * accounts for helpers, destination charges in Checkout with the commission as the application fee,
 * refunds that take the fee and the transfer back. Every POST carries an idempotency key: ours when the
 * caller has a natural one (the booking's), a fresh one otherwise, so an SDK retry never doubles a call.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecrets: string[];

  constructor(settings: StripeProviderSettings, clientOptions: StripeClientOptions = {}) {
    this.webhookSecrets = [settings.webhookSecret, settings.connectWebhookSecret].filter((secret): secret is string =>
      Boolean(secret),
    );
    this.stripe = new Stripe(settings.secretKey, {
      appInfo: { name: 'Appui', url: settings.publicUrl },
      ...clientOptions,
    });
  }

  async createAccount(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'FR',
          email: input.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { user_id: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { accountId: account.id };
  }

  async getAccountStatus(accountId: string): Promise<AccountStatus> {
    const account = await call(() => this.stripe.accounts.retrieve(accountId));
    return {
      detailsSubmitted: account.details_submitted === true,
      chargesEnabled: account.charges_enabled === true,
      payoutsEnabled: account.payouts_enabled === true,
    };
  }

  async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    const link = await call(() =>
      this.stripe.accountLinks.create(
        { account: accountId, type: 'account_onboarding', refresh_url: urls.refreshUrl, return_url: urls.returnUrl },
        // Each link is single-use and short-lived: a new call must give a new link, hence a fresh key.
        { idempotencyKey: freshKey('account-link') },
      ),
    );
    return link.url;
  }

  async createDashboardLink(accountId: string): Promise<string> {
    const link = await call(() =>
      this.stripe.accounts.createLoginLink(accountId, {}, { idempotencyKey: freshKey('login-link') }),
    );
    return link.url;
  }

  async createAccountSession(accountId: string): Promise<{ clientSecret: string }> {
    const session = await call(() =>
      this.stripe.accountSessions.create(
        {
          account: accountId,
          components: {
            account_onboarding: { enabled: true },
            payments: { enabled: true },
            payouts: { enabled: true },
          },
        },
        { idempotencyKey: freshKey('account-session') },
      ),
    );
    return { clientSecret: session.client_secret };
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSessionResult> {
    // The booking id on the session (for checkout.session.* events) and on the payment intent (for
    // charge.* events, which only see the payment intent).
    const metadata = { booking_id: input.bookingId };
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.productName },
              },
            },
          ],
          customer_email: input.customerEmail,
          payment_intent_data: {
            application_fee_amount: input.applicationFeeCents,
            transfer_data: { destination: input.destinationAccountId },
            metadata,
          },
          metadata,
          expires_at: checkoutExpiry(input.expiresAt),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentProviderError('unexpected', { providerCode: 'checkout_session_without_url' });
    return { id: session.id, url: session.url };
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    await call(() => this.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` }));
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const metadata: Record<string, string> = {};
    if (input.bookingId) metadata.booking_id = input.bookingId;
    if (input.cause) metadata.cause = input.cause;
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
          reason: input.reason,
          // Without these two the platform would pay the refund from its own balance and keep its
          // commission, while the helper kept the transfer (STACK.md "Stripe Connect").
          refund_application_fee: true,
          reverse_transfer: true,
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, status: refundStatus(refund.status) };
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Stripe.Event {
    // A configuration fault, not the sender's: it must not look like a forged request (400).
    if (this.webhookSecrets.length === 0)
      throw new Error('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
    if (!signatureHeader) throw new InvalidWebhookSignature('missing Stripe-Signature header');
    let refusal = 'unreadable webhook body';
    // The account endpoint's secret, then the Connect endpoint's: the first that verifies wins.
    for (const secret of this.webhookSecrets) {
      try {
        return this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        // A bad signature, a stale timestamp, or a signed body that is not JSON: all refused alike.
        refusal =
          error instanceof Stripe.errors.StripeSignatureVerificationError ? error.message : 'unreadable webhook body';
      }
    }
    throw new InvalidWebhookSignature(refusal);
  }
}

/** The hold's end in unix seconds, raised to Stripe's minimum lifetime plus the margin when below it. */
export function checkoutExpiry(expiresAt: Date, now = new Date()): number {
  const minimum = Math.ceil(now.getTime() / 1000) + CHECKOUT_MIN_LIFETIME_SECONDS + CHECKOUT_EXPIRY_MARGIN_SECONDS;
  return Math.max(Math.floor(expiresAt.getTime() / 1000), minimum);
}

function freshKey(purpose: string): string {
  return `appui-${purpose}-${randomUUID()}`;
}

/** Stripe's refund states in ours: one waiting for the customer's action is still pending. */
function refundStatus(status: string | null): RefundResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** Runs one SDK call and turns the SDK's error classes into our PaymentProviderError. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}

export function toProviderError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const details = {
    providerCode: error.code,
    param: error.param,
    statusCode: error.statusCode,
    requestId: error.requestId,
  };
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentProviderError('card_declined', details);
  if (error instanceof Stripe.errors.StripeIdempotencyError)
    return new PaymentProviderError('idempotency_conflict', details);
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return new PaymentProviderError('invalid_request', details);
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return new PaymentProviderError('authentication', details);
  if (error instanceof Stripe.errors.StripeRateLimitError) return new PaymentProviderError('rate_limited', details);
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
    return new PaymentProviderError('unavailable', details);
  // Any other API answer: a server error is worth retrying, a client error is not.
  return new PaymentProviderError(
    error.statusCode !== undefined && error.statusCode < 500 ? 'invalid_request' : 'unavailable',
    details,
  );
}
