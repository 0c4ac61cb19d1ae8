import type Stripe from 'stripe';
import { PAYMENT_HOLD_MINUTES } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { paymentErrors } from '#shared/messages/payments.ts';
import { frenchLongParis } from '#shared/rules/paris-time.ts';
import { REFUND_CAUSES, type PaymentRefundStatus, type RefundCause } from '#shared/rules/payment-status.ts';
import type { CheckoutSession, CheckoutSessionRequest, CheckoutSessionStatus } from '#shared/schemas/payments.ts';
import { sendEach, type Mail } from '../../adapters/mail/mailer.ts';
import { InvalidWebhookSignature, type CheckoutSessionResult } from '../../adapters/payments/provider.ts';
import type { AppContext } from '../../app-types.ts';
import { lockHelperPayouts } from '../../db/locks.ts';
import { receiptSnapshotOf } from '../../db/receipt-snapshot.ts';
import type { Transaction } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/bookings.ts';
import type { PaymentRow } from '../../db/schema/payments.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import {
  checkBookingRequest,
  confirmPaidBooking,
  dueRefundIds,
  findLiveHold,
  holdTime,
  loadDetailedBooking,
  markRefundDue,
  releasePaymentHold,
  settleRefund,
} from '../bookings/bookings.service.ts';
import { payableBalances } from '../ledger/ledger.service.ts';
import { applyAccountUpdate, currentAccount } from '../payouts/payouts.service.ts';
import { latePaymentMails, paidMails, refundMail } from './payment-mails.ts';
import { onPayoutEvent } from './payout-events.ts';
import { insertRequestedPayout, lastPayoutRequestNumbers } from './payout-records.repository.ts';
import {
  expireLapsedPayments,
  findPaymentBySession,
  findPaymentOfBooking,
  insertPayment,
  lockPaymentByIntent,
  lockPaymentBySession,
  recordEvent,
  succeededRefundsCents,
  updatePayment,
  upsertRefund,
} from './payments.repository.ts';

const MINUTE_MS = 60_000;
/** Due refunds retried per sweep: the provider is called once per booking, sequentially. */
const REFUND_SWEEP_BATCH = 20;

// ---- checkout ----

/**
 * A return URL must lie on PUBLIC_URL (same origin, under its path): anything else would make the
 * checkout an open redirect (DESIGN.md section 8).
 */
export function isOnPublicUrl(candidate: string, publicUrl: string): boolean {
  // The raw text is what the provider and the simulator's Location header get, not the parsed URL:
  // a backslash (`appui.test\@evil.example` is appui.test for WHATWG, evil.example for other
  // parsers). Blanks and control characters (stripped by WHATWG only) are refused too, whatever the
  // request schema already cleaned.
  if (/[\\\s\p{Cc}]/u.test(candidate)) return false;
  let url: URL;
  let base: URL;
  try {
    url = new URL(candidate);
    base = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.username || url.password || url.origin !== base.origin) return false;
  const prefix = base.pathname.replace(/\/+$/, '');
  return prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
}

function checkReturnUrls(input: CheckoutSessionRequest, publicUrl: string): void {
  if (!isOnPublicUrl(input.success_url, publicUrl) || !isOnPublicUrl(input.cancel_url, publicUrl))
    throw badRequest(ErrorCode.PAYMENT_RETURN_URL_INVALID, paymentErrors.returnUrlForeign);
  if (!input.success_url.includes('{CHECKOUT_SESSION_ID}'))
    throw badRequest(ErrorCode.PAYMENT_RETURN_URL_INVALID, paymentErrors.successUrlPlaceholder);
}

function checkoutAnswer(booking: BookingRow, payment: PaymentRow, url: string | null): CheckoutSession {
  return {
    checkout_url: url,
    booking_id: booking.id,
    session_id: payment.checkoutSessionId,
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
  };
}

/**
 * POST /payments/checkout-session (issue 9 section 2). Every booking rule again (checkBookingRequest
 * and holdTime: visible offer, not one's own, a pricing option's duration, a future start, a free
 * window, the per-helper cap), a paid option, a helper whose account takes charges, return URLs on
 * PUBLIC_URL. The time is held first (`pending_payment`, PAYMENT_HOLD_MINUTES), then the provider's
 * session is created with the booking id as idempotency key, then the ledger row. The seeker asking
 * again for the same time while the hold runs gets the same session back; if the provider fails,
 * the hold is released at once.
 */
