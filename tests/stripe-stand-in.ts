import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API that Appui calls (STACK.md: stripe-mock is stateless
 * and has no Checkout state). A node:http server on 127.0.0.1, port 0, that keeps its own state in
 * memory, records every request, and answers the JSON shapes the SDK expects. Point the SDK at it
 * with `standIn.clientOptions` (the StripeProvider's second constructor argument).
 *
 * API (form-encoded bodies, as the SDK sends them; every answer is Stripe's object shape):
 *   POST /v1/accounts                      Express account, all flags false
 *   GET  /v1/accounts/:id
 *   POST /v1/accounts/:id/login_links      -> url on this server
 *   POST /v1/account_links                 -> url GET /setup/:account (see "pages")
 *   POST /v1/account_sessions              -> client_secret
 *   POST /v1/checkout/sessions             checks mode, line item, fee <= amount, expires_at 30 min..24 h
 *   GET  /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire  (only an open session, as Stripe)
 *   GET  /v1/payment_intents/:id           once a session is paid
 *   POST /v1/refunds                       payment_intent known and paid, amount <= what is left
 *   GET  /v1/refunds/:id
 * Like Stripe: `Authorization: Bearer sk_...` is required (else 401); an Idempotency-Key replays the
 * first answer for the same body and answers 400 `idempotency_error` for another body; unknown ids
 * answer 404 `resource_missing`. `failNext()` makes the next matching request fail with any error.
 *
 * Driving the paid flow in Stripe mode (for the payments and payouts API tests), each call changes the
 * state and answers the Stripe.Event the real Stripe would send (and delivers it when `webhook` is set):
 *   completeCheckoutSession(id)   -> checkout.session.completed (payment intent + charge created)
 *   completeCheckoutSession(id, { async: true }) then asyncPaymentSucceeded(id) / asyncPaymentFailed(id)
 *   expireCheckoutSession(id)     -> checkout.session.expired
 *   updateAccount(id, flags)      -> account.updated (with `account` set, as on the Connect endpoint)
 *   chargeRefunded(paymentIntent) -> charge.refunded (no `refunds` list: Stripe no longer embeds it)
 *   signedWebhook(event, secret)  -> { payload, headers } ready for app.inject on POST /payments/webhook
 * Pages for a browser run against the stand-in (set `webhook: { url, secret }` so events reach the app):
 *   GET /pay/:session?outcome=paid|leave  pays (then redirects to success_url with the session id)
 *                                         or leaves (redirects to cancel_url)
 *   GET /setup/:account                   submits the details, enables charges and payouts, redirects to
 *                                         the account link's return_url
 */

export type RecordedRequest = {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, unknown>;
  /** The form body decoded into nested objects and arrays (`line_items[0][price_data][currency]`). */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
  authorization: string | undefined;
};

export type StandInError = {
  status: number;
  type:
    | 'card_error'
    | 'invalid_request_error'
    | 'api_error'
    | 'idempotency_error'
    | 'rate_limit_error'
    | 'authentication_error';
  code?: string;
  message?: string;
  param?: string;
};

type Json = Record<string, unknown>;
type Session = Json & { id: string; status: 'open' | 'complete' | 'expired'; payment_status: string };

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn(options: { webhook?: { url: string; secret: string } } = {}) {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ method: string; path: string | RegExp; error: StandInError }> = [];
  const accounts = new Map<string, Json>();
  const sessions = new Map<string, Session>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const accountLinks = new Map<string, { account: string; returnUrl: string }>();
  const idempotent = new Map<string, { body: string; status: number; answer: Json }>();
  const events: Stripe.Event[] = [];
  const deliveries: Array<Promise<void>> = [];
  const failedDeliveries: Array<{ event: Stripe.Event; status: number }> = [];
  let baseUrl = '';

  const now = () => Math.floor(Date.now() / 1000);

  function event(type: string, object: Json, account?: string): Stripe.Event {
    const built = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(account ? { account } : {}),
    } as unknown as Stripe.Event;
    events.push(built);
    if (options.webhook) deliveries.push(deliver(built, options.webhook));
    return built;
  }

  /** Posts one signed event to the app; a refused delivery is kept for the test to look at, as Stripe's log. */
  async function deliver(built: Stripe.Event, webhook: { url: string; secret: string }): Promise<void> {
    const { payload, headers } = signedWebhook(built, webhook.secret);
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        body: payload,
        headers: { ...headers, 'content-type': 'application/json' },
      });
      if (!response.ok) failedDeliveries.push({ event: built, status: response.status });
    } catch {
      failedDeliveries.push({ event: built, status: 0 });
    }
  }

  function session(sessionId: string): Session {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`stand-in: no checkout session ${sessionId}`);
    return found;
  }

  function pay(found: Session, paymentStatus: 'paid' | 'unpaid'): void {
    const intentId = id('pi');
    const paymentIntentData = (found.payment_intent_data ?? {}) as Json;
    paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: found.amount_total,
      amount_received: paymentStatus === 'paid' ? found.amount_total : 0,
      currency: found.currency,
      status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
      application_fee_amount: paymentIntentData.application_fee_amount,
      transfer_data: paymentIntentData.transfer_data,
      metadata: paymentIntentData.metadata ?? {},
      latest_charge: id('ch'),
      amount_refunded: 0,
    });
    Object.assign(found, { status: 'complete', payment_status: paymentStatus, payment_intent: intentId });
  }

  const control = {
    /** The session as the stand-in holds it (the request's parameters are kept on it as sent). */
    checkoutSession: session,
    completeCheckoutSession(sessionId: string, how: { async?: boolean } = {}): Stripe.Event {
      const found = session(sessionId);
      if (found.status !== 'open') throw new Error(`stand-in: checkout session ${sessionId} is ${found.status}`);
      pay(found, how.async ? 'unpaid' : 'paid');
      return event('checkout.session.completed', publicSession(found));
    },
    asyncPaymentSucceeded(sessionId: string): Stripe.Event {
      const found = session(sessionId);
      found.payment_status = 'paid';
      const intent = paymentIntents.get(String(found.payment_intent));
      if (intent) Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return event('checkout.session.async_payment_succeeded', publicSession(found));
    },
    asyncPaymentFailed(sessionId: string): Stripe.Event {
      const found = session(sessionId);
      const intent = paymentIntents.get(String(found.payment_intent));
      if (intent) intent.status = 'requires_payment_method';
      return event('checkout.session.async_payment_failed', publicSession(found));
    },
    expireCheckoutSession(sessionId: string): Stripe.Event {
      const found = session(sessionId);
      if (found.status !== 'open') throw new Error(`stand-in: checkout session ${sessionId} is ${found.status}`);
      found.status = 'expired';
      return event('checkout.session.expired', publicSession(found));
    },
    updateAccount(
      accountId: string,
      flags: { detailsSubmitted?: boolean; chargesEnabled?: boolean; payoutsEnabled?: boolean },
    ): Stripe.Event {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`stand-in: no account ${accountId}`);
      if (flags.detailsSubmitted !== undefined) account.details_submitted = flags.detailsSubmitted;
      if (flags.chargesEnabled !== undefined) account.charges_enabled = flags.chargesEnabled;
      if (flags.payoutsEnabled !== undefined) account.payouts_enabled = flags.payoutsEnabled;
      return event('account.updated', { ...account }, accountId);
    },
    chargeRefunded(paymentIntentId: string): Stripe.Event {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`stand-in: no payment intent ${paymentIntentId}`);
      return event('charge.refunded', {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.amount_refunded,
        refunded: intent.amount_refunded === intent.amount,
        currency: intent.currency,
        payment_intent: paymentIntentId,
        metadata: intent.metadata,
        status: 'succeeded',
      });
    },
    /** A body and a Stripe-Signature header as Stripe would send them; `timestamp` in unix seconds. */
    signedWebhook,
    /** Every event the control calls built, oldest first. */
    events,
    /** Waits until every event delivery to `webhook.url` has been answered. */
    settled: () => Promise.all(deliveries).then(() => undefined),
    /** Deliveries the app did not answer with 2xx (status 0: no answer at all). */
    failedDeliveries,
    /** The next request matching method and path fails with this error (once). */
    failNext(method: string, path: string | RegExp, error: StandInError): void {
      failures.push({ method, path, error });
    },
  };

  function publicSession(found: Session): Json {
    const { payment_intent_data: _intentData, line_items: _lineItems, ...rest } = found;
    return { ...rest };
  }

  function answer(response: ServerResponse, status: number, body: Json): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  function stripeError(error: StandInError): Json {
    return {
      error: {
        type: error.type,
        ...(error.code ? { code: error.code } : {}),
        ...(error.param ? { param: error.param } : {}),
        message: error.message ?? error.code ?? error.type,
      },
    };
  }

  function missing(kind: string, value: string): { status: number; answer: Json } {
    return {
      status: 404,
      answer: stripeError({
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${value}'`,
      }),
    };
  }

  function invalid(param: string, message: string, code = 'parameter_invalid'): { status: number; answer: Json } {
    return { status: 400, answer: stripeError({ status: 400, type: 'invalid_request_error', code, param, message }) };
  }

  /** The API proper: one answer per method and path, or undefined for an unknown route. */
  function route(method: string, path: string, body: Json): { status: number; answer: Json } | undefined {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: body.type ?? 'standard',
        country: body.country ?? 'US',
        email: body.email ?? null,
        capabilities: {},
        metadata: body.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, answer: account };
    }
    if (method === 'GET' && (match = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const account = accounts.get(match[1] ?? '');
      return account ? { status: 200, answer: account } : missing('account', match[1] ?? '');
    }
    if (method === 'POST' && (match = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path))) {
      const account = accounts.get(match[1] ?? '');
      if (!account) return missing('account', match[1] ?? '');
      if (!account.details_submitted)
        return invalid('account', 'Cannot create a login link for an account that has not completed onboarding.');
      return {
        status: 200,
        answer: { object: 'login_link', created: now(), url: `${baseUrl}/express/${text(account.id)}` },
      };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = text(body.account);
      if (!accounts.has(account)) return missing('account', account);
      if (body.type !== 'account_onboarding' && body.type !== 'account_update') return invalid('type', 'Invalid type');
      if (typeof body.return_url !== 'string' || typeof body.refresh_url !== 'string')
        return invalid('return_url', 'Missing return_url or refresh_url', 'parameter_missing');
      const token = randomBytes(8).toString('hex');
      accountLinks.set(token, { account, returnUrl: body.return_url });
      return {
        status: 200,
        answer: { object: 'account_link', created: now(), expires_at: now() + 300, url: `${baseUrl}/setup/${token}` },
      };
    }
    if (method === 'POST' && path === '/v1/account_sessions') {
      const account = text(body.account);
      if (!accounts.has(account)) return missing('account', account);
      return {
        status: 200,
        answer: {
          object: 'account_session',
          account,
          client_secret: `${id('accs')}_secret_${randomBytes(8).toString('hex')}`,
          expires_at: now() + 3600,
          livemode: false,
          components: body.components ?? {},
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const found = sessions.get(match[1] ?? '');
      return found ? { status: 200, answer: publicSession(found) } : missing('checkout.session', match[1] ?? '');
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      const found = sessions.get(match[1] ?? '');
      if (!found) return missing('checkout.session', match[1] ?? '');
      if (found.status !== 'open')
        return invalid(
          'session',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
          'session_expired',
        );
      found.status = 'expired';
      event('checkout.session.expired', publicSession(found));
      return { status: 200, answer: publicSession(found) };
    }
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = paymentIntents.get(match[1] ?? '');
      return intent ? { status: 200, answer: intent } : missing('payment_intent', match[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && (match = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      const refund = refunds.get(match[1] ?? '');
      return refund ? { status: 200, answer: refund } : missing('refund', match[1] ?? '');
    }
    return undefined;
  }

  function createSession(body: Json): { status: number; answer: Json } {
    if (body.mode !== 'payment') return invalid('mode', 'Only mode=payment is supported by the stand-in');
    const items = body.line_items;
    const item = Array.isArray(items) ? (items[0] as Json | undefined) : undefined;
    const priceData = (item?.price_data ?? {}) as Json;
    const amount = Number(priceData.unit_amount) * Number(item?.quantity ?? 1);
    if (!Number.isInteger(amount) || amount <= 0)
      return invalid('line_items[0][price_data][unit_amount]', 'Invalid integer', 'parameter_invalid_integer');
    const intentData = (body.payment_intent_data ?? {}) as Json;
    const fee = intentData.application_fee_amount === undefined ? 0 : Number(intentData.application_fee_amount);
    if (!Number.isInteger(fee) || fee < 0 || fee > amount)
      return invalid('payment_intent_data[application_fee_amount]', 'The application fee cannot exceed the amount.');
    const destination = (intentData.transfer_data as Json | undefined)?.destination;
    if (destination !== undefined && !accounts.has(text(destination))) return missing('account', text(destination));
    const created = now();
    const expiresAt = body.expires_at === undefined ? created + 24 * 3600 : Number(body.expires_at);
    // Stripe: "30 minutes to 24 hours after Checkout Session creation", on Stripe's clock: a caller asking
    // for exactly 30 minutes on its own clock is refused whenever the request crosses a second boundary.
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
      return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
    if (typeof body.success_url !== 'string') return invalid('success_url', 'Missing success_url', 'parameter_missing');
    const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
    const found: Session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: priceData.currency,
      customer_email: body.customer_email ?? null,
      customer_details: body.customer_email ? { email: body.customer_email } : null,
      metadata: body.metadata ?? {},
      payment_intent: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      expires_at: expiresAt,
      created,
      livemode: false,
      url: `${baseUrl}/pay/${sessionId}`,
      // Kept for pay() and for tests; left out of the answers like Stripe does.
      payment_intent_data: intentData,
      line_items: items,
    };
    sessions.set(sessionId, found);
    return { status: 200, answer: publicSession(found) };
  }

  function createRefund(body: Json): { status: number; answer: Json } {
    const intentId = text(body.payment_intent);
    const intent = paymentIntents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    if (intent.status !== 'succeeded')
      return invalid('payment_intent', 'This PaymentIntent does not have a successful charge to refund.');
    const left = Number(intent.amount) - Number(intent.amount_refunded);
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (left === 0) return invalid('charge', 'Charge has already been refunded.', 'charge_already_refunded');
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return invalid(
        'amount',
        `Refund amount is greater than unrefunded amount on charge (${left}).`,
        'amount_too_large',
      );
    intent.amount_refunded = Number(intent.amount_refunded) + amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intentId,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: 'succeeded',
      created: now(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, answer: refund };
  }

  /** Browser pages standing in for Stripe's hosted checkout and onboarding. */
  async function page(path: string, query: Record<string, unknown>, response: ServerResponse): Promise<boolean> {
    let match: RegExpExecArray | null;
    if ((match = /^\/pay\/([^/]+)$/.exec(path))) {
      const found = sessions.get(match[1] ?? '');
      if (!found || found.status !== 'open') return false;
      if (query.outcome === 'leave') {
        redirect(response, text(found.cancel_url) || '/');
        return true;
      }
      control.completeCheckoutSession(found.id);
      await Promise.all(deliveries);
      redirect(response, String(found.success_url).replace('{CHECKOUT_SESSION_ID}', found.id));
      return true;
    }
    if ((match = /^\/setup\/([^/]+)$/.exec(path))) {
      const link = accountLinks.get(match[1] ?? '');
      if (!link) return false;
      accountLinks.delete(match[1] ?? '');
      control.updateAccount(link.account, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
      await Promise.all(deliveries);
      redirect(response, link.returnUrl);
      return true;
    }
    return false;
  }

  function redirect(response: ServerResponse, location: string): void {
    response.writeHead(303, { location });
    response.end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const rawBody = await readBody(request);
    const body = decodeForm(rawBody);
    const query = decodeForm(url.search.slice(1));
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      body,
      idempotencyKey: header(request, 'idempotency-key'),
      stripeAccount: header(request, 'stripe-account'),
      authorization: header(request, 'authorization'),
    };
    requests.push(recorded);

    if (!url.pathname.startsWith('/v1/')) {
      if (method === 'GET' && (await page(url.pathname, query, response))) return;
      answer(
        response,
        404,
        stripeError({ status: 404, type: 'invalid_request_error', message: 'Unrecognized request URL' }),
      );
      return;
    }
    if (!recorded.authorization?.startsWith('Bearer sk_')) {
      answer(
        response,
        401,
        stripeError({ status: 401, type: 'authentication_error', message: 'Invalid API Key provided' }),
      );
      return;
    }
    const failure = failures.findIndex(
      (f) => f.method === method && (typeof f.path === 'string' ? f.path === url.pathname : f.path.test(url.pathname)),
    );
    if (failure >= 0) {
      const [{ error }] = failures.splice(failure, 1) as [(typeof failures)[number]];
      answer(response, error.status, stripeError(error));
      return;
    }
    const key = recorded.idempotencyKey ? `${method} ${url.pathname} ${recorded.idempotencyKey}` : undefined;
    const previous = key ? idempotent.get(key) : undefined;
    if (previous) {
      if (previous.body !== rawBody) {
        answer(
          response,
          400,
          stripeError({
            status: 400,
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          }),
        );
        return;
      }
      answer(response, previous.status, previous.answer);
      return;
    }
    const result = route(method, url.pathname, body) ?? {
      status: 404,
      answer: stripeError({ status: 404, type: 'invalid_request_error', message: 'Unrecognized request URL' }),
    };
    if (key) idempotent.set(key, { body: rawBody, ...result });
    answer(response, result.status, result.answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      answer(response, 500, stripeError({ status: 500, type: 'api_error', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    port,
    baseUrl,
    /** The StripeProvider's second argument (and `new Stripe(key, ...)`'s options). */
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0, telemetry: false },
    requests,
    /** The last request with this method and path (a string, or a pattern for paths with ids). */
    lastRequest(method: string, path: string | RegExp): RecordedRequest {
      const found = requests.findLast(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      );
      if (!found) throw new Error(`stand-in: no ${method} ${String(path)} received`);
      return found;
    },
    ...control,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A body and headers as Stripe signs a webhook (the SDK's own test helper). */
export function signedWebhook(
  event: Stripe.Event,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): { payload: string; headers: { 'stripe-signature': string } } {
  const payload = JSON.stringify(event);
  return {
    payload,
    headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) },
  };
}

/** A form value as sent (the SDK sends strings); anything else is treated as absent. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(10).toString('hex')}`;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Decodes the SDK's form encoding (`a[b][0][c]=1`, see stringifyRequestData in stripe/esm/utils.js)
 * into nested objects, numeric segments into arrays. Values stay strings, as Stripe receives them.
 * Hand-written rather than `qs`: twenty lines for one test helper, against a dependency in the lockfile.
 */
export function decodeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const segments = name.split('[').map((segment, index) => (index === 0 ? segment : segment.replace(/\]$/, '')));
    let container: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const slot = container as Record<string, unknown>;
      if (last) {
        slot[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? '');
      slot[segment] ??= nextIsIndex ? [] : {};
      container = slot[segment] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
