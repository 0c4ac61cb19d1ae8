import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { LOCAL_ACCOUNT_VERIFICATION_SECONDS, LOCAL_SIMULATOR_LINK_MINUTES } from '#shared/constants.ts';
import type { Database } from '../../db/client.ts';
import { localAccounts, localCheckoutSessions, localRefunds } from '../../db/schema/payments.ts';
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
 * Hands a signed event to the webhook handler (payments.service `handleWebhook`), exactly as the
 * webhook route would after reading Stripe's request: the simulator never calls the network.
 */
export type WebhookDelivery = (rawBody: Buffer, signatureHeader: string) => Promise<void>;

/** Where the simulator's pages live (server-rendered, outside the API and the SPA). */
export const SIMULATOR_BASE_PATH = '/simulateur';

export type LocalProviderOptions = {
  db: Database;
  /** PUBLIC_URL: the simulator's pages are served by the app itself. */
  publicUrl: string;
  /** A secret of ours (JWT_SECRET): the webhook and link secrets are derived from it, never stored. */
  secret: string;
  deliver: WebhookDelivery;
  /**
   * Deliveries the caller must not wait for (a refund is asked inside the caller's own flow; Stripe
   * also answers the refund first and sends `charge.refunded` later). Defaults to a detached promise.
   */
  deliverLater?: (task: () => Promise<void>) => void;
  now?: () => Date;
};

type LinkPurpose = 'onboarding' | 'dashboard';