export async function createCheckoutSession(
  ctx: AppContext,
  seeker: UserRow,
  input: CheckoutSessionRequest,
  now: Date = new Date(),
): Promise<CheckoutSession> {
  checkReturnUrls(input, ctx.config.publicUrl);
  const request = await checkBookingRequest(ctx, seeker, input, now);
  if (request.option.priceCents <= 0) throw badRequest(ErrorCode.PAYMENT_FREE_OFFER, paymentErrors.freeOffer);
  const account = await currentAccount(ctx, request.offer.helperId);
  if (!account?.chargesEnabled) throw conflict(ErrorCode.PAYMENT_HELPER_NOT_READY, paymentErrors.helperNotReady);

  const same = { seekerId: seeker.id, offerId: request.offer.id, startAt: request.startAt, endAt: request.endAt };
  const resumed = await resumeCheckout(ctx, same, input, now);
  if (resumed) return resumed;

  let booking: BookingRow;
  try {
    booking = await holdTime(
      ctx,
      seeker,
      request,
      { status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS) },
      now,
    );
  } catch (error) {
    // The same seeker's concurrent request took the time a moment ago (and so holds the one hold
    // allowed with this helper): answer its session.
    const mayBeOwnHold: readonly string[] = [ErrorCode.BOOKING_TIME_TAKEN, ErrorCode.BOOKING_UNPAID_HOLD_WITH_HELPER];
    if (error instanceof AppError && mayBeOwnHold.includes(error.code)) {
      const again = await resumeCheckout(ctx, same, input, now);
      if (again) return again;
    }
    throw error;
  }

  let session: { id: string; url: string };
  try {
    session = await ctx.payments.createCheckoutSession({
      bookingId: booking.id,
      amountCents: booking.priceCents,
      applicationFeeCents: booking.commissionCents,
      currency: booking.currency,
      destinationAccountId: account.accountId,
      productName: `${request.offer.title} — ${frenchLongParis(booking.startAt)}`,
      customerEmail: seeker.email,
      successUrl: input.success_url,
      cancelUrl: input.cancel_url,
      expiresAt: booking.holdExpiresAt ?? new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS),
      idempotencyKey: booking.id,
    });
  } catch (error) {
    // No session, no reason to keep the time: release it for everyone at once.
    await ctx.db.transaction((tx) => releasePaymentHold(tx, booking.id, now));
    ctx.log.error({ err: error, bookingId: booking.id }, 'checkout session not created');
    throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 502, paymentErrors.providerUnavailable);
  }
  const payment = await insertPayment(ctx.db, {
    bookingId: booking.id,
    provider: ctx.payments.name,
    checkoutSessionId: session.id,
    checkoutUrl: session.url,
    amountCents: booking.priceCents,
    applicationFeeCents: booking.commissionCents,
    currency: booking.currency,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  });
  return checkoutAnswer(booking, { ...payment, checkoutSessionId: session.id }, session.url);
}

/**
 * The seeker's running hold on this time with its open session: the same session and URL again, as
 * stored when it was created. Asking the provider again with the booking's idempotency key would only
 * work with exactly the same parameters (Stripe refuses the key with other return URLs), so it is
 * done only for a session stored before its URL was kept, and a refusal then is the provider's 502,
 * the hold kept.
 *
 * A hold without any ledger row is a checkout cut between its two steps (the hold commits before the
 * provider is called, which cannot be inside the transaction): a process killed there, or a request
 * still on its way. The seeker asking again gets the session made with the booking's idempotency
 * key (the one the cut request made, if it got that far) and its ledger row, instead of a 409 on
 * their own hold until it lapses (the crash harness, tests/harness/crash.harness.test.ts).
 */
