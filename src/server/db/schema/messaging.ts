import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MESSAGE_KINDS } from '#shared/constants.ts';
import { oneOf } from './checks.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';

/**
 * A conversation is one seeker and one offer (DESIGN.md section 6); its helper is the offer's helper,
 * held by a composite foreign key like bookings'. `last_message_at` orders the list and is updated
 * under the row lock that also orders the messages (messaging.repository.ts).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id').notNull(),
    helperId: uuid('helper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_offer_user_key').on(t.offerId, t.userId),
    index('conversations_helper_idx').on(t.helperId, t.lastMessageAt.desc()),
    index('conversations_user_idx').on(t.userId, t.lastMessageAt.desc()),
    check('conversations_parties_check', sql`${t.helperId} <> ${t.userId}`),
    foreignKey({
      name: 'conversations_offer_helper_fk',
      columns: [t.offerId, t.helperId],
      foreignColumns: [offers.id, offers.helperId],
    }).onDelete('cascade'),
  ],
);

/**
 * `sent_at` is `clock_timestamp()` taken after the conversation row is locked, so within one
 * conversation the commit order is the `(sent_at, id)` order and a catch-up "after this message"
 * never skips a message that committed late. `sender_id` is null for system notices.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    visible: boolean('visible').notNull().default(true),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('text'),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** Removed by an admin after a report (issue 13): shown as removed, content kept for the record. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.sentAt, t.id),
    // Masked messages waiting for a booking: the reveal finds them without reading every message.
    index('messages_masked_idx')
      .on(t.conversationId)
      .where(sql`NOT visible`),
    check('messages_kind_check', oneOf(t.kind, MESSAGE_KINDS)),
    check('messages_content_check', sql`char_length(${t.content}) BETWEEN 1 AND 8000`),
  ],
);

/**
 * Read state kept by the server (DESIGN.md section 8): follows the user across devices.
 * `last_notified_at` throttles the "new message" mail to one per conversation per 15 minutes.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * Who has an app socket open, per process: the "new message" mail goes only to someone connected to
 * no process. Each process refreshes its rows (`seen_at`) and a row older than the presence TTL counts
 * as gone, so a killed process stops counting by itself.
 */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    connections: integer('connections').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    check('user_presence_connections_check', sql`${t.connections} >= 0`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationReadRow = typeof conversationReads.$inferSelect;
