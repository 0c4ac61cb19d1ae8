import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { conversationReads, conversations, messages } from '../../db/schema/messaging.ts';
import { offers, pricingOptions } from '../../db/schema/offers.ts';
import { paymentRefunds, payments, payouts } from '../../db/schema/payments.ts';
import { payoutAccounts } from '../../db/schema/payouts.ts';
import { slots } from '../../db/schema/slots.ts';
import { chatMessages, chatSessions, reports, supportMessages, supportResponses } from '../../db/schema/support.ts';
import { dataRightsLinks, emailVerifications, passwordResets, userBlocks, users } from '../../db/schema/users.ts';

/*
 * The data-rights module reads every table that holds something about a person (the export) and
 * clears the personal fields an erasure leaves in other modules' tables (support, live chat, slots).
 * Plain reads and narrow writes keyed by the person's id: going through each module's service would
 * mean a dozen functions that exist only for this, and the support and live-chat modules sit above
 * admin, which reports will call. Offers go through the offers service (its search caches), the user
 * row through the users service, bookings through the bookings service (the refund rules).
 */

const otherUser = alias(users, 'other_user');
const otherName = { id: otherUser.id, displayName: otherUser.displayName };

export async function listOffersWithOptions(db: Executor, helperId: string) {
  const offerRows = await db
    .select()
    .from(offers)
    .where(eq(offers.helperId, helperId))
    .orderBy(asc(offers.createdAt), asc(offers.id));
  const ids = offerRows.map((row) => row.id);
  const options =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(pricingOptions)
          .where(inArray(pricingOptions.offerId, ids))
          .orderBy(asc(pricingOptions.position));
  return offerRows.map((offer) => ({ offer, options: options.filter((option) => option.offerId === offer.id) }));
}

export async function listSlots(db: Executor, helperId: string) {
  return db.select().from(slots).where(eq(slots.helperId, helperId)).orderBy(asc(slots.startAt), asc(slots.id));
}

/** Bookings on both sides, with the offer's title and the other party's id and display name only. */
export async function listBookings(db: Executor, userId: string) {
  return db
    .select({
      booking: bookings,
      offerTitle: offers.title,
      other: otherName,
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(
      otherUser,
      or(
        and(eq(bookings.userId, userId), eq(otherUser.id, bookings.helperId)),
        and(eq(bookings.helperId, userId), eq(otherUser.id, bookings.userId)),
      ),
    )
    .where(or(eq(bookings.userId, userId), eq(bookings.helperId, userId)))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
}

export async function listPaymentsOfBookings(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return { payments: [], refunds: [] };
  const paymentRows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const paymentIds = paymentRows.map((row) => row.id);
  const refundRows =
    paymentIds.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.paymentId, paymentIds))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  return { payments: paymentRows, refunds: refundRows };
}

export async function findPayoutAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row;
}

export async function listPayouts(db: Executor, helperId: string) {
  return db.select().from(payouts).where(eq(payouts.helperId, helperId)).orderBy(asc(payouts.createdAt));
}

export async function listReviewsWritten(db: Executor, authorId: string) {
  return db.select().from(reviews).where(eq(reviews.authorId, authorId)).orderBy(asc(reviews.createdAt));
}

/** Reviews of the person as a helper, as their profile shows them: not those removed by moderation. */
export async function listReviewsReceived(db: Executor, helperId: string) {
  return db
    .select({ review: reviews, author: otherName })
    .from(reviews)
    .innerJoin(otherUser, eq(otherUser.id, reviews.authorId))
    .where(and(eq(reviews.helperId, helperId), isNull(reviews.removedAt)))
    .orderBy(asc(reviews.createdAt));
}

/** Conversations on both sides with the offer's title, the other party's name and the person's read mark. */
export async function listConversations(db: Executor, userId: string) {
  return db
    .select({
      conversation: conversations,
      offerTitle: offers.title,
      other: otherName,
      lastReadAt: conversationReads.lastReadAt,
    })
    .from(conversations)
    .innerJoin(offers, eq(offers.id, conversations.offerId))
    .innerJoin(
      otherUser,
      or(
        and(eq(conversations.userId, userId), eq(otherUser.id, conversations.helperId)),
        and(eq(conversations.helperId, userId), eq(otherUser.id, conversations.userId)),
      ),
    )
    .leftJoin(
      conversationReads,
      and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, userId)),
    )
    .where(or(eq(conversations.userId, userId), eq(conversations.helperId, userId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
}

export async function listMessagesOf(db: Executor, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(asc(messages.sentAt), asc(messages.id));
}

export async function listSupportMessages(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(asc(supportMessages.createdAt));
  const ids = rows.map((row) => row.id);
  const responses =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(supportResponses)
          .where(inArray(supportResponses.supportMessageId, ids))
          .orderBy(asc(supportResponses.createdAt));
  return rows.map((message) => ({
    message,
    responses: responses.filter((response) => response.supportMessageId === message.id),
  }));
}

export async function listChatSessions(db: Executor, userId: string) {
  const sessions = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(asc(chatSessions.createdAt));
  const ids = sessions.map((row) => row.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.sessionId, ids))
          .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return sessions.map((session) => ({ session, messages: lines.filter((line) => line.sessionId === session.id) }));
}

export async function listReportsMade(db: Executor, reporterId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, reporterId)).orderBy(asc(reports.createdAt));
}