async function resumeCheckout(
  ctx: AppContext,
  same: { seekerId: string; offerId: string; startAt: Date; endAt: Date },
  input: CheckoutSessionRequest,
  now: Date,
): Promise<CheckoutSession | undefined> {
  const hold = await findLiveHold(ctx.db, same, now);
  if (!hold) return undefined;
  const payment = await findPaymentOfBooking(ctx.db, hold.id);
  if (payment && payment.status !== 'open') return undefined;
  if (payment?.checkoutUrl) return checkoutAnswer(hold, payment, payment.checkoutUrl);
  const account = await currentAccount(ctx, hold.helperId);
  const detailed = await loadDetailedBooking(ctx.db, hold.id);
  if (!account || !detailed || !hold.holdExpiresAt) return undefined;
  let session: CheckoutSessionResult;
  try {
    session = await ctx.payments.createCheckoutSession({
      bookingId: hold.id,
      amountCents: payment?.amountCents ?? hold.priceCents,
      applicationFeeCents: payment?.applicationFeeCents ?? hold.commissionCents,
      currency: payment?.currency ?? hold.currency,
      destinationAccountId: account.accountId,
      productName: `${detailed.offer.title} — ${frenchLongParis(hold.startAt)}`,
      customerEmail: detailed.user.email,
      successUrl: input.success_url,
      cancelUrl: input.cancel_url,
      expiresAt: hold.holdExpiresAt,
      idempotencyKey: hold.id,
    });
  } catch (error) {
    ctx.log.error({ err: error, bookingId: hold.id }, 'checkout session not found again');
    throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 502, paymentErrors.providerUnavailable);
  }
  if (payment) return checkoutAnswer(hold, payment, session.url);
  // The ledger row the cut request did not write (one row per session whatever the race: insertPayment).
  const recorded = await insertPayment(ctx.db, {
    bookingId: hold.id,
    provider: ctx.payments.name,
    checkoutSessionId: session.id,
    checkoutUrl: session.url,
    amountCents: hold.priceCents,
    applicationFeeCents: hold.commissionCents,
    currency: hold.currency,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  });
  return checkoutAnswer(hold, recorded, session.url);
}

/**
 * GET /payments/checkout-session/{id}: the success page's question. Only the seeker who pays, the
 * helper and admins may read it; anyone else gets the unknown session's 404.
 */
export async function checkoutSessionStatus(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<CheckoutSessionStatus> {
  const payment = await findPaymentBySession(ctx.db, sessionId);
  const detailed = payment ? await loadDetailedBooking(ctx.db, payment.bookingId) : undefined;
  const { booking } = detailed ?? {};
  const allowed = booking && (booking.userId === user.id || booking.helperId === user.id || user.role === 'admin');
  if (!payment || !booking || !allowed)
    throw notFound(ErrorCode.CHECKOUT_SESSION_NOT_FOUND, paymentErrors.sessionNotFound);
  return {
    session_id: payment.checkoutSessionId,
    booking_id: booking.id,
    booking_status: booking.status,
    payment_status: payment.status,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
  };
}

// ---- webhook ----

/** What an event's effects leave to do once its transaction committed: mails and due refunds. */
type Followups = { mails: Mail[]; refunds: string[] };

/**
 * POST /payments/webhook, and the simulator's deliveries (same code): the signature is verified by
 * the provider (Stripe's rules, 300 s tolerance), then the event id is inserted into
 * `payment_events` in the same transaction as the effects, before them: a replay changes nothing,
 * and of two concurrent deliveries of one event, the second waits for the first and then finds it.
 * Events may come in any order; each handler reads the current state and only moves it forward.
 * Mails and refunds leave after the commit, so a rolled-back event sends nothing.
 */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  let event: Stripe.Event;
  try {
    event = ctx.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidWebhookSignature)
      throw badRequest(ErrorCode.WEBHOOK_SIGNATURE_INVALID, paymentErrors.webhookSignature);
    throw error;
  }
  const followups: Followups = { mails: [], refunds: [] };
  const fresh = await ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.type))) return false;
    await applyEvent(ctx, tx, event, now, followups);
    return true;
  });
  if (fresh) await runFollowups(ctx, followups, event.type);
  return { received: true, duplicate: !fresh };
}

