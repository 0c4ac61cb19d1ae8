import { randomBytes, randomUUID } from 'node:crypto';
import {
  DATA_RIGHTS_LINK_TTL_HOURS,
  DATA_RIGHTS_MAILS_MAX,
  DATA_RIGHTS_MAILS_WINDOW_MINUTES,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { dataRights, trust } from '#shared/messages/trust.ts';
import { isVerifiedProfile } from '#shared/rules/verification.ts';
import { PAGE_PATTERNS } from '#shared/page-routes.ts';
import type { DataExport } from '#shared/schemas/privacy.ts';
import { sendEach } from '../../adapters/mail/mailer.ts';
import { removeAvatar } from '../../adapters/storage/uploads.ts';
import type { AppContext } from '../../app-types.ts';
import type { Transaction } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { hashLinkToken, mailLinkOnRequest, newLinkToken } from '../../lib/link-tokens.ts';
import { countPasswordAttempt, fromSession, passwordAccepted } from '../../lib/login-failures.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { cancelUpcomingBookingsOf, nameOf } from '../bookings/bookings.service.ts';
import { forgetOfferSearchReuse, removeOffersOfHelper } from '../offers/offers.service.ts';
import {
  eraseAccountFields,
  findUserByEmail,
  findUserById,
  listCharterAcceptances,
  replacePassword,
  verificationOf,
} from '../users/users.service.ts';
import * as repo from './privacy.repository.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The domain every erased account's placeholder address is under: `.invalid` never delivers (RFC 2606). */
const ERASED_EMAIL_DOMAIN = 'compte-supprime.invalid';

/** An avatar we serve is a path: the export gives the absolute link. */
function absoluteLink(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

// ---------------------------------------------------------------------------------------------
// GET /users/me/export

/**
 * Everything the product holds about `user` (issue 13 section 4), assembled from every table that
 * names them. Of other people: a display name where the person dealt with them, the messages the
 * person could read (a masked or moderated message of the other party stays empty — the person never
 * read it), the reviews of them as their profile shows them. Not the reports about them, nor the
 * platform's commission on their seeker side (their receipts do not show it either).
 */
export async function exportUserData(ctx: AppContext, user: UserRow, now: Date = new Date()): Promise<DataExport> {
  const db = ctx.db;
  const [offers, slots, bookingRows, payoutAccount, payouts, written, received, conversationRows] = await Promise.all([
    repo.listOffersWithOptions(db, user.id),
    repo.listSlots(db, user.id),
    repo.listBookings(db, user.id),
    repo.findPayoutAccount(db, user.id),
    repo.listPayouts(db, user.id),
    repo.listReviewsWritten(db, user.id),
    repo.listReviewsReceived(db, user.id),
    repo.listConversations(db, user.id),
  ]);
  const [verification, charters] = await Promise.all([verificationOf(ctx, user), listCharterAcceptances(db, user.id)]);
  const [money, messageRows, support, chats, reportsMade, blocks, resets] = await Promise.all([
    repo.listPaymentsOfBookings(
      db,
      bookingRows.map((row) => row.booking.id),
    ),
    repo.listMessagesOf(
      db,
      conversationRows.map((row) => row.conversation.id),
    ),
    repo.listSupportMessages(db, user.id),
    repo.listChatSessions(db, user.id),
    repo.listReportsMade(db, user.id),
    repo.listBlocksMade(db, user.id),
    repo.listPasswordResets(db, user.id),
  ]);

  return {
    generated_at: iso(now),
    profile: {
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      bio: user.bio,
      tags: user.tags,
      role: user.role,
      is_verified: isVerifiedProfile(verification),
      email_verified_at: isoOrNull(user.emailVerifiedAt),
      avatar_url: absoluteLink(ctx.config.publicUrl, user.avatarUrl),
      suspended_at: isoOrNull(user.suspendedAt),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    // Signing up is the one consent the product records: its date is the account's creation.
    consents: [
      {
        kind: dataRights.consentTermsKind,
        accepted_at: iso(user.createdAt),
        description: dataRights.consentTermsDescription,
      },
      ...charters.map((charter) => ({
        kind: dataRights.consentCharterKind,
        accepted_at: iso(charter.acceptedAt),
        description: dataRights.consentCharterDescription(charter.version),
      })),
    ],
    offers: offers.map(({ offer, options }) => ({
      id: offer.id,
      title: offer.title,
      description: offer.description,
      category: offer.category,
      currency: offer.currency,
      meeting_contact_info: offer.meetingContactInfo,
      visible: offer.visible,
      created_at: iso(offer.createdAt),
      updated_at: iso(offer.updatedAt),
      deleted_at: isoOrNull(offer.deletedAt),
      pricing_options: options.map((option) => ({
        id: option.id,
        duration_minutes: option.durationMinutes,
        price_cents: option.priceCents,
        position: option.position,
      })),
    })),
    slots: slots.map((slot) => ({
      id: slot.id,
      offer_id: slot.offerId,
      start_at: iso(slot.startAt),
      end_at: iso(slot.endAt),
      is_available: slot.isAvailable,
      meeting_link: slot.meetingLink,
      notes: slot.notes,
      created_at: iso(slot.createdAt),
    })),
    bookings: bookingRows.map(({ booking, offerTitle, other }) => {
      const side = booking.helperId === user.id ? ('helper' as const) : ('seeker' as const);
      return {
        id: booking.id,
        side,
        offer: { id: booking.offerId, title: offerTitle },
        other_party: { id: other.id, display_name: other.displayName },
        status: booking.status,
        start_at: iso(booking.startAt),
        end_at: iso(booking.endAt),
        price_cents: booking.priceCents,
        currency: booking.currency,
        cancelled_at: isoOrNull(booking.cancelledAt),
        cancelled_by_me: booking.cancelledBy === null ? null : booking.cancelledBy === user.id,
        cancellation_reason: booking.cancellationReason,
        refund_status: booking.refundStatus,
        refund_cents: booking.refundCents,
        created_at: iso(booking.createdAt),
        payments: money.payments
          .filter((payment) => payment.bookingId === booking.id)
          .map((payment) => ({
            id: payment.id,
            amount_cents: payment.amountCents,
            application_fee_cents: side === 'helper' ? payment.applicationFeeCents : null,
            currency: payment.currency,
            status: payment.status,
            refunded_cents: payment.refundedCents,
            paid_at: isoOrNull(payment.paidAt),
            created_at: iso(payment.createdAt),
            refunds: money.refunds
              .filter((refund) => refund.paymentId === payment.id)
              .map((refund) => ({
                amount_cents: refund.amountCents,
                status: refund.status,
                cause: refund.cause,
                created_at: iso(refund.createdAt),
              })),
          })),
      };
    }),
    payout_account: payoutAccount
      ? {
          provider: payoutAccount.provider,
          details_submitted: payoutAccount.detailsSubmitted,
          charges_enabled: payoutAccount.chargesEnabled,
          payouts_enabled: payoutAccount.payoutsEnabled,
          created_at: iso(payoutAccount.createdAt),
        }
      : null,
    payouts: payouts.map((payout) => ({
      amount_cents: payout.amountCents,
      currency: payout.currency,
      status: payout.status,
      arrival_at: isoOrNull(payout.arrivalAt),
      created_at: iso(payout.createdAt),
    })),
    reviews_written: written.map((review) => ({
      id: review.id,
      booking_id: review.bookingId,
      rating: review.rating,
      comment: review.comment,
      created_at: iso(review.createdAt),
      removed_at: isoOrNull(review.removedAt),
    })),
    reviews_received: received.map(({ review, author }) => ({
      id: review.id,
      booking_id: review.bookingId,
      rating: review.rating,
      comment: review.comment,
      created_at: iso(review.createdAt),
      removed_at: isoOrNull(review.removedAt),
      author: { id: author.id, display_name: author.displayName },
    })),
    conversations: conversationRows.map(({ conversation, offerTitle, other, lastReadAt }) => ({
      id: conversation.id,
      offer: { id: conversation.offerId, title: offerTitle },
      other_party: { id: other.id, display_name: other.displayName },
      created_at: iso(conversation.createdAt),
      last_read_at: isoOrNull(lastReadAt),
      messages: messageRows
        .filter((message) => message.conversationId === conversation.id)
        .map((message) => {
          const mine = message.senderId === user.id;
          // What the person read of the other party: nothing of a masked or moderated message.
          const masked = !mine && !message.visible;
          const removed = message.removedAt !== null;
          return {
            id: message.id,
            mine,
            kind: message.kind,
            content: masked || (removed && !mine) ? null : message.content,
            masked,
            removed,
            sent_at: iso(message.sentAt),
          };
        }),
    })),
    support_messages: support.map(({ message, responses }) => ({
      id: message.id,
      user_name: message.userName,
      user_email: message.userEmail,
      subject: message.subject,
      message: message.message,
      status: message.status,
      priority: message.priority,
      created_at: iso(message.createdAt),
      responses: responses.map((response) => ({
        response_text: response.responseText,
        created_at: iso(response.createdAt),
      })),
    })),
    chat_sessions: chats.map(({ session, messages }) => ({
      id: session.id,
      subject: session.subject,
      status: session.status,
      created_at: iso(session.createdAt),
      // Admins write as the team (sender_name "Équipe Appui"): which admin it was is not the person's.
      messages: messages.map((line) => ({
        sender: line.sender,
        sender_name: line.senderName,
        content: line.content,
        created_at: iso(line.createdAt),
      })),
    })),
    reports_made: reportsMade.map((report) => ({
      id: report.id,
      target_type: report.targetType,
      target_id: report.targetId,
      reason: report.reason,
      detail: report.detail,
      status: report.status,
      created_at: iso(report.createdAt),
    })),
    blocks: blocks.map(({ block, blocked }) => ({
      blocked: { id: blocked.id, display_name: blocked.displayName },
      created_at: iso(block.createdAt),
    })),
    password_reset_requests: resets.map((reset) => ({
      created_at: iso(reset.createdAt),
      expires_at: iso(reset.expiresAt),
      used_at: isoOrNull(reset.usedAt),
    })),
  };
}

/** The export's file name: `appui-mes-donnees-YYYY-MM-DD.json`, the date in UTC. */
export function exportFileName(now: Date = new Date()): string {
  return dataRights.exportFileName(now.toISOString().slice(0, 10));
}

// ---------------------------------------------------------------------------------------------
// DELETE /users/me

/**
 * The password confirms an erasure. Each attempt draws on the account's budgets of password guesses
 * (login-failures.ts), like the profile's current-password check: a stolen token cannot guess more.
 */
async function checkErasurePassword(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  const source = fromSession(user.id);
  await countPasswordAttempt(ctx, user.email, source);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw forbidden(ErrorCode.CURRENT_PASSWORD_WRONG, trust.erasurePasswordWrong);
  }
  await passwordAccepted(ctx, user.email, source);
}

/**
 * Erases the account of `user` (issue 13 section 4, DESIGN.md section 8), once the password matches:
 * 1. one transaction takes the account out of play: offers soft-deleted, slots removed, the password
 *    replaced by an unknowable one and every token revoked, so nothing new is booked of them or by them
 *    while step 2 runs (if the process stops after it, a reset link gets the person back in to retry);
 * 2. upcoming bookings cancelled through the bookings service, each with its refund rule (as helper,
 *    a full refund; as seeker, the seeker's rule) and the other party told, under the names they knew;
 * 3. one transaction replaces the personal fields: the account's, and what support and the live chat
 *    copied of it; a last pass of step 2 ends any booking that slipped in between;
 * 4. after the commit: the avatar file deleted, a confirmation mailed to the old address.
 * Booking, payment and review rows stay, pointing at the anonymous row (accounting, the other party's
 * history). Nothing about the person is logged but their id.
 */
export async function eraseAccount(
  ctx: AppContext,
  user: UserRow,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  await checkErasurePassword(ctx, user, password);
  await eraseConfirmedAccount(ctx, user, now);
}

/** The erasure itself, once the person proved who they are (their password, or a mailed link). */
async function eraseConfirmedAccount(ctx: AppContext, user: UserRow, now: Date): Promise<void> {
  // Hashing is slow: before the transactions, so no lock waits on it.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const placeholder = `${randomUUID()}@${ERASED_EMAIL_DOMAIN}`;
  const withdraw = async (tx: Transaction) => {
    await removeOffersOfHelper(tx, user.id);
    await repo.deleteSlotsOf(tx, user.id);
  };

  await ctx.db.transaction(async (tx) => {
    await withdraw(tx);
    await replacePassword(tx, user.id, passwordHash);
  });
  forgetOfferSearchReuse(ctx);
  const reason = dataRights.erasureCancellationReason;
  const ended = await cancelUpcomingBookingsOf(ctx, user.id, reason, now, { rule: 'own-side' });

  await ctx.db.transaction(async (tx) => {
    await withdraw(tx);
    await repo.clearCopiedPersonalFields(tx, user.id, { name: trust.deletedAccount, email: placeholder });
    await eraseAccountFields(tx, user.id, { email: placeholder, label: trust.deletedAccount, passwordHash });
  });
  forgetOfferSearchReuse(ctx);
  const late = await cancelUpcomingBookingsOf(ctx, user.id, reason, now, { rule: 'own-side' });
  ctx.log.info(
    {
      userId: user.id,
      bookingsCancelled: ended.cancelled.length + late.cancelled.length,
      holdsReleased: ended.released.length + late.released.length,
    },
    'account erased',
  );

  await removeAvatar(ctx.config.dataDir, user.avatarUrl).catch((error: unknown) => {
    ctx.log.warn({ err: error, userId: user.id }, 'could not remove the avatar of an erased account');
  });
  await sendEach(
    ctx.mailer,
    ctx.log,
    [{ to: user.email, subject: dataRights.erasureMailSubject, text: dataRights.erasureMailText(nameOf(user)) }],
    { userId: user.id },
    'erasure confirmation mail could not be sent',
  );
}

// ---------------------------------------------------------------------------------------------
// Data rights by mailed link: whoever cannot log in (a suspended account, above all) keeps them.

const linkInvalid = () => badRequest(ErrorCode.INVALID_DATA_RIGHTS_LINK, dataRights.linkInvalid);

/**
 * POST /privacy/data-requests: always the same answer, at the same speed, like the password reset's
 * (mailLinkOnRequest). A known address (suspended or not; an erased one is unknown) gets a link valid
 * DATA_RIGHTS_LINK_TTL_HOURS, at most DATA_RIGHTS_MAILS_MAX per window. The token is never logged:
 * only its sha-256 is stored.
 */
export async function requestDataRightsLink(ctx: AppContext, email: string): Promise<{ message: string }> {
  await mailLinkOnRequest(
    ctx,
    email,
    { name: 'data-rights-mails', max: DATA_RIGHTS_MAILS_MAX, windowMinutes: DATA_RIGHTS_MAILS_WINDOW_MINUTES },
    () => mailDataRightsLink(ctx, email),
    'data rights link could not be sent',
  );
  return { message: dataRights.linkRequested };
}

async function mailDataRightsLink(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const { token, tokenHash } = newLinkToken();
  await repo.insertDataRightsLink(ctx.db, {
    userId: user.id,
    tokenHash,
    expiresAt: new Date(Date.now() + DATA_RIGHTS_LINK_TTL_HOURS * 3_600_000),
  });
  const link = `${ctx.config.publicUrl}${PAGE_PATTERNS.dataRights}?token=${encodeURIComponent(token)}`;
  await sendEach(
    ctx.mailer,
    ctx.log,
    [{ to: user.email, subject: dataRights.linkMailSubject, text: dataRights.linkMailText(nameOf(user), link) }],
    { userId: user.id },
    'data rights link could not be sent',
  );
}

/** The account a link was spent for; an unknown, expired or spent link is a French 400. */
async function accountOfLink(ctx: AppContext, token: string, use: 'export' | 'erasure'): Promise<UserRow> {
  const userId = await repo.spendDataRightsLink(ctx.db, hashLinkToken(token), use);
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user || user.erasedAt) throw linkInvalid();
  return user;
}

/** POST /privacy/data-requests/export: the same export as GET /users/me/export, once per link. */
export async function exportDataByLink(ctx: AppContext, token: string, now: Date = new Date()): Promise<DataExport> {
  const user = await accountOfLink(ctx, token, 'export');
  ctx.log.info({ userId: user.id }, 'data exported through a mailed link');
  return exportUserData(ctx, user, now);
}

/**
 * POST /privacy/data-requests/erase: the same erasure as DELETE /users/me, the mailed link standing
 * for the password (the person proved they read the mailbox). Spends the link.
 */
export async function eraseAccountByLink(ctx: AppContext, token: string, now: Date = new Date()): Promise<void> {
  const user = await accountOfLink(ctx, token, 'erasure');
  await eraseConfirmedAccount(ctx, user, now);
}
