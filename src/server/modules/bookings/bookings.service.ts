import { MAX_UNPAID_HOLDS_TOTAL, MAX_UPCOMING_BOOKINGS_PER_HELPER } from '#shared/constants.ts';
import { commissionCents } from '#shared/rules/commission.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { booking as bookingMessages, cancellation as cancellationMessages } from '#shared/messages/bookings.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { offers as offerMessages } from '#shared/messages/offers.ts';
import {
  EXPIRED_HOLD,
  isCancellable,
  isConfirmed,
  PAYMENT_HOLD_STATUS,
  type RefundStatus,
} from '#shared/rules/booking-status.ts';
import { canCancel, isLastMinute, refundDecision, type RefundDecision } from '#shared/rules/cancellation.ts';
import { isBookable } from '#shared/rules/free-windows.ts';
import { LAPSE_LOOKBACK_MS, lapsedHoldsCooldownEnd, unpaidHoldRefusal } from '#shared/rules/hold-limits.ts';
import { frenchLongParis, parisMonthRange } from '#shared/rules/paris-time.ts';
import { isHelperRole } from '#shared/rules/roles.ts';
import type { Booking, BookingCreate, BookingStats } from '#shared/schemas/bookings.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { sendEach, type Mail } from '../../adapters/mail/mailer.ts';
import type { BookingRow } from '../../db/schema/bookings.ts';
import type { OfferRow, PricingOptionRow } from '../../db/schema/offers.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, badRequest, conflict, forbidden, notFound, PgErrorCode, pgErrorCode } from '../../errors.ts';
import { isActiveAccount } from '../../lib/account-state.ts';
import { publishEvent, type BookingChange } from '../../lib/realtime-bus.ts';
import { assertNotBlocked } from '../blocks/blocks.service.ts';
import { postCancellationNotice, revealMessagesBetween } from '../messaging/messaging.service.ts';
import { getReviewSummary } from '../reviews/reviews.service.ts';
import { loadAvailability } from '../slots/slots.service.ts';
import { toBookingDto } from './booking-dto.ts';
import { cancellationMail, confirmationMails, holdReleasedMail, nameOf } from './booking-mails.ts';
export { invitation as bookingInvitation, nameOf } from './booking-mails.ts';
export type { DetailedBooking } from './bookings.repository.ts';
/** The 24-hour reminder sweep (ADR 0008), run by the jobs of every process. */
export { sendDueReminders } from './booking-reminders.ts';
import {
  cancelExpiredHolds,
  completeEndedBookings,
  countCompleted,
  countRunningHolds,
  countUpcomingWithHelper,
  findDetailedBooking,
  findOfferWithOptions,
  findLivePaymentHold,
  findOpenCheckoutSessionId,
  insertBooking,
  listLapsedHoldEnds,
  listDetailedBookingsOf,
  listDueRefundIds,
  listUpcomingBookingIdsOf,
  lockBooking,
  sumHelperRevenue,
  updateBooking,
  type BookingParties,
  type DetailedBooking,
} from './bookings.repository.ts';
import { lockHelperCalendar, lockSeekerHolds } from '../../db/locks.ts';

const MINUTE_MS = 60_000;

/**
 * Tells the parties' open app sockets that these bookings changed (DESIGN.md section 10), from inside
 * the transaction that changes them: the event leaves at its commit, and never for a rolled-back one.
 */
async function publishBookingChanges(db: Executor, rows: BookingParties[], change: BookingChange): Promise<void> {
  for (const row of rows) {
    await publishEvent(db, {
      type: 'booking.changed',
      booking_id: row.id,
      change,
      user_ids: [row.userId, row.helperId],
    });
  }
}

export type CheckedBookingRequest = {
  offer: OfferRow;
  option: PricingOptionRow;
  startAt: Date;
  endAt: Date;
};

/**
 * Every rule of a booking request except payment, re-checked on the server whatever the client
 * showed: live visible offer, not one's own, no block between the two, a duration that is one of the
 * offer's pricing options, a start in the future. The payments module calls it before opening a
 * checkout session.
 */
