import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { conversationReads, conversations, messages, type ConversationRow } from '../../db/schema/messaging.ts';
import { offers } from '../../db/schema/offers.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../db/like-pattern.ts';

/*
 * Messaging reads the bookings table directly (chat enablement, masking): importing the bookings
 * module would make a module cycle, since bookings calls messaging (cancellation notice, reveal).
 */

export type MessageSender = { id: string; displayName: string | null; email: string };

/** A message row with its sender (null for a system notice or a deleted account). */
export type MessageWithSender = {
  message: typeof messages.$inferSelect;
  sender: MessageSender | null;
};

/** Runs a raw statement and answers its rows (the same shape from PGlite and node-postgres). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

function selectMessages(db: Executor) {
  return db
    .select({
      message: messages,
      sender: { id: users.id, displayName: users.displayName, email: users.email },
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId));
}

export async function findMessage(db: Executor, id: string): Promise<MessageWithSender | undefined> {
  const [row] = await selectMessages(db).where(eq(messages.id, id)).limit(1);
  return row;
}

export async function findMessagesByIds(db: Executor, ids: string[]): Promise<MessageWithSender[]> {
  if (ids.length === 0) return [];
  return selectMessages(db).where(inArray(messages.id, ids));
}

export type OfferFacts = { id: string; helperId: string; visible: boolean; deletedAt: Date | null };

export async function findOffer(db: Executor, offerId: string): Promise<OfferFacts | undefined> {
  const [row] = await db
    .select({ id: offers.id, helperId: offers.helperId, visible: offers.visible, deletedAt: offers.deletedAt })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  return row;
}

/**
 * The conversation of this seeker and offer, created if missing. Concurrent calls make one row: the
 * unique index (offer_id, user_id) lets one insert through and the others read it.
 */
export async function ensureConversation(
  db: Executor,
  values: { offerId: string; helperId: string; userId: string },
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  if (inserted) return { conversation: inserted, created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.offerId, values.offerId), eq(conversations.userId, values.userId)))
    .limit(1);
  if (!existing) throw new Error('conversation neither inserted nor found');
  return { conversation: existing, created: false };
}

export async function findConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}

/** Locks the conversation row: messages of one conversation are inserted one after the other. */
export async function lockConversation(db: Executor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).for('update').limit(1);
  return row;
}

/** Locks every conversation between a helper (any of their offers) and a seeker, in id order. */
export async function lockConversationsBetween(db: Executor, helperId: string, seekerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.helperId, helperId), eq(conversations.userId, seekerId)))
    .orderBy(asc(conversations.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The seeker has a booking with that helper whose status is not cancelled (spec 2 section 4). */
export async function hasNonCancelledBooking(db: Executor, seekerId: string, helperId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, seekerId), eq(bookings.helperId, helperId), sql`${bookings.status} <> 'cancelled'`))
    .limit(1);
  return rows.length > 0;
}

/** The two parties share a confirmed booking (scheduled, paid or completed), on any offer of the helper. */
export async function shareConfirmedBooking(db: Executor, helperId: string, seekerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, seekerId),
        eq(bookings.helperId, helperId),
        sql`${bookings.status} IN ('scheduled', 'paid', 'completed')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The user already wrote a message (a notice does not count) in the conversation. */
export async function hasSentMessage(db: Executor, conversationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, userId), eq(messages.kind, 'text')))
    .limit(1);
  return rows.length > 0;
}

/**
 * The sender's latest text messages in the conversation within the window, oldest first: a phone
 * number split over several messages ("06 12 34", then "56 78") is read whole (masking).
 */
export async function recentTextsOf(
  db: Executor,
  conversationId: string,
  senderId: string,
  count: number,
  windowMinutes: number,
): Promise<string[]> {
  const rows = await db
    .select({ content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.kind, 'text'),
        sql`${messages.sentAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(count);
  return rows.map((row) => row.content).reverse();
}

/**
 * Inserts a message (its `sent_at` is the default clock_timestamp(), taken now, after the caller
 * locked the conversation), moves the conversation's `last_message_at`, and marks it read for its
 * sender: one's own message is read. Run inside the transaction that holds the conversation lock.
 */
export async function insertMessage(
  db: Executor,
  values: {
    conversationId: string;
    senderId: string | null;
    content: string;
    visible: boolean;
    kind: 'text' | 'cancellation' | 'system';
  },
): Promise<string> {
  const [row] = await db.insert(messages).values(values).returning({ id: messages.id, sentAt: messages.sentAt });
  if (!row) throw new Error('message not inserted');
  await db.execute(sql`
    UPDATE conversations SET last_message_at = m.sent_at
    FROM messages m WHERE m.id = ${row.id} AND conversations.id = m.conversation_id`);
  if (values.senderId) await markReadUpTo(db, values.conversationId, values.senderId, row.id);
  return row.id;
}

/**
 * Moves the user's read mark up to that message's `sent_at`, never back (GREATEST), creating the row
 * if missing. Done in SQL so the mark keeps `sent_at`'s microseconds. Answers the new mark.
 */