const token = (prefix: string) => `${prefix}_local_${randomBytes(18).toString('base64url')}`;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The built-in payment simulator (no STRIPE_SECRET_KEY). Its state lives in the `local_*` tables —
 * what Stripe keeps on its side — and it confirms what happens by sending Stripe-shaped events, signed
 * with Stripe's own scheme (`stripe.webhooks`), through the same webhook handler as Stripe's.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;
  /** Stripe's `whsec_` format, derived so it survives restarts without being stored anywhere. */
  readonly webhookSecret: string;
  private readonly linkKey: Buffer;
  private readonly db: Database;
  private readonly publicUrl: string;
  private readonly deliverNow: WebhookDelivery;
  private readonly deliverLater: (task: () => Promise<void>) => void;
  private readonly now: () => Date;

  constructor(options: LocalProviderOptions) {
    this.db = options.db;
    this.publicUrl = options.publicUrl;
    this.deliverNow = options.deliver;
    this.now = options.now ?? (() => new Date());
    this.deliverLater = options.deliverLater ?? ((task) => void task().catch(() => undefined));
    this.webhookSecret = `whsec_${derive(options.secret, 'appui-local-webhook').toString('base64url')}`;
    this.linkKey = derive(options.secret, 'appui-local-links');
  }

  async createAccount(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }> {
    // Same idempotency key, same account: a retried request never opens a second one.
    await this.db
      .insert(localAccounts)
      .values({ id: token('acct'), userId: input.userId, idempotencyKey: input.idempotencyKey })
      .onConflictDoNothing({ target: localAccounts.idempotencyKey });
    const [row] = await this.db
      .select({ id: localAccounts.id })
      .from(localAccounts)
      .where(eq(localAccounts.idempotencyKey, input.idempotencyKey));
    if (!row) throw new Error('local account not stored');
    return { accountId: row.id };
  }

  async getAccountStatus(accountId: string): Promise<AccountStatus> {
    const account = await this.settleVerification(accountId);
    if (!account) throw new Error('unknown local account');
    return toStatus(account);
  }

  async createOnboardingLink(accountId: string): Promise<string> {
    return this.signedLink('onboarding', accountId);
  }

  async createDashboardLink(accountId: string): Promise<string> {
    return this.signedLink('dashboard', accountId);
  }

  async createAccountSession(accountId: string): Promise<{ clientSecret: string }> {
    await this.requireAccount(accountId);
    return { clientSecret: `${token('accs')}_secret_${randomBytes(12).toString('base64url')}` };
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSessionResult> {
    await this.db
      .insert(localCheckoutSessions)
      .values({
        id: token('cs'),
        bookingId: input.bookingId,
        amountCents: input.amountCents,
        applicationFeeCents: input.applicationFeeCents,
        currency: input.currency,
        destinationAccountId: input.destinationAccountId,
        productName: input.productName,
        customerEmail: input.customerEmail,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: input.expiresAt,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: localCheckoutSessions.idempotencyKey });
    const [session] = await this.db
      .select({ id: localCheckoutSessions.id })
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.idempotencyKey, input.idempotencyKey));
    if (!session) throw new Error('local checkout session not stored');
    // The session id is the page's secret, as with Stripe's checkout URLs.
    return { id: session.id, url: this.checkoutUrl(session.id) };
  }

  /** As Stripe: only an open session expires, then `checkout.session.expired` reaches the handler. */
  async expireCheckoutSession(sessionId: string): Promise<void> {
    const [expired] = await this.db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')))
      .returning();
    if (!expired) throw new Error('local checkout session not open');
    await this.deliver(this.checkoutSessionEvent('checkout.session.expired', expired));
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const [session] = await this.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.paymentIntentId, input.paymentIntentId));
    if (!session || session.status !== 'complete') throw new Error('unknown or unpaid local payment');
    const [existing] = await this.db
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
    if (existing) return { id: existing.id, status: 'succeeded' };

    const refunded = await this.refundedCents(input.paymentIntentId);
    const amountCents = input.amountCents ?? session.amountCents - refunded;
    if (amountCents <= 0 || refunded + amountCents > session.amountCents) throw new Error('refund exceeds the payment');
    const id = token('re');
    const inserted = await this.db
      .insert(localRefunds)
      .values({ id, paymentIntentId: input.paymentIntentId, amountCents, idempotencyKey: input.idempotencyKey })
      .onConflictDoNothing({ target: localRefunds.idempotencyKey })
      .returning({ id: localRefunds.id });
    if (inserted.length === 0) {
      // A concurrent call with the same key stored it first: answer that refund.
      const [row] = await this.db
        .select()
        .from(localRefunds)
        .where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
      return { id: row?.id ?? id, status: 'succeeded' };
    }
    const event = this.chargeRefundedEvent(session, id, amountCents, refunded + amountCents);
    this.deliverLater(() => this.deliver(event));
    return { id, status: 'succeeded' };
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Stripe.Event {
    if (!signatureHeader) throw new InvalidWebhookSignature('missing signature');
    try {
      // Stripe's own verification, 300 s tolerance: the same rules as real webhooks.
      return Stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch (error) {
      throw new InvalidWebhookSignature(error instanceof Error ? error.message : 'invalid signature');
    }
  }

  // ---- what the simulator's pages do (modules/payment-simulator) ----

  checkoutUrl(sessionId: string): string {
    return `${this.publicUrl}${SIMULATOR_BASE_PATH}/paiement/${encodeURIComponent(sessionId)}`;
  }

  async findCheckoutSession(sessionId: string) {
    const [session] = await this.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
    return session;
  }

  /**
   * "Payer": the session completes once (a second click changes nothing) and
   * `checkout.session.completed` reaches the handler before the person is sent to success_url.
   */
  async payCheckoutSession(sessionId: string): Promise<{ redirectTo: string } | { refused: 'expired' | 'unknown' }> {
    const session = await this.findCheckoutSession(sessionId);
    if (!session) return { refused: 'unknown' };
    if (session.status === 'open' && session.expiresAt <= this.now()) return { refused: 'expired' };
    if (session.status === 'expired') return { refused: 'expired' };
    const [completed] = await this.db
      .update(localCheckoutSessions)
      .set({ status: 'complete', paymentIntentId: token('pi') })
      .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')))
      .returning();
    // Paid already: the same event again (same id), which the handler skips if it was processed and
    // retries if it failed — as Stripe redelivers an event until the endpoint accepts it. Read again,
    // not `session`: a concurrent click may have completed it since, and the copy read before has no
    // payment intent, which under the same event id could be the one the handler records.
    const current = completed ?? (await this.findCheckoutSession(sessionId));
    if (current?.status !== 'complete') return { refused: 'expired' };
    await this.deliver(this.checkoutSessionEvent('checkout.session.completed', current));
    return { redirectTo: session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id)) };
  }

  /** A payout id in the simulator's form, for a payout recorded before its events are sent. */
  newPayoutId(): string {
    return token('po');
  }

  /**
   * "Déclencher un versement" (the dashboard page): a payout of `amountCents` to the account's bank,
   * told as Stripe tells a connected account's payout — `payout.created` (pending), then `payout.paid`
   * — both carrying `account`, through the same handler. The amount is the caller's (the ledger's
   * available balance, already recorded as a pending payout under `id` by requestPayouts); the
   * simulator keeps no balance of its own.
   */
  async payOut(
    accountId: string,
    amountCents: number,
    currency: CheckoutSessionInput['currency'],
    id: string = this.newPayoutId(),
  ): Promise<string> {
    await this.requireAccount(accountId);
    const payout = (status: 'pending' | 'paid') => ({
      id,
      object: 'payout',
      amount: amountCents,
      currency,
      status,
      arrival_date: unixSeconds(this.now()),
      created: unixSeconds(this.now()),
      method: 'standard',
      type: 'bank_account',
      livemode: false,
    });
    await this.deliver(
      this.event('payout.created', payout('pending'), { account: accountId, id: `evt_local_payout_created_${id}` }),
    );
    await this.deliver(
      this.event('payout.paid', payout('paid'), { account: accountId, id: `evt_local_payout_paid_${id}` }),
    );
    return id;
  }

  /** The onboarding form is submitted: "Vérification" now, "Actif" after the delay or the button. */
  async submitAccountDetails(accountId: string): Promise<AccountStatus> {
    const [account] = await this.db
      .update(localAccounts)
      .set({ detailsSubmitted: true, submittedAt: sql`coalesce(${localAccounts.submittedAt}, ${this.now()})` })
      .where(eq(localAccounts.id, accountId))
      .returning();
    if (!account) throw new Error('unknown local account');
    await this.deliver(this.accountUpdatedEvent(account));
    return toStatus(account);
  }

  /** "Terminer la vérification": the account is active at once. */
  async completeVerification(accountId: string): Promise<AccountStatus> {
    const account = await this.activate(accountId);
    if (!account) throw new Error('unknown local account');
    return toStatus(account);
  }

  async findAccount(accountId: string) {
    const [account] = await this.db.select().from(localAccounts).where(eq(localAccounts.id, accountId));
    return account;
  }

  /** An onboarding or dashboard link: the account id, an expiry and an HMAC, so only its holder may act. */
  signedLink(purpose: LinkPurpose, accountId: string): string {
    const expires = unixSeconds(this.now()) + LOCAL_SIMULATOR_LINK_MINUTES * 60;
    const signature = this.linkSignature(purpose, accountId, expires);
    const page = purpose === 'onboarding' ? 'inscription' : 'tableau-de-bord';
    return `${this.publicUrl}${SIMULATOR_BASE_PATH}/${page}/${encodeURIComponent(accountId)}?token=${expires}.${signature}`;
  }

  verifyLinkToken(purpose: LinkPurpose, accountId: string, linkToken: string | undefined): boolean {
    const [expiresText, signature] = (linkToken ?? '').split('.');
    const expires = Number(expiresText);
    if (!signature || !Number.isInteger(expires) || expires < unixSeconds(this.now())) return false;
    const expected = Buffer.from(this.linkSignature(purpose, accountId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  // ---- internals ----

  private linkSignature(purpose: LinkPurpose, accountId: string, expires: number): string {
    return createHmac('sha256', this.linkKey).update(`${purpose}:${accountId}:${expires}`).digest('base64url');
  }

  private async requireAccount(accountId: string) {
    const account = await this.findAccount(accountId);
    if (!account) throw new Error('unknown local account');
    return account;
  }

  /** The simulated verification ends LOCAL_ACCOUNT_VERIFICATION_SECONDS after the details were sent. */
  private async settleVerification(accountId: string) {
    const account = await this.findAccount(accountId);
    if (!account?.submittedAt || account.chargesEnabled) return account;
    const due = account.submittedAt.getTime() + LOCAL_ACCOUNT_VERIFICATION_SECONDS * 1000;
    if (due > this.now().getTime()) return account;
    return this.activate(accountId, { background: true });
  }

  private async activate(accountId: string, options: { background?: boolean } = {}) {
    const [activated] = await this.db
      .update(localAccounts)
      .set({
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        submittedAt: sql`coalesce(${localAccounts.submittedAt}, ${this.now()})`,
      })
      .where(and(eq(localAccounts.id, accountId), eq(localAccounts.chargesEnabled, false)))
      .returning();
    // Already active: nothing changed, no event (Stripe sends account.updated on changes only).
    if (!activated) return this.findAccount(accountId);
    const event = this.accountUpdatedEvent(activated);
    if (options.background) this.deliverLater(() => this.deliver(event));
    else await this.deliver(event);
    return activated;
  }

  private async refundedCents(paymentIntentId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${localRefunds.amountCents}), 0)::int` })
      .from(localRefunds)
      .where(eq(localRefunds.paymentIntentId, paymentIntentId));
    return Number(row?.total ?? 0);
  }

  /** Signs the event as Stripe does and hands it to the webhook handler. */
  private async deliver(event: object): Promise<void> {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    await this.deliverNow(Buffer.from(payload), signature);
  }

  private event(type: string, object: object, options: { account?: string; id?: string } = {}) {
    const { account, id } = options;
    return {
      id: id ?? token('evt'),
      object: 'event',
      api_version: null,
      created: unixSeconds(this.now()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(account ? { account } : {}),
      data: { object },
    };
  }

  /** A `checkout.session.*` event carrying the session as Stripe shows it, in the given state. */
  private checkoutSessionEvent(
    type: 'checkout.session.completed' | 'checkout.session.expired',
    session: typeof localCheckoutSessions.$inferSelect,
  ) {
    const completed = type === 'checkout.session.completed';
    return this.event(
      type,
      {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: completed ? 'complete' : 'expired',
        payment_status: completed ? 'paid' : 'unpaid',
        amount_total: session.amountCents,
        currency: session.currency,
        payment_intent: completed ? session.paymentIntentId : null,
        client_reference_id: session.bookingId,
        metadata: { booking_id: session.bookingId },
        customer_email: session.customerEmail,
        expires_at: unixSeconds(session.expiresAt),
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
        url: null,
        livemode: false,
      },
      { id: `evt_local_${completed ? 'completed' : 'expired'}_${session.id}` },
    );
  }

  private chargeRefundedEvent(
    session: typeof localCheckoutSessions.$inferSelect,
    refundId: string,
    amountCents: number,
    totalRefunded: number,
  ) {
    return this.event(
      'charge.refunded',
      {
        id: `ch_local_${session.paymentIntentId ?? session.id}`,
        object: 'charge',
        amount: session.amountCents,
        amount_refunded: totalRefunded,
        refunded: totalRefunded >= session.amountCents,
        currency: session.currency,
        payment_intent: session.paymentIntentId,
        metadata: { booking_id: session.bookingId },
        refunds: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: refundId,
              object: 'refund',
              amount: amountCents,
              currency: session.currency,
              payment_intent: session.paymentIntentId,
              status: 'succeeded',
            },
          ],
        },
        livemode: false,
      },
      { id: `evt_local_refunded_${refundId}` },
    );
  }

  private accountUpdatedEvent(account: typeof localAccounts.$inferSelect) {
    return this.event(
      'account.updated',
      {
        id: account.id,
        object: 'account',
        type: 'express',
        details_submitted: account.detailsSubmitted,
        charges_enabled: account.chargesEnabled,
        payouts_enabled: account.payoutsEnabled,
        metadata: { user_id: account.userId },
      },
      { account: account.id },
    );
  }
}

function derive(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

function toStatus(account: typeof localAccounts.$inferSelect): AccountStatus {
  return {
    detailsSubmitted: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
  };
}