export async function checkBookingRequest(
  ctx: AppContext,
  seeker: UserRow,
  input: BookingCreate,
  now: Date,
): Promise<CheckedBookingRequest> {
  const found = await findOfferWithOptions(ctx.db, input.offer_id);
  if (!found || found.offer.deletedAt || !found.offer.visible)
    throw notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);
  const { offer, options } = found;
  if (offer.helperId === seeker.id) throw badRequest(ErrorCode.BOOKING_OWN_OFFER, bookingMessages.ownOffer);
  // A suspended or erased helper takes no booking, even if an admin showed one of their offers again.
  if (!(await isActiveAccount(ctx.db, offer.helperId)))
    throw notFound(ErrorCode.OFFER_NOT_FOUND, offerMessages.notFound);
  // Either blocked the other: no new booking or checkout between them (issue 13 section 2).
  await assertNotBlocked(ctx.db, seeker.id, offer.helperId);

  const startAt = new Date(input.start_at);
  const endAt = new Date(input.end_at);
  const durationMs = endAt.getTime() - startAt.getTime();
  const invalidDuration = badRequest(ErrorCode.BOOKING_INVALID_DURATION, bookingMessages.invalidDuration);
  let option: PricingOptionRow | undefined;
  if (input.pricing_option_id) {
    option = options.find((candidate) => candidate.id === input.pricing_option_id);
    if (!option || option.durationMinutes * MINUTE_MS !== durationMs) throw invalidDuration;
  } else {
    option = options.find((candidate) => candidate.durationMinutes * MINUTE_MS === durationMs);
    if (!option) throw invalidDuration;
  }
  if (startAt.getTime() <= now.getTime()) throw badRequest(ErrorCode.BOOKING_IN_PAST, bookingMessages.inPast);
  return { offer, option, startAt, endAt };
}

/**
 * The caps on a new payment hold (rules/hold-limits.ts), checked under the seeker's holds lock after
 * this helper's lapsed holds were swept: no second running hold with this helper, no more than
 * MAX_UNPAID_HOLDS_TOTAL in all, and none with a helper whose checkouts the seeker let lapse too often.
 */
async function assertMayHold(tx: Transaction, seekerId: string, helperId: string, now: Date): Promise<void> {
  const refusal = unpaidHoldRefusal(await countRunningHolds(tx, seekerId, helperId, now));
  if (refusal === 'with_helper')
    throw conflict(ErrorCode.BOOKING_UNPAID_HOLD_WITH_HELPER, bookingMessages.unpaidHoldWithHelper);
  if (refusal === 'total')
    throw conflict(ErrorCode.BOOKING_UNPAID_HOLDS_LIMIT, bookingMessages.unpaidHoldsLimit(MAX_UNPAID_HOLDS_TOTAL));
  const lapses = await listLapsedHoldEnds(tx, seekerId, helperId, new Date(now.getTime() - LAPSE_LOOKBACK_MS));
  const cooldownEnd = lapsedHoldsCooldownEnd(lapses, now);
  if (cooldownEnd) {
    throw new AppError(
      ErrorCode.BOOKING_LAPSED_HOLDS_COOLDOWN,
      429,
      bookingMessages.lapsedHoldsCooldown(frenchLongParis(cooldownEnd)),
    );
  }
}

/**
 * Takes the helper's time for a checked request, in one transaction: lapsed payment holds of this
 * helper are cancelled first, the seeker must hold fewer than MAX_UPCOMING_BOOKINGS_PER_HELPER
 * upcoming bookings with this helper, a payment hold must pass the unpaid-hold caps (assertMayHold),
 * the time must lie in a free window. Requests for one helper queue on a calendar lock, and payment
 * holds of one seeker on the seeker's lock first, so concurrent requests of one seeker cannot pass a
 * cap together, on any number of processes; the exclusion constraint `bookings_no_overlap` remains
 * the backstop (SQLSTATE 23P01 -> 409). Free bookings and payment holds both come through here.
 */