export async function markReadUpTo(
  db: Executor,
  conversationId: string,
  userId: string,
  messageId: string,
): Promise<Date | null> {
  const rows = await rowsOf<{ last_read_at: string | Date | null }>(
    db,
    sql`
    INSERT INTO conversation_reads (conversation_id, user_id, last_read_at)
    SELECT ${conversationId}, ${userId}, m.sent_at FROM messages m
    WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId}
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET last_read_at = GREATEST(conversation_reads.last_read_at, EXCLUDED.last_read_at)
    RETURNING last_read_at`,
  );
  const value = rows[0]?.last_read_at;
  return value == null ? null : new Date(value);
}

export async function findLastReadAt(db: Executor, conversationId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastReadAt: conversationReads.lastReadAt })
    .from(conversationReads)
    .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
    .limit(1);
  return row?.lastReadAt ?? null;
}

/**
 * How many messages of a conversation the user has not read: not their own (a notice they did not
 * send counts), after their read mark. The mark is read once per conversation, then the count is a
 * range of the (conversation_id, sent_at, id) index.
 */
function unreadCountOf(conversationId: SQL, userId: string): SQL<number> {
  return sql<number>`(SELECT count(*) FROM messages m
    WHERE m.conversation_id = ${conversationId}
      AND m.sent_at > COALESCE((SELECT r.last_read_at FROM conversation_reads r
        WHERE r.conversation_id = ${conversationId} AND r.user_id = ${userId}), '-infinity'::timestamptz)
      AND m.sender_id IS DISTINCT FROM ${userId})`;
}

export async function countUnreadIn(db: Executor, userId: string, conversationId: string): Promise<number> {
  const rows = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT ${unreadCountOf(sql`${conversationId}::uuid`, userId)} AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Unread messages of the user over all their conversations, and how many conversations have some. */
export async function unreadTotals(db: Executor, userId: string): Promise<{ total: number; conversations: number }> {
  const rows = await rowsOf<{ total: string | number; conversations: string | number }>(
    db,
    sql`SELECT COALESCE(sum(n), 0) AS total, count(*) FILTER (WHERE n > 0) AS conversations
    FROM (SELECT ${unreadCountOf(sql`c.id`, userId)} AS n FROM conversations c
      WHERE c.helper_id = ${userId} OR c.user_id = ${userId}) AS per_conversation`,
  );
  const row = rows[0];
  return { total: Number(row?.total ?? 0), conversations: Number(row?.conversations ?? 0) };
}

/** Messages of a conversation, oldest first, around a cursor (see MessageListQuerySchema). */
export async function listMessages(
  db: Executor,
  conversationId: string,
  page: { limit: number; before?: string; after?: string },
): Promise<MessageWithSender[]> {
  const inConversation = eq(messages.conversationId, conversationId);
  const cursor = (id: string) =>
    sql`(SELECT c.sent_at, c.id FROM messages c WHERE c.id = ${id} AND c.conversation_id = ${conversationId})`;
  if (page.after) {
    return selectMessages(db)
      .where(and(inConversation, sql`(${messages.sentAt}, ${messages.id}) > ${cursor(page.after)}`))
      .orderBy(asc(messages.sentAt), asc(messages.id))
      .limit(page.limit);
  }
  const rows = await selectMessages(db)
    .where(
      and(inConversation, page.before ? sql`(${messages.sentAt}, ${messages.id}) < ${cursor(page.before)}` : undefined),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(page.limit);
  return rows.reverse();
}

const helperUser = alias(users, 'helper_user');
const seekerUser = alias(users, 'seeker_user');

const partyColumns = (table: typeof helperUser | typeof seekerUser) => ({
  id: table.id,
  displayName: table.displayName,
  username: table.username,
  avatarUrl: table.avatarUrl,
});

/** A conversation with its offer, its parties and, for one viewer, the facts of the list. */
export type ConversationListRow = {
  conversation: ConversationRow;
  offer: { id: string; title: string };
  helper: { id: string; displayName: string | null; username: string | null; avatarUrl: string | null };
  user: { id: string; displayName: string | null; username: string | null; avatarUrl: string | null };
  unreadCount: number;
  lastMessageId: string | null;
  hasSentMessage: boolean;
  hasNonCancelledBooking: boolean;
};

function selectConversationsFor(db: Executor, viewerId: string) {
  return db
    .select({
      conversation: conversations,
      offer: { id: offers.id, title: offers.title },
      helper: partyColumns(helperUser),
      user: partyColumns(seekerUser),
      unreadCount: unreadCountOf(sql`${conversations.id}`, viewerId).mapWith(Number),
      lastMessageId: sql<string | null>`(SELECT m.id FROM messages m
        WHERE m.conversation_id = ${conversations.id} ORDER BY m.sent_at DESC, m.id DESC LIMIT 1)`,
      hasSentMessage: sql<boolean>`EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversations.id}
        AND m.sender_id = ${viewerId} AND m.kind = 'text')`,
      hasNonCancelledBooking: sql<boolean>`EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = ${viewerId}
        AND b.helper_id = ${conversations.helperId} AND b.status <> 'cancelled')`,
    })
    .from(conversations)
    .innerJoin(offers, eq(offers.id, conversations.offerId))
    .innerJoin(helperUser, eq(helperUser.id, conversations.helperId))
    .innerJoin(seekerUser, eq(seekerUser.id, conversations.userId));
}

/**
 * The viewer's conversations (as helper or seeker), latest activity first. `search` matches, accent-
 * and case-insensitively, the other party's name, the offer title, or a message's content, except a
 * masked message the viewer did not write, and a message removed by moderation (for both parties,
 * its author too): finding the conversation by those words would reveal what is no longer shown.
 */
export async function listConversationsFor(
  db: Executor,
  viewerId: string,
  page: { search?: string; skip: number; limit: number },
): Promise<ConversationListRow[]> {
  const search = page.search?.trim();
  let matches: SQL | undefined;
  if (search) {
    const pattern = sql`appui_unaccent(lower(${containsPattern(search)}))`;
    const like = (column: SQL) => sql`appui_unaccent(lower(${column})) LIKE ${pattern}`;
    const other = (helperColumn: SQL, seekerColumn: SQL) =>
      sql`CASE WHEN ${conversations.helperId} = ${viewerId} THEN ${seekerColumn} ELSE ${helperColumn} END`;
    matches = sql`(
      ${like(other(sql`${helperUser.displayName}`, sql`${seekerUser.displayName}`))}
      OR ${like(other(sql`${helperUser.username}`, sql`${seekerUser.username}`))}
      OR ${like(sql`${offers.title}`)}
      OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = ${conversations.id}
        AND m.removed_at IS NULL AND (m.visible OR m.sender_id = ${viewerId}) AND ${like(sql`m.content`)}))`;
  }
  return selectConversationsFor(db, viewerId)
    .where(and(sql`(${conversations.helperId} = ${viewerId} OR ${conversations.userId} = ${viewerId})`, matches))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.createdAt), desc(conversations.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function findConversationFor(
  db: Executor,
  viewerId: string,
  conversationId: string,
): Promise<ConversationListRow | undefined> {
  const [row] = await selectConversationsFor(db, viewerId).where(eq(conversations.id, conversationId)).limit(1);
  return row;
}

/** Reveals the masked messages of those conversations; answers the ids of the conversations touched. */
export async function revealMessages(db: Executor, conversationIds: string[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .update(messages)
    .set({ visible: true })
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.visible, false)))
    .returning({ conversationId: messages.conversationId });
  return [...new Set(rows.map((row) => row.conversationId))];
}

/**
 * Claims the "new message" mail of a conversation for a user: at most one per throttle window.
 * Answers true when this call won the claim (the row is created if missing).
 */
export async function claimMessageMail(
  db: Executor,
  conversationId: string,
  userId: string,
  throttleMinutes: number,
): Promise<boolean> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`
    INSERT INTO conversation_reads (conversation_id, user_id, last_notified_at)
    VALUES (${conversationId}, ${userId}, now())
    ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_notified_at = now()
      WHERE conversation_reads.last_notified_at IS NULL
         OR conversation_reads.last_notified_at < now() - make_interval(mins => ${throttleMinutes})
    RETURNING user_id`,
  );
  return rows.length > 0;
}

