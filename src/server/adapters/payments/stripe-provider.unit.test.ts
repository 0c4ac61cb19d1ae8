import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhook, startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in.ts';
import { loadConfig } from '../../config.ts';
import { createPaymentProvider, type ProviderDependencies } from './create-provider.ts';
import { PaymentProviderError } from './provider-error.ts';
import { InvalidWebhookSignature, type CheckoutSessionInput } from './provider.ts';
import { checkoutExpiry, StripeProvider } from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_appui_stand_in';
const WEBHOOK_SECRET = 'whsec_appui_stand_in';
const PUBLIC_URL = 'http://localhost:3000';

let standIn: StripeStandIn;
let provider: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripeProvider(
    { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publicUrl: PUBLIC_URL },
    standIn.clientOptions,
  );
});

afterAll(async () => {
  await standIn.close();
});

async function newAccount(userId = 'user-1'): Promise<string> {
  const { accountId } = await provider.createAccount({
    userId,
    email: 'claire@exemple.fr',
    idempotencyKey: `account-${userId}-${Math.random()}`,
  });
  return accountId;
}

function checkoutInput(
  destinationAccountId: string,
  overrides: Partial<CheckoutSessionInput> = {},
): CheckoutSessionInput {
  return {
    bookingId: '0f8e7c1a-1111-4222-8333-444455556666',
    amountCents: 4500,
    applicationFeeCents: 450,
    currency: 'eur',
    destinationAccountId,
    productName: 'Sortir du burn-out — jeudi 3 décembre, 14 h 30',
    customerEmail: 'ana@exemple.fr',
    successUrl: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${PUBLIC_URL}/payment/cancel`,
    expiresAt: new Date(Date.now() + 45 * 60_000),
    idempotencyKey: `checkout-${Math.random()}`,
    ...overrides,
  };
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('StripeProvider: connected accounts', () => {
  it('creates an Express account in France with both capabilities, the user id and our idempotency key', async () => {
    const { accountId } = await provider.createAccount({
      userId: 'user-42',
      email: 'claire@exemple.fr',
      idempotencyKey: 'payout-account-user-42',
    });

    const sent = standIn.lastRequest('POST', '/v1/accounts');
    expect(sent.body).toEqual({
      type: 'express',
      country: 'FR',
      email: 'claire@exemple.fr',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      metadata: { user_id: 'user-42' },
    });
    expect(sent.idempotencyKey).toBe('payout-account-user-42');
    expect(sent.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // A platform call, not one made on behalf of a connected account.
    expect(sent.stripeAccount).toBeUndefined();
    expect(accountId).toMatch(/^acct_/);
  });

  it('answers the same account for a retried creation with the same key', async () => {
    const input = { userId: 'user-43', email: 'claire@exemple.fr', idempotencyKey: 'payout-account-user-43' };
    const first = await provider.createAccount(input);
    const second = await provider.createAccount(input);
    expect(second.accountId).toBe(first.accountId);
  });

  it('reads the three payout flags of the account', async () => {
    const accountId = await newAccount();
    expect(await provider.getAccountStatus(accountId)).toEqual({
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });

    standIn.updateAccount(accountId, { detailsSubmitted: true, chargesEnabled: true });
    expect(await provider.getAccountStatus(accountId)).toEqual({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: false,
    });
    expect(standIn.lastRequest('GET', `/v1/accounts/${accountId}`).method).toBe('GET');
  });

  it('creates an onboarding Account Link with both URLs and a fresh idempotency key each time', async () => {
    const accountId = await newAccount();
    const urls = { refreshUrl: `${PUBLIC_URL}/payout/refresh`, returnUrl: `${PUBLIC_URL}/payout/return` };

    const url = await provider.createOnboardingLink(accountId, urls);
    const first = standIn.lastRequest('POST', '/v1/account_links');
    await provider.createOnboardingLink(accountId, urls);
    const second = standIn.lastRequest('POST', '/v1/account_links');

    expect(first.body).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
    });
    expect(url).toMatch(new RegExp(`^${standIn.baseUrl}/setup/`));
    expect(first.idempotencyKey).toMatch(/^appui-account-link-[0-9a-f-]{36}$/);
    expect(second.idempotencyKey).toMatch(/^appui-account-link-/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('creates a Login Link to the Express dashboard once the details are submitted', async () => {
    const accountId = await newAccount();
    standIn.updateAccount(accountId, { detailsSubmitted: true });

    const url = await provider.createDashboardLink(accountId);

    const sent = standIn.lastRequest('POST', `/v1/accounts/${accountId}/login_links`);
    expect(sent.idempotencyKey).toMatch(/^appui-login-link-/);
    expect(url).toBe(`${standIn.baseUrl}/express/${accountId}`);
  });

  it('creates an Account Session with onboarding, payments and payouts components', async () => {
    const accountId = await newAccount();

    const { clientSecret } = await provider.createAccountSession(accountId);

    const sent = standIn.lastRequest('POST', '/v1/account_sessions');
    expect(sent.body).toEqual({
      account: accountId,
      components: {
        account_onboarding: { enabled: 'true' },
        payments: { enabled: 'true' },
        payouts: { enabled: 'true' },
      },
    });
    expect(sent.idempotencyKey).toMatch(/^appui-account-session-/);
    expect(clientSecret).toMatch(/^accs_.+_secret_/);
  });
});

describe('StripeProvider: checkout', () => {
  it('sends a payment-mode session with the fee, the destination, the expiry, the booking id and our key', async () => {
    const accountId = await newAccount();
    const input = checkoutInput(accountId, { idempotencyKey: 'checkout-booking-0f8e7c1a' });

    const result = await provider.createCheckoutSession(input);

    const sent = standIn.lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '4500',
            product_data: { name: 'Sortir du burn-out — jeudi 3 décembre, 14 h 30' },
          },
        },
      ],
      customer_email: 'ana@exemple.fr',
      payment_intent_data: {
        application_fee_amount: '450',
        transfer_data: { destination: accountId },
        metadata: { booking_id: input.bookingId },
      },
      metadata: { booking_id: input.bookingId },
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
      success_url: `${PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/payment/cancel`,
    });
    expect(sent.idempotencyKey).toBe('checkout-booking-0f8e7c1a');
    expect(result.id).toMatch(/^cs_test_/);
    expect(result.url).toBe(`${standIn.baseUrl}/pay/${result.id}`);
    expect(standIn.checkoutSession(result.id).amount_total).toBe(4500);
  });

  it('answers the same session when the same booking asks again with the same key', async () => {
    const accountId = await newAccount();
    const input = checkoutInput(accountId);

    const first = await provider.createCheckoutSession(input);
    const second = await provider.createCheckoutSession(input);

    expect(second).toEqual(first);
  });

  it('maps a key reused with other parameters to an idempotency conflict', async () => {
    const accountId = await newAccount();
    const input = checkoutInput(accountId);
    await provider.createCheckoutSession(input);

    const error = await providerError(provider.createCheckoutSession({ ...input, amountCents: 5000 }));
    expect(error.kind).toBe('idempotency_conflict');
    expect(error.details.statusCode).toBe(400);
    expect(error.retryable).toBe(false);
  });

  it('raises a 30-minute expiry to Stripe’s minimum plus a minute, so Stripe does not refuse it', async () => {
    const accountId = await newAccount();
    const before = Math.floor(Date.now() / 1000);

    const result = await provider.createCheckoutSession(
      checkoutInput(accountId, { expiresAt: new Date(Date.now() + 30 * 60_000) }),
    );

    const sent = Number(standIn.lastRequest('POST', '/v1/checkout/sessions').body.expires_at);
    expect(sent).toBeGreaterThanOrEqual(before + 31 * 60);
    expect(sent).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 31 * 60);
    expect(standIn.checkoutSession(result.id).expires_at).toBe(sent);
  });

  it('maps a fee Stripe refuses to an invalid request naming the parameter', async () => {
    const accountId = await newAccount();

    const error = await providerError(
      provider.createCheckoutSession(checkoutInput(accountId, { applicationFeeCents: 5000 })),
    );

    expect(error.kind).toBe('invalid_request');
    expect(error.details.param).toBe('payment_intent_data[application_fee_amount]');
  });
});

describe('checkoutExpiry', () => {
  const now = new Date('2026-12-03T13:00:00.000Z');
  const seconds = (date: Date) => date.getTime() / 1000;

  it('keeps an expiry beyond the minimum as it is, in whole seconds', () => {
    expect(checkoutExpiry(new Date('2026-12-03T13:45:00.900Z'), now)).toBe(seconds(new Date('2026-12-03T13:45:00Z')));
  });

  it('raises an expiry under 31 minutes to 31 minutes ahead', () => {
    expect(checkoutExpiry(new Date('2026-12-03T13:30:00.000Z'), now)).toBe(seconds(now) + 31 * 60);
    expect(checkoutExpiry(new Date('2026-12-03T13:31:00.000Z'), now)).toBe(seconds(now) + 31 * 60);
    expect(checkoutExpiry(new Date('2026-12-03T13:31:01.000Z'), now)).toBe(seconds(now) + 31 * 60 + 1);
  });
});

describe('StripeProvider: refunds', () => {
  async function paidIntent(): Promise<string> {
    const accountId = await newAccount();
    const session = await provider.createCheckoutSession(checkoutInput(accountId));
    standIn.completeCheckoutSession(session.id);
    return String(standIn.checkoutSession(session.id).payment_intent);
  }

  it('refunds the whole payment, taking back the application fee and the transfer, with the metadata', async () => {
    const paymentIntentId = await paidIntent();

    const result = await provider.refund({
      paymentIntentId,
      reason: 'requested_by_customer',
      idempotencyKey: 'refund-booking-1-cancellation',
      bookingId: 'booking-1',
      cause: 'cancellation',
    });

    const sent = standIn.lastRequest('POST', '/v1/refunds');
    expect(sent.body).toEqual({
      payment_intent: paymentIntentId,
      reason: 'requested_by_customer',
      refund_application_fee: 'true',
      reverse_transfer: 'true',
      metadata: { booking_id: 'booking-1', cause: 'cancellation' },
    });
    expect(sent.idempotencyKey).toBe('refund-booking-1-cancellation');
    expect(result).toEqual({ id: expect.stringMatching(/^re_/) as string, status: 'succeeded' });
  });

  it('sends the amount of a partial refund, still with both flags', async () => {
    const paymentIntentId = await paidIntent();

    await provider.refund({
      paymentIntentId,
      amountCents: 2000,
      reason: 'duplicate',
      idempotencyKey: 'refund-partial',
    });

    const sent = standIn.lastRequest('POST', '/v1/refunds');
    expect(sent.body).toEqual({
      payment_intent: paymentIntentId,
      amount: '2000',
      reason: 'duplicate',
      refund_application_fee: 'true',
      reverse_transfer: 'true',
    });
  });

  it('maps a second full refund to an invalid request with Stripe’s code', async () => {
    const paymentIntentId = await paidIntent();
    await provider.refund({ paymentIntentId, reason: 'requested_by_customer', idempotencyKey: 'refund-a' });

    const error = await providerError(
      provider.refund({ paymentIntentId, reason: 'requested_by_customer', idempotencyKey: 'refund-b' }),
    );

    expect(error.kind).toBe('invalid_request');
    expect(error.details.providerCode).toBe('charge_already_refunded');
  });
});

describe('StripeProvider: errors', () => {
  it('maps an unknown account to an invalid request (resource_missing, 404, with the request id)', async () => {
    const error = await providerError(provider.getAccountStatus('acct_unknown'));

    expect(error.kind).toBe('invalid_request');
    expect(error.details).toMatchObject({ providerCode: 'resource_missing', statusCode: 404, param: 'id' });
    expect(error.details.requestId).toMatch(/^req_/);
  });

  it('maps a refused card, keeping Stripe’s code', async () => {
    const accountId = await newAccount();
    standIn.failNext('POST', '/v1/checkout/sessions', { status: 402, type: 'card_error', code: 'card_declined' });

    const error = await providerError(provider.createCheckoutSession(checkoutInput(accountId)));

    expect(error.kind).toBe('card_declined');
    expect(error.details.providerCode).toBe('card_declined');
  });

  it('maps a Stripe server error and an unreachable Stripe to a retryable unavailability', async () => {
    standIn.failNext('GET', /^\/v1\/accounts\//, { status: 500, type: 'api_error' });
    const serverError = await providerError(provider.getAccountStatus('acct_any'));
    expect(serverError.kind).toBe('unavailable');
    expect(serverError.retryable).toBe(true);

    const closed = await startStripeStandIn();
    await closed.close();
    const unreachable = new StripeProvider(
      { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publicUrl: PUBLIC_URL },
      closed.clientOptions,
    );
    const connectionError = await providerError(unreachable.getAccountStatus('acct_any'));
    expect(connectionError.kind).toBe('unavailable');
  });

  it('maps a rate limit and a refused key', async () => {
    standIn.failNext('GET', /^\/v1\/accounts\//, { status: 429, type: 'rate_limit_error', code: 'rate_limit' });
    expect((await providerError(provider.getAccountStatus('acct_any'))).kind).toBe('rate_limited');

    const badKey = new StripeProvider(
      { secretKey: 'rk_test_restricted', webhookSecret: WEBHOOK_SECRET, publicUrl: PUBLIC_URL },
      standIn.clientOptions,
    );
    expect((await providerError(badKey.getAccountStatus('acct_any'))).kind).toBe('authentication');
  });

  it('leaves Stripe’s message out of ours: it may quote personal data', async () => {
    standIn.failNext('POST', '/v1/accounts', {
      status: 400,
      type: 'invalid_request_error',
      code: 'email_invalid',
      param: 'email',
      message: 'Invalid email address: claire@exemple.fr',
    });

    const error = await providerError(
      provider.createAccount({ userId: 'user-9', email: 'claire@exemple.fr', idempotencyKey: 'payout-account-user-9' }),
    );

    expect(error.message).toBe('payment provider: invalid_request (email_invalid) on email');
    expect(JSON.stringify(error)).not.toContain('claire@exemple.fr');
  });
});

describe('StripeProvider: webhooks', () => {
  const event = {
    id: 'evt_test_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: 1_790_000_000,
    data: { object: { id: 'cs_test_1', object: 'checkout.session', metadata: { booking_id: 'booking-1' } } },
  } as unknown as Stripe.Event;
  const now = () => Math.floor(Date.now() / 1000);

  it('answers the event of a body signed with our secret', () => {
    const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);

    const parsed = provider.parseWebhook(Buffer.from(payload), headers['stripe-signature']);

    expect(parsed).toEqual(event);
  });

  it('accepts a signature 299 seconds old and refuses one 301 seconds old (Stripe’s 300 s tolerance)', () => {
    const recent = signedWebhook(event, WEBHOOK_SECRET, now() - 299);
    expect(provider.parseWebhook(Buffer.from(recent.payload), recent.headers['stripe-signature']).id).toBe(
      'evt_test_1',
    );

    const stale = signedWebhook(event, WEBHOOK_SECRET, now() - 301);
    expect(() => provider.parseWebhook(Buffer.from(stale.payload), stale.headers['stripe-signature'])).toThrow(
      InvalidWebhookSignature,
    );
  });

  it('refuses a tampered body', () => {
    const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);
    const tampered = payload.replace('booking-1', 'booking-2');

    expect(() => provider.parseWebhook(Buffer.from(tampered), headers['stripe-signature'])).toThrow(
      InvalidWebhookSignature,
    );
  });

  it('refuses a body signed with another secret, and a missing signature', () => {
    const { payload, headers } = signedWebhook(event, 'whsec_someone_else');

    expect(() => provider.parseWebhook(Buffer.from(payload), headers['stripe-signature'])).toThrow(
      InvalidWebhookSignature,
    );
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignature);
  });

  it('fails loudly, not as a bad signature, when no webhook secret is configured', () => {
    const unconfigured = new StripeProvider(
      { secretKey: SECRET_KEY, webhookSecret: undefined, publicUrl: PUBLIC_URL },
      standIn.clientOptions,
    );
    const { payload, headers } = signedWebhook(event, WEBHOOK_SECRET);

    let thrown: unknown;
    try {
      unconfigured.parseWebhook(Buffer.from(payload), headers['stripe-signature']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(InvalidWebhookSignature);
    expect((thrown as Error).message).toContain('STRIPE_WEBHOOK_SECRET');
  });
});

describe('Stripe stand-in: the paid flow’s events', () => {
  it('completes a session into a signed checkout.session.completed carrying the booking and the payment intent', async () => {
    const accountId = await newAccount();
    const input = checkoutInput(accountId);
    const session = await provider.createCheckoutSession(input);

    const completed = standIn.completeCheckoutSession(session.id);
    const { payload, headers } = signedWebhook(completed, WEBHOOK_SECRET);
    const parsed = provider.parseWebhook(Buffer.from(payload), headers['stripe-signature']);

    expect(parsed.type).toBe('checkout.session.completed');
    const object = parsed.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 4500,
      metadata: { booking_id: input.bookingId },
    });
    expect(object.payment_intent).toMatch(/^pi_/);
  });

  it('sends account.updated on the connected account, and expired sessions as checkout.session.expired', async () => {
    const accountId = await newAccount();
    const updated = standIn.updateAccount(accountId, {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    expect(updated).toMatchObject({ type: 'account.updated', account: accountId });
    expect(updated.data.object).toMatchObject({ charges_enabled: true, payouts_enabled: true });

    const session = await provider.createCheckoutSession(checkoutInput(accountId));
    expect(standIn.expireCheckoutSession(session.id).type).toBe('checkout.session.expired');
    expect(() => standIn.completeCheckoutSession(session.id)).toThrow(/expired/);
  });
});

describe('Stripe stand-in: hosted pages for a browser run', () => {
  it('pays on its checkout page, delivers the signed event to the webhook, then redirects to success_url', async () => {
    const received: Array<{ body: string; signature: string | undefined }> = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const signature = request.headers['stripe-signature'];
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(signature) });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/webhook`;
    const browserStandIn = await startStripeStandIn({ webhook: { url: webhookUrl, secret: WEBHOOK_SECRET } });
    try {
      const browserProvider = new StripeProvider(
        { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publicUrl: PUBLIC_URL },
        browserStandIn.clientOptions,
      );
      const { accountId } = await browserProvider.createAccount({
        userId: 'user-7',
        email: 'claire@exemple.fr',
        idempotencyKey: 'payout-account-user-7',
      });
      const onboarding = await browserProvider.createOnboardingLink(accountId, {
        refreshUrl: `${PUBLIC_URL}/payout/refresh`,
        returnUrl: `${PUBLIC_URL}/payout/return`,
      });
      const afterOnboarding = await fetch(onboarding, { redirect: 'manual' });
      expect(afterOnboarding.headers.get('location')).toBe(`${PUBLIC_URL}/payout/return`);
      expect(await browserProvider.getAccountStatus(accountId)).toEqual({
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      });

      const session = await browserProvider.createCheckoutSession(checkoutInput(accountId));
      const afterPayment = await fetch(`${session.url}?outcome=paid`, { redirect: 'manual' });

      expect(afterPayment.status).toBe(303);
      expect(afterPayment.headers.get('location')).toBe(`${PUBLIC_URL}/payment/success?session_id=${session.id}`);
      expect(browserStandIn.failedDeliveries).toEqual([]);
      const types = received.map(
        ({ body, signature }) => browserProvider.parseWebhook(Buffer.from(body), signature).type,
      );
      expect(types).toEqual(['account.updated', 'checkout.session.completed']);
    } finally {
      await browserStandIn.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('createPaymentProvider with Stripe keys', () => {
  it('answers the StripeProvider, verifying webhooks with STRIPE_WEBHOOK_SECRET', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_from_the_environment',
      JWT_SECRET: 'a-jwt-secret-long-enough-for-the-config-check',
      PUBLIC_URL: PUBLIC_URL,
    });

    // The Stripe branch needs neither the database nor the simulator's delivery.
    const created = createPaymentProvider(config, {} as ProviderDependencies);

    expect(created).toBeInstanceOf(StripeProvider);
    const { payload, headers } = signedWebhook(
      { id: 'evt_env', object: 'event' } as unknown as Stripe.Event,
      'whsec_from_the_environment',
    );
    expect(created.parseWebhook(Buffer.from(payload), headers['stripe-signature']).id).toBe('evt_env');
  });
});