export async function holdTime(
  ctx: AppContext,
  seeker: UserRow,
  request: CheckedBookingRequest,
  fields: { status: 'scheduled' | 'pending_payment'; holdExpiresAt?: Date | null },
  now: Date,
): Promise<BookingRow> {
  const { offer, option, startAt, endAt } = request;
  try {
    return await ctx.db.transaction(async (tx) => {
      const paymentHold = fields.status === PAYMENT_HOLD_STATUS;
      // The seeker's lock before the calendar's, always in this order (see lockSeekerHolds).
      if (paymentHold) await lockSeekerHolds(tx, seeker.id);
      await lockHelperCalendar(tx, offer.helperId);
      await publishBookingChanges(tx, await cancelExpiredHolds(tx, now, offer.helperId), 'cancelled');
      if ((await countUpcomingWithHelper(tx, seeker.id, offer.helperId, now)) >= MAX_UPCOMING_BOOKINGS_PER_HELPER) {
        throw conflict(
          ErrorCode.BOOKING_UPCOMING_LIMIT_REACHED,
          bookingMessages.upcomingLimitReached(MAX_UPCOMING_BOOKINGS_PER_HELPER),
        );
      }
      if (paymentHold) await assertMayHold(tx, seeker.id, offer.helperId, now);
      // Only the slots and bookings around the requested session matter (slots.service.ts).
      const { offered, free } = await loadAvailability(tx, offer.helperId, offer.id, now, {
        from: startAt,
        to: endAt,
      });
      if (!isBookable(free, startAt, endAt)) {
        // Proposed by the helper but held by another booking: the same answer as losing the race.
        if (isBookable(offered, startAt, endAt))
          throw conflict(ErrorCode.BOOKING_TIME_TAKEN, bookingMessages.timeTaken);
        throw badRequest(ErrorCode.BOOKING_OUTSIDE_AVAILABILITY, bookingMessages.outsideAvailability);
      }
      const booking = await insertBooking(tx, {
        offerId: offer.id,
        pricingOptionId: option.id,
        helperId: offer.helperId,
        userId: seeker.id,
        status: fields.status,
        startAt,
        endAt,
        priceCents: option.priceCents,
        currency: offer.currency,
        commissionCents: commissionCents(option.priceCents),
        holdExpiresAt: fields.holdExpiresAt ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await publishBookingChanges(tx, [booking], 'created');
      // A free booking is confirmed at once: the parties' masked messages are revealed (DESIGN.md 8).
      if (booking.status === 'scheduled') await revealMessagesBetween(tx, booking.helperId, booking.userId);
      return booking;
    });
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.exclusionViolation)
      throw conflict(ErrorCode.BOOKING_TIME_TAKEN, bookingMessages.timeTaken);
    throw error;
  }
}

async function sendAll(ctx: AppContext, mails: Mail[], bookingId: string): Promise<void> {
  await sendEach(ctx.mailer, ctx.log, mails, { bookingId }, 'booking mail not sent');
}

async function detailedOrThrow(ctx: AppContext, id: string): Promise<DetailedBooking> {
  const detailed = await findDetailedBooking(ctx.db, id);
  if (!detailed) throw notFound(ErrorCode.BOOKING_NOT_FOUND, bookingMessages.notFound);
  return detailed;
}

/**
 * POST /bookings/: free options are booked at once (status `scheduled`); paid ones must go through
 * POST /payments/checkout-session. A seeker may hold overlapping bookings with different helpers:
 * only the helper's time is exclusive (the spec names no rule for the seeker's side).
 */
export async function createBooking(
  ctx: AppContext,
  seeker: UserRow,
  input: BookingCreate,
  now: Date = new Date(),
): Promise<Booking> {
  const request = await checkBookingRequest(ctx, seeker, input, now);
  if (request.option.priceCents > 0)
    throw badRequest(ErrorCode.BOOKING_PAYMENT_REQUIRED, bookingMessages.paymentRequired);
  const row = await holdTime(ctx, seeker, request, { status: 'scheduled' }, now);
  const detailed = await detailedOrThrow(ctx, row.id);
  await sendBookingConfirmation(ctx, detailed, now);
  return toBookingDto(detailed);
}

/** Confirmation mails to both parties; also used by the payments module once a payment succeeds. */
export async function sendBookingConfirmation(
  ctx: AppContext,
  detailed: DetailedBooking,
  now: Date = new Date(),
): Promise<void> {
  await sendAll(ctx, confirmationMails(detailed, ctx.config.publicUrl, now), detailed.booking.id);
}

/** Upcoming bookings soonest first, then past ones latest first (see listDetailedBookingsOf). */
export async function listMyBookings(
  ctx: AppContext,
  user: UserRow,
  skip: number,
  limit: number,
  now: Date = new Date(),
): Promise<Booking[]> {
  const rows = await listDetailedBookingsOf(ctx.db, user.id, skip, limit, now);
  return rows.map(toBookingDto);
}

function isParty(booking: Pick<BookingRow, 'userId' | 'helperId'>, user: UserRow): boolean {
  return booking.userId === user.id || booking.helperId === user.id;
}

/**
 * The booking if the caller may see it (a party, or an admin), else the same 404 as an unknown id:
 * a stranger must not learn that a booking exists (issue 8).
 */
async function visibleBookingOrThrow(ctx: AppContext, user: UserRow, id: string): Promise<DetailedBooking> {
  const detailed = await detailedOrThrow(ctx, id);
  if (!isParty(detailed.booking, user) && user.role !== 'admin')
    throw notFound(ErrorCode.BOOKING_NOT_FOUND, bookingMessages.notFound);
  return detailed;
}

export async function getBooking(ctx: AppContext, user: UserRow, id: string): Promise<Booking> {
  return toBookingDto(await visibleBookingOrThrow(ctx, user, id));
}

/**
 * PUT /bookings/{id} is deliberately narrow: prices, times and parties never change after booking,
 * cancellation has its own route and payment states come from the payment provider. What remains is
 * an admin correction: marking a confirmed session whose start has passed as completed (before the
 * sweep does it at its end). Parties get 403; any other change is refused.
 */
export async function updateBookingStatus(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: { status: 'completed' },
  now: Date = new Date(),
): Promise<Booking> {
  const detailed = await visibleBookingOrThrow(ctx, user, id);
  // The parties see the booking but may not correct it: for them the 403 says nothing new.
  if (user.role !== 'admin') throw forbidden(ErrorCode.FORBIDDEN, apiErrors.forbidden);
  const { booking } = detailed;
  const allowed = isConfirmed(booking.status) && booking.startAt.getTime() <= now.getTime();
  if (input.status !== 'completed' || !allowed) {
    throw conflict(ErrorCode.BOOKING_STATUS_CHANGE_NOT_ALLOWED, bookingMessages.statusChangeNotAllowed);
  }
  await ctx.db.transaction(async (tx) => {
    await updateBooking(tx, id, { status: 'completed', updatedAt: now });
    await publishBookingChanges(tx, [booking], 'completed');
  });
  return toBookingDto(await detailedOrThrow(ctx, id));
}

export type CancelResult = {
  booking: Booking;
  notification_sent_to: string;
  refund: { status: RefundStatus; amount_cents: number };
  message: string;
};

/**
 * Executes a due refund through the provider. The payments module sits above bookings (it holds time
 * through holdTime), so bookings cannot import it: it registers its executor here when its routes are
 * registered. One function for every app of the process, since it receives the app's context.
 */
export type RefundExecutor = (ctx: AppContext, bookingId: string) => Promise<void>;
let refundExecutor: RefundExecutor | undefined;

export function setRefundExecutor(executor: RefundExecutor): void {
  refundExecutor = executor;
}

/**
 * Cancels a locked, cancellable booking in the name of `cancelledBy` (one of its parties) under the
 * refund rule of `rule`'s side, inside the caller's transaction; a refund owed is recorded as due.
 */
async function recordCancellation(
  tx: Transaction,
  row: BookingRow,
  cancelledBy: string,
  rule: 'helper' | 'seeker',
  reason: string,
  now: Date,
): Promise<RefundDecision> {
  // A payment hold released by its helper was never a session: no last-minute cancellation to note.
  const lastMinute = isConfirmed(row.status) && isLastMinute(row.startAt, now);
  const decision = refundDecision({ status: row.status, priceCents: row.priceCents, cancelledBy: rule, lastMinute });
  await updateBooking(tx, row.id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledBy,
    cancellationReason: reason,
    isLastMinute: lastMinute,
    refundStatus: decision.status,
    refundCents: decision.amountCents,
    updatedAt: now,
  });
  // Spec 2 section 2: the conversation of the offer shows a cancelled-booking notice with the reason.
  await postCancellationNotice(tx, {
    offerId: row.offerId,
    helperId: row.helperId,
    seekerId: row.userId,
    cancelledBy,
    reason,
  });
  await publishBookingChanges(tx, [row], 'cancelled');
  return decision;
}