async function applyEvent(
  ctx: AppContext,
  tx: Transaction,
  event: Stripe.Event,
  now: Date,
  followups: Followups,
): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      // An asynchronous method (e.g. SEPA debit) completes the session unpaid: wait for its outcome.
      return onSessionPaid(ctx, tx, event.data.object, event.data.object.payment_status === 'paid', now, followups);
    case 'checkout.session.async_payment_succeeded':
      return onSessionPaid(ctx, tx, event.data.object, true, now, followups);
    case 'checkout.session.async_payment_failed':
      return onSessionClosed(ctx, tx, event.data.object, 'failed', now);
    case 'checkout.session.expired':
      return onSessionClosed(ctx, tx, event.data.object, 'expired', now);
    case 'charge.refunded':
      return onChargeRefunded(ctx, tx, event.data.object, now, followups);
    case 'account.updated': {
      const account = event.data.object;
      // Flags as the event carries them, in this transaction (payouts module; unknown accounts ignored).
      await applyAccountUpdate(
        ctx,
        account.id,
        {
          detailsSubmitted: account.details_submitted ?? false,
          chargesEnabled: account.charges_enabled ?? false,
          payoutsEnabled: account.payouts_enabled ?? false,
        },
        tx,
      );
      return;
    }
    case 'payout.created':
    case 'payout.paid':
    case 'payout.failed':
    case 'payout.canceled':
      // A connected account's payout to its helper's bank: the ledger's "paid out" (payout-events.ts).
      return onPayoutEvent(ctx, tx, event, event.data.object, now);
    default:
      // Recorded (so a replay stays a no-op) and otherwise ignored: we subscribe to more than we use.
      return;
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A session paid (or only completed, for an asynchronous method). The ledger row turns `succeeded`
 * once; the booking becomes paid (confirmPaidBooking), or, when its lapsed time was taken meanwhile,
 * the payment is refunded in full (cause late_payment) and both parties are told.
 */
async function onSessionPaid(
  ctx: AppContext,
  tx: Transaction,
  session: Stripe.Checkout.Session,
  paid: boolean,
  now: Date,
  followups: Followups,
): Promise<void> {
  const payment = await lockPaymentBySession(tx, session.id);
  if (!payment) {
    // Not one of our bookings' sessions (e.g. the /stripe-test checkout): nothing to record.
    ctx.log.info({ sessionId: session.id }, 'payment event for a session without booking ignored');
    return;
  }
  const paymentIntentId = idOf(session.payment_intent) ?? payment.paymentIntentId;
  if (payment.status === 'succeeded') return;
  if (!paid) {
    if (paymentIntentId !== payment.paymentIntentId)
      await updatePayment(tx, payment.id, { paymentIntentId, updatedAt: now });
    return;
  }
  const succeeded = await updatePayment(tx, payment.id, {
    status: 'succeeded',
    paymentIntentId,
    paidAt: now,
    updatedAt: now,
    ...(await receiptSnapshotOf(tx, payment.bookingId)),
  });
  const outcome = await confirmPaidBooking(tx, payment.bookingId, now);
  const detailed = await loadDetailedBooking(tx, payment.bookingId);
  if (!succeeded || !detailed) return;
  if (outcome === 'paid') {
    followups.mails.push(...paidMails(detailed, succeeded, ctx.config.publicUrl, now));
  } else if (outcome === 'time_taken' || outcome === 'not_payable') {
    // Paid for a time that is no longer theirs: a full refund, never a silent charge.
    await markRefundDue(tx, payment.bookingId, succeeded.amountCents, now);
    followups.mails.push(...latePaymentMails(detailed, succeeded, ctx.config.publicUrl));
    followups.refunds.push(payment.bookingId);
  }
}

/** A session that expired unpaid, or whose asynchronous payment failed: the hold ends, time freed. */
async function onSessionClosed(
  ctx: AppContext,
  tx: Transaction,
  session: Stripe.Checkout.Session,
  status: 'expired' | 'failed',
  now: Date,
): Promise<void> {
  const payment = await lockPaymentBySession(tx, session.id);
  if (!payment) return;
  // A payment already confirmed stays so, whichever event comes late.
  if (payment.status === 'succeeded') return;
  if (payment.status === 'open' || (status === 'failed' && payment.status === 'expired'))
    await updatePayment(tx, payment.id, { status, updatedAt: now });
  await releasePaymentHold(tx, payment.bookingId, now);
}