export async function listBlocksMade(db: Executor, blockerId: string) {
  return db
    .select({ block: userBlocks, blocked: otherName })
    .from(userBlocks)
    .innerJoin(otherUser, eq(otherUser.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(asc(userBlocks.createdAt));
}

export async function listPasswordResets(db: Executor, userId: string) {
  return db
    .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(asc(passwordResets.createdAt));
}

// ---- erasure: the personal fields left in other tables ----

/**
 * What the contact form and the live chat copied from the account (name, address) becomes the erased
 * account's label and placeholder; the texts stay for the support team's record. The person's own
 * reset links and blocks go; a block of them by someone else stays that person's.
 */
export async function clearCopiedPersonalFields(
  db: Executor,
  userId: string,
  replacement: { name: string; email: string },
): Promise<void> {
  await db
    .update(supportMessages)
    .set({ userName: replacement.name, userEmail: replacement.email })
    .where(eq(supportMessages.userId, userId));
  await db
    .update(chatMessages)
    .set({ senderName: replacement.name })
    .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.sender, 'user')));
  await db.update(chatSessions).set({ guestName: null, guestEmail: null }).where(eq(chatSessions.userId, userId));
  await clearReportSnapshots(db, userId, replacement.name);
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  // Its rows hold the account's address and any it asked to move to.
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await db.delete(dataRightsLinks).where(eq(dataRightsLinks.userId, userId));
  await db.delete(userBlocks).where(eq(userBlocks.blockerId, userId));
}

// ---- data-rights links (mailed on request) ----

export async function insertDataRightsLink(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(dataRightsLinks).values(values);
}

/**
 * Spends a link for one use, in one statement so two concurrent uses cannot both pass: `export`
 * marks its one download, `erasure` spends the link for good. Answers the account's id, or undefined
 * for an unknown, expired or spent link (or one whose download was already made).
 */
export async function spendDataRightsLink(
  db: Executor,
  tokenHash: string,
  use: 'export' | 'erasure',
): Promise<string | undefined> {
  const valid = and(
    eq(dataRightsLinks.tokenHash, tokenHash),
    isNull(dataRightsLinks.usedAt),
    gt(dataRightsLinks.expiresAt, sql`now()`),
  );
  const [row] = await db
    .update(dataRightsLinks)
    .set(use === 'export' ? { exportedAt: sql`now()` } : { usedAt: sql`now()` })
    .where(use === 'export' ? and(valid, isNull(dataRightsLinks.exportedAt)) : valid)
    .returning({ userId: dataRightsLinks.userId });
  return row?.userId;
}

/**
 * What reports copied of the person (review R6): the author's name in every snapshot of their content,
 * the username and bio of a profile report, their name on the lines of a live chat of theirs. The
 * reported words (a message, an offer, a review) stay for the moderation team, signed with the label.
 */
async function clearReportSnapshots(db: Executor, userId: string, label: string): Promise<void> {
  await db
    .update(reports)
    .set({ snapshot: sql`${reports.snapshot} || jsonb_build_object('author_name', ${label}::text)` })
    .where(sql`${reports.snapshot} ->> 'author_id' = ${userId}::text`);
  await db
    .update(reports)
    .set({ snapshot: sql`${reports.snapshot} || jsonb_build_object('username', null, 'bio', null)` })
    .where(and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)));
  await db
    .update(reports)
    .set({
      snapshot: sql`jsonb_set(${reports.snapshot}, '{messages}', (
        SELECT coalesce(jsonb_agg(
          CASE WHEN line ->> 'sender' = 'user' THEN line || jsonb_build_object('sender_name', ${label}::text) ELSE line END
          ORDER BY position), '[]'::jsonb)
        FROM jsonb_array_elements(${reports.snapshot} -> 'messages') WITH ORDINALITY AS lines(line, position)))`,
    })
    .where(
      and(
        eq(reports.targetType, 'chat_session'),
        sql`${reports.snapshot} ->> 'owner_id' = ${userId}::text`,
        sql`jsonb_typeof(${reports.snapshot} -> 'messages') = 'array'`,
      ),
    );
}

/** Every slot of the helper goes: an erased helper proposes no time any more. */
export async function deleteSlotsOf(db: Executor, helperId: string): Promise<void> {
  await db.delete(slots).where(eq(slots.helperId, helperId));
}