/** After a cancellation commits: the due refund executed, then the other party mailed. */
async function refundAndTell(
  ctx: AppContext,
  id: string,
  cancelledBy: string,
  decided: RefundDecision,
  now: Date,
): Promise<{ detailed: DetailedBooking; recipient: DetailedBooking['helper'] }> {
  if (decided.status === 'pending' && refundExecutor) {
    // Refunded before answering, so the answer and the other party's mail say what happened. A failure
    // leaves the refund pending: the payments sweep retries it with the same idempotency key.
    await refundExecutor(ctx, id).catch((error: unknown) =>
      ctx.log.error({ err: error, bookingId: id }, 'cancellation refund not executed'),
    );
  }
  const detailed = await detailedOrThrow(ctx, id);
  const cancellerIsHelper = detailed.booking.helperId === cancelledBy;
  const recipient = cancellerIsHelper ? detailed.user : detailed.helper;
  const canceller = cancellerIsHelper ? detailed.helper : detailed.user;
  await sendAll(ctx, [cancellationMail(detailed, recipient, canceller, ctx.config.publicUrl, now)], id);
  return { detailed, recipient };
}

/**
 * The provider's checkout of a hold its helper released is expired too, so the seeker cannot pay for
 * time that is no longer theirs. After the release committed: a failure is logged and changes
 * nothing, since a payment that still arrives finds the booking cancelled by a party and is refunded
 * in full (payments.service, confirmPaidBooking's 'not_payable').
 */