const REFUND_STATUS_OF: Record<string, PaymentRefundStatus> = {
  succeeded: 'succeeded',
  pending: 'pending',
  requires_action: 'pending',
  failed: 'failed',
  canceled: 'failed',
};

function causeOf(metadata: Stripe.Metadata | null | undefined): RefundCause | undefined {
  const cause = metadata?.cause;
  return REFUND_CAUSES.find((known) => known === cause);
}

/**
 * A charge refunded (by us, or from the provider's dashboard): each refund stored once by its
 * provider id, `refunded_cents` only grows (events about one charge may cross), the booking's due
 * refund settled once, and one mail per refund that succeeded.
 */
async function onChargeRefunded(
  ctx: AppContext,
  tx: Transaction,
  charge: Stripe.Charge,
  now: Date,
  followups: Followups,
): Promise<void> {
  const paymentIntentId = idOf(charge.payment_intent);
  const payment = paymentIntentId ? await lockPaymentByIntent(tx, paymentIntentId) : undefined;
  if (!payment) {
    // The payment's own confirmation has not been handled yet: refuse, so the provider delivers
    // this event again later (nothing is recorded, the transaction rolls back).
    throw conflict(ErrorCode.WEBHOOK_EVENT_EARLY, paymentErrors.webhookEarly);
  }
  const detailed = await loadDetailedBooking(tx, payment.bookingId);
  const bookingCause: RefundCause = detailed?.booking.cancelledBy ? 'cancellation' : 'late_payment';
  for (const refund of charge.refunds?.data ?? []) {
    const given = causeOf(refund.metadata);
    const { becameSucceeded } = await upsertRefund(
      tx,
      {
        paymentId: payment.id,
        providerRefundId: refund.id,
        amountCents: refund.amount,
        status: REFUND_STATUS_OF[refund.status ?? ''] ?? 'pending',
        cause: given ?? bookingCause,
        causeKnown: given !== undefined,
      },
      now,
    );
    if (becameSucceeded && detailed)
      followups.mails.push(refundMail(detailed, refund.amount, payment.currency, ctx.config.publicUrl));
  }
  await syncRefundedCents(tx, payment, Math.min(charge.amount_refunded, payment.amountCents), now);
}

/** refunded_cents = the most we know of: stored refunds, or the provider's cumulative figure. */
async function syncRefundedCents(tx: Transaction, payment: PaymentRow, reported: number, now: Date): Promise<void> {
  const stored = await succeededRefundsCents(tx, payment.id);
  const refundedCents = Math.min(payment.amountCents, Math.max(payment.refundedCents, stored, reported));
  if (refundedCents !== payment.refundedCents) await updatePayment(tx, payment.id, { refundedCents, updatedAt: now });
  const detailed = await loadDetailedBooking(tx, payment.bookingId);
  const due = detailed?.booking.refundStatus === 'pending' ? (detailed.booking.refundCents ?? 0) : null;
  if (due !== null && refundedCents >= due) await settleRefund(tx, payment.bookingId, 'refunded', now);
}

async function runFollowups(ctx: AppContext, followups: Followups, context: string): Promise<void> {
  await sendMails(ctx, followups.mails, context);
  for (const bookingId of followups.refunds) {
    await executeBookingRefund(ctx, bookingId).catch((error: unknown) =>
      ctx.log.error({ err: error, bookingId }, 'refund not executed; the sweep retries it'),
    );
  }
}

async function sendMails(ctx: AppContext, mails: Mail[], context: string): Promise<void> {
  await sendEach(ctx.mailer, ctx.log, mails, { context }, 'payment mail not sent');
}

// ---- refunds ----

/**
 * Executes the due refund of a booking (`refund_status` pending): a cancellation under the policy
 * (DESIGN.md section 8) or a late payment. In full unless the booking says otherwise, with the
 * application fee and the transfer reversed by the provider; the idempotency key is the booking's,
 * so a retry (sweep, second process) never refunds twice. The ledger row and the booking's refund
 * status follow the provider's answer; `charge.refunded` later confirms the same refund.
 */