/** What the "new message" mail names: the recipient's address, the sender's name, the offer title. */
export async function findMailFacts(
  db: Executor,
  conversationId: string,
  senderId: string,
  recipientId: string,
): Promise<
  | {
      offerTitle: string;
      sender: { displayName: string | null; username: string | null };
      recipient: { email: string; displayName: string | null; username: string | null };
    }
  | undefined
> {
  const senderUser = alias(users, 'sender_user');
  const recipientUser = alias(users, 'recipient_user');
  const [row] = await db
    .select({
      offerTitle: offers.title,
      sender: { displayName: senderUser.displayName, username: senderUser.username },
      recipient: {
        email: recipientUser.email,
        displayName: recipientUser.displayName,
        username: recipientUser.username,
      },
    })
    .from(conversations)
    .innerJoin(offers, eq(offers.id, conversations.offerId))
    .innerJoin(senderUser, eq(senderUser.id, senderId))
    .innerJoin(recipientUser, eq(recipientUser.id, recipientId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row;
}

/**
 * A report's decision: the message is removed (removed_at set, its content kept for the record).
 * Answers its conversation's parties, or undefined when it was already removed or does not exist.
 */
export async function markMessageRemoved(
  db: Executor,
  id: string,
): Promise<{ conversationId: string; helperId: string; userId: string } | undefined> {
  const [row] = await db
    .update(messages)
    .set({ removedAt: sql`now()` })
    .where(and(eq(messages.id, id), sql`${messages.removedAt} IS NULL`))
    .returning({ conversationId: messages.conversationId });
  if (!row) return undefined;
  const [conversation] = await db
    .select({ helperId: conversations.helperId, userId: conversations.userId })
    .from(conversations)
    .where(eq(conversations.id, row.conversationId))
    .limit(1);
  return conversation && { conversationId: row.conversationId, ...conversation };
}