async function expireCheckoutOf(ctx: AppContext, bookingId: string): Promise<void> {
  const sessionId = await findOpenCheckoutSessionId(ctx.db, bookingId);
  if (!sessionId) return;
  await ctx.payments
    .expireCheckoutSession(sessionId)
    .catch((error: unknown) => ctx.log.warn({ err: error, bookingId }, 'released hold: checkout session not expired'));
}

/**
 * Either party cancels an upcoming confirmed booking with a reason. The refund decision is recorded
 * here (`refund_status` 'pending' when one is due); the payments module executes pending refunds
 * through the provider and moves them to 'refunded' or 'failed'. Cancelling frees the time at once:
 * the exclusion constraint only covers holding statuses.
 *
 * The helper may also release a running payment hold on their time (canCancel): the time is freed at
 * once, the checkout expired at the provider, and the seeker told that nothing was charged.
 */
export async function cancelBooking(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<CancelResult> {
  const { decided, releasedHold } = await ctx.db.transaction(async (tx) => {
    const row = await lockBooking(tx, id);
    if (!row) throw notFound(ErrorCode.BOOKING_NOT_FOUND, bookingMessages.notFound);
    // Not a party: the same 404 as an unknown id. An admin sees the booking (GET) but does not cancel
    // in a party's name (spec 1 section 4): a 403, since the booking's existence is no secret to them.
    if (!isParty(row, actor)) {
      if (actor.role !== 'admin') throw notFound(ErrorCode.BOOKING_NOT_FOUND, bookingMessages.notFound);
      throw forbidden(ErrorCode.FORBIDDEN, apiErrors.forbidden);
    }
    const side = actor.id === row.helperId ? 'helper' : 'seeker';
    if (!canCancel(row, now, side))
      throw conflict(ErrorCode.BOOKING_NOT_CANCELLABLE, cancellationMessages.notCancellable);
    return {
      decided: await recordCancellation(tx, row, actor.id, side, reason, now),
      releasedHold: row.status === PAYMENT_HOLD_STATUS,
    };
  });
  if (releasedHold) {
    await expireCheckoutOf(ctx, id);
    const detailed = await detailedOrThrow(ctx, id);
    await sendAll(ctx, [holdReleasedMail(detailed, ctx.config.publicUrl)], id);
    const informed = nameOf(detailed.user);
    return {
      booking: toBookingDto(detailed),
      notification_sent_to: informed,
      refund: { status: 'none', amount_cents: 0 },
      message: cancellationMessages.holdReleasedInformed(informed),
    };
  }
  const { detailed, recipient } = await refundAndTell(ctx, id, actor.id, decided, now);
  const informed = nameOf(recipient);
  return {
    booking: toBookingDto(detailed),
    notification_sent_to: informed,
    refund: { status: detailed.booking.refundStatus ?? 'none', amount_cents: detailed.booking.refundCents ?? 0 },
    message: cancellationMessages.successInformed(informed),
  };
}

export type EndedBookings = { cancelled: string[]; released: string[] };

/**
 * Ends every upcoming booking of a user who leaves (a suspension, issue 13 section 1, or an erasure,
 * section 4), as seeker or as helper. Confirmed sessions starting after `now` are cancelled in the
 * user's name under the helper-cancellation rule whichever side they are on: the other party did
 * nothing wrong, so a paid session is refunded in full (DESIGN.md section 8). Like a party's
 * cancellation, the conversation shows the notice with `reason` and the other party is mailed. Payment
 * holds are released, cancelled by the user so a late payment is refunded rather than revived (see
 * confirmPaidBooking). One transaction per booking, each re-checked under its row lock: idempotent,
 * a second call finds nothing left to end.
 *
 * `rule: 'own-side'` (an erasure, which the person chose) applies instead the rule of the side the
 * user is on in each booking, as if they cancelled it themselves: as helper a full refund, as seeker
 * the seeker's rule (nothing back at the last minute).
 */
export async function cancelUpcomingBookingsOf(
  ctx: AppContext,
  userId: string,
  reason: string,
  now: Date = new Date(),
  options: { rule?: 'helper' | 'own-side' } = {},
): Promise<EndedBookings> {
  const ended: EndedBookings = { cancelled: [], released: [] };
  for (const id of await listUpcomingBookingIdsOf(ctx.db, userId, now)) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const row = await lockBooking(tx, id);
      if (!row || (row.userId !== userId && row.helperId !== userId)) return undefined;
      if (row.status === PAYMENT_HOLD_STATUS) {
        await updateBooking(tx, id, { ...EXPIRED_HOLD, cancelledAt: now, cancelledBy: userId, updatedAt: now });
        await publishBookingChanges(tx, [row], 'cancelled');
        return 'released' as const;
      }
      if (!isCancellable(row, now)) return undefined;
      const side = options.rule === 'own-side' && row.userId === userId ? 'seeker' : 'helper';
      return recordCancellation(tx, row, userId, side, reason, now);
    });
    if (outcome === 'released') ended.released.push(id);
    else if (outcome) {
      await refundAndTell(ctx, id, userId, outcome, now);
      ended.cancelled.push(id);
    }
  }
  return ended;
}