export async function executeBookingRefund(ctx: AppContext, bookingId: string, now: Date = new Date()): Promise<void> {
  const detailed = await loadDetailedBooking(ctx.db, bookingId);
  const payment = await findPaymentOfBooking(ctx.db, bookingId);
  if (!detailed || detailed.booking.refundStatus !== 'pending') return;
  if (payment?.status !== 'succeeded' || !payment.paymentIntentId) {
    // Nothing was charged (e.g. a booking paid outside any checkout): nothing to give back.
    ctx.log.warn({ bookingId }, 'refund due without a succeeded payment');
    return;
  }
  const cause: RefundCause = detailed.booking.cancelledBy ? 'cancellation' : 'late_payment';
  const amountCents = Math.min(detailed.booking.refundCents ?? payment.amountCents, payment.amountCents);
  const result = await ctx.payments.refund({
    paymentIntentId: payment.paymentIntentId,
    amountCents,
    reason: 'requested_by_customer',
    idempotencyKey: `refund-${bookingId}`,
    bookingId,
    cause,
  });
  const mails: Mail[] = [];
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPaymentByIntent(tx, payment.paymentIntentId ?? '');
    if (!locked) return;
    const { becameSucceeded } = await upsertRefund(
      tx,
      {
        paymentId: locked.id,
        providerRefundId: result.id,
        amountCents,
        status: result.status,
        cause,
        causeKnown: true,
      },
      now,
    );
    if (becameSucceeded) mails.push(refundMail(detailed, amountCents, payment.currency, ctx.config.publicUrl));
    if (result.status === 'failed') await settleRefund(tx, bookingId, 'failed', now);
    else await syncRefundedCents(tx, locked, 0, now);
  });
  await sendMails(ctx, mails, 'refund');
}

// ---- sweep ----

/**
 * Run after the bookings sweep by the jobs of every process: open payments whose hold lapsed become
 * `expired` (one idempotent UPDATE), then due refunds the provider has not confirmed are asked
 * again (same idempotency keys, so two processes doing it at once refund once).
 */
export async function sweepPayments(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<{ expired: number; refundsRetried: number }> {
  const expired = await expireLapsedPayments(ctx.db, now);
  const due = await dueRefundIds(ctx.db, REFUND_SWEEP_BATCH);
  for (const bookingId of due) {
    await executeBookingRefund(ctx, bookingId, now).catch((error: unknown) =>
      ctx.log.error({ err: error, bookingId }, 'refund retry failed'),
    );
  }
  return { expired, refundsRetried: due.length };
}

/** For the bookings module's cancellation (see setRefundExecutor there). */
export const refundExecutor = (ctx: AppContext, bookingId: string) => executeBookingRefund(ctx, bookingId);

export type RequestedPayout = { providerPayoutId: string; amountCents: number; currency: PaymentRow['currency'] };

/**
 * A payout of the helper's whole available balance, per currency, asked for by the app (the
 * simulator's "Déclencher un versement"): recorded pending in one transaction under the helper's
 * payout lock, before the provider is told (the caller tells it, after the commit: its events come
 * back through handleWebhook, which needs its own transaction). A second request, from any process,
 * waits for the lock and then finds that balance already taken. Each payout carries the next request
 * number, read before the balance: two payouts computed from the same balance would carry the same
 * number, which payouts_request_number_unique refuses, lock or no lock.
 */
export async function requestPayouts(
  ctx: AppContext,
  helperId: string,
  newPayoutId: () => string,
  now: Date = new Date(),
): Promise<RequestedPayout[]> {
  return ctx.db.transaction(async (tx) => {
    await lockHelperPayouts(tx, helperId);
    const lastNumbers = await lastPayoutRequestNumbers(tx, helperId);
    const payable = await payableBalances(tx, helperId);
    const requested: RequestedPayout[] = [];
    for (const { amountCents, currency } of payable) {
      const providerPayoutId = newPayoutId();
      const requestNumber = (lastNumbers.get(currency) ?? 0) + 1;
      await insertRequestedPayout(tx, { providerPayoutId, helperId, amountCents, currency, requestNumber }, now);
      requested.push({ providerPayoutId, amountCents, currency });
    }
    return requested;
  });
}