/** Dashboard overview figures (DESIGN.md section 8: real figures, not placeholders). */
export async function bookingStats(ctx: AppContext, user: UserRow, now: Date = new Date()): Promise<BookingStats> {
  const helper = isHelperRole(user.role);
  const month = parisMonthRange(now);
  const [revenue, completed, rating] = await Promise.all([
    helper ? sumHelperRevenue(ctx.db, user.id, month.start, month.end) : Promise.resolve(0),
    countCompleted(ctx.db, user.id, helper ? 'helper' : 'seeker'),
    getReviewSummary(ctx, user.id),
  ]);
  return {
    revenue_this_month_cents: revenue,
    sessions_completed: completed,
    average_rating: rating.average,
    review_count: rating.count,
  };
}

/**
 * Booking sweeps (DESIGN.md sections 8 and 15), run by the jobs of every process: lapsed payment
 * holds first, so their time is free before anything else looks, then ended sessions completed.
 * Each is one idempotent UPDATE (see the repository), safe to run from several processes at once.
 */
export async function sweepBookings(
  db: Executor,
  now: Date = new Date(),
): Promise<{ expired: number; completed: number }> {
  const expired = await db.transaction(async (tx) => {
    const rows = await cancelExpiredHolds(tx, now);
    await publishBookingChanges(tx, rows, 'cancelled');
    return rows.length;
  });
  const completed = await db.transaction(async (tx) => {
    const rows = await completeEndedBookings(tx, now);
    await publishBookingChanges(tx, rows, 'completed');
    return rows.length;
  });
  return { expired, completed };
}

// ---- payment holds and paid bookings, for the payments module (checkout and webhook) ----

export async function loadDetailedBooking(db: Executor, id: string): Promise<DetailedBooking | undefined> {
  return findDetailedBooking(db, id);
}

/** The seeker's running hold on exactly this time (see findLivePaymentHold). */
export async function findLiveHold(
  db: Executor,
  where: { seekerId: string; offerId: string; startAt: Date; endAt: Date },
  now: Date,
): Promise<BookingRow | undefined> {
  return findLivePaymentHold(db, where, now);
}

/** A payment hold released early (the provider refused the checkout, or it expired or failed there). */
export async function releasePaymentHold(db: Transaction, bookingId: string, now: Date): Promise<boolean> {
  const row = await lockBooking(db, bookingId);
  if (row?.status !== PAYMENT_HOLD_STATUS) return false;
  await updateBooking(db, bookingId, { ...EXPIRED_HOLD, cancelledAt: now, updatedAt: now });
  await publishBookingChanges(db, [row], 'cancelled');
  return true;
}

export type PaidOutcome = 'paid' | 'already_paid' | 'time_taken' | 'not_payable';

/**
 * A payment succeeded: the booking becomes `paid`. A hold still running, or lapsed but not yet swept,
 * still holds its time, so it simply becomes paid. A hold already cancelled by expiry takes its time
 * back if nobody else holds it (the person paid; refusing would refund a session that can still take
 * place); if the time was taken meanwhile, the caller refunds (`time_taken`). Runs inside the
 * caller's transaction; the calendar lock and a savepoint keep the exclusion constraint's refusal
 * from aborting it.
 */
export async function confirmPaidBooking(tx: Transaction, bookingId: string, now: Date): Promise<PaidOutcome> {
  const row = await lockBooking(tx, bookingId);
  if (!row) return 'not_payable';
  if (row.status === 'paid' || row.status === 'completed') return 'already_paid';
  const paid = { status: 'paid', holdExpiresAt: null, updatedAt: now } as const;
  // Paid: the parties' masked messages are revealed (DESIGN.md section 8), their sockets told.
  const becamePaid = async () => {
    await revealMessagesBetween(tx, row.helperId, row.userId);
    await publishBookingChanges(tx, [row], 'paid');
    return 'paid' as const;
  };
  if (row.status === PAYMENT_HOLD_STATUS) {
    await updateBooking(tx, bookingId, paid);
    return becamePaid();
  }
  // Only a lapsed hold (cancelled by nobody) may come back; a session cancelled by a party stays so.
  if (row.status !== 'cancelled' || row.cancelledBy !== null) return 'not_payable';
  await lockHelperCalendar(tx, row.helperId);
  await publishBookingChanges(tx, await cancelExpiredHolds(tx, now, row.helperId), 'cancelled');
  try {
    await tx.transaction(async (savepoint) => {
      await updateBooking(savepoint, bookingId, {
        ...paid,
        cancelledAt: null,
        refundStatus: null,
        refundCents: null,
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.exclusionViolation) return 'time_taken';
    throw error;
  }
  return becamePaid();
}

/** Records a refund as due (`pending`), e.g. a late payment whose time was taken. */
export async function markRefundDue(db: Executor, bookingId: string, amountCents: number, now: Date): Promise<void> {
  await updateBooking(db, bookingId, { refundStatus: 'pending', refundCents: amountCents, updatedAt: now });
}

/** A due refund's outcome; false when it was already settled (so its mail goes once). */
export async function settleRefund(
  db: Transaction,
  bookingId: string,
  status: 'refunded' | 'failed',
  now: Date,
): Promise<boolean> {
  const row = await lockBooking(db, bookingId);
  if (row?.refundStatus !== 'pending') return false;
  await updateBooking(db, bookingId, { refundStatus: status, updatedAt: now });
  return true;
}

/** Bookings whose refund is due, for the payments sweep. */
export async function dueRefundIds(db: Executor, limit: number): Promise<string[]> {
  return listDueRefundIds(db, limit);
}
