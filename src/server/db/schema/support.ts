import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CHAT_SENDERS,
  CHAT_SESSION_STATUSES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SUPPORT_MESSAGE_STATUSES,
  SUPPORT_PRIORITIES,
} from '#shared/constants.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * Support centre (spec 2 sections 2, 3 and 4). The contact form needs a login: `user_id` is the
 * author; `user_name` is what the form said (prefilled from the account), `user_email` the account's
 * address when it wrote (answers go to the account's address of the moment).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_MESSAGE_STATUSES }).notNull().default('open'),
    priority: text('priority', { enum: SUPPORT_PRIORITIES }).notNull().default('normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.createdAt.desc()),
    index('support_messages_status_idx').on(t.status, t.createdAt.desc()),
    check('support_messages_status_check', oneOf(t.status, SUPPORT_MESSAGE_STATUSES)),
    check('support_messages_priority_check', oneOf(t.priority, SUPPORT_PRIORITIES)),
  ],
);

export const supportResponses = pgTable(
  'support_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supportMessageId: uuid('support_message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    responseText: text('response_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_responses_message_idx').on(t.supportMessageId, t.createdAt)],
);

/**
 * Live chat (spec 2 sections 2, 3, 4 and 7). A guest's session is reached with its `session_token`,
 * given once at creation and stored as a SHA-256 digest; a user's session by its owner's token.
 * The session token ends CHAT_SESSION_TOKEN_GRACE_MS after `closed_at` (set when the session is
 * first closed or archived) and, for an account's session, when the account's token_version moves
 * past `owner_token_version` (its value when the token was given): a password change, a suspension
 * or an erasure ends it as it ends the account's own tokens (chat-access.ts).
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: CHAT_SESSION_STATUSES }).notNull().default('open'),
    sessionTokenHash: text('session_token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    subject: text('subject').notNull(),
    assignedAdminId: uuid('assigned_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Null for a guest's session (no account): its token ends with the chat only. */
    ownerTokenVersion: integer('owner_token_version'),
  },
  (t) => [
    index('chat_sessions_status_idx').on(t.status, t.lastMessageAt.desc()),
    index('chat_sessions_user_idx').on(t.userId),
    check('chat_sessions_status_check', oneOf(t.status, CHAT_SESSION_STATUSES)),
    // A finished session always says since when: its token's grace period counts from there.
    check('chat_sessions_closed_at_check', sql`(${t.status} IN ('closed', 'archived')) = (${t.closedAt} IS NOT NULL)`),
  ],
);

/** `created_at` is clock_timestamp(): with the session row locked, commit order is (created_at, id) order. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.createdAt, t.id),
    check('chat_messages_sender_check', oneOf(t.sender, CHAT_SENDERS)),
    check('chat_messages_content_check', sql`char_length(${t.content}) BETWEEN 1 AND 8000`),
  ],
);

/** Every admin action: who, what, on which target, the state before and after, when (issue 12 section 3). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt.desc()),
    index('admin_audit_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Reports (DESIGN.md section 8; built by the trust-and-safety issue). Created now because the admin
 * dashboard counts pending reports (spec 2 section 3) and must count real rows.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    snapshot: jsonb('snapshot'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    decision: text('decision'),
    adminNote: text('admin_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt.desc()),
    // One open report per reporter and target (issue 13 section 1).
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`status = 'pending'`),
    check('reports_status_check', oneOf(t.status, REPORT_STATUSES)),
    check('reports_target_type_check', oneOf(t.targetType, REPORT_TARGET_TYPES)),
  ],
);

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportResponseRow = typeof supportResponses.$inferSelect;
export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type AdminAuditRow = typeof adminAudit.$inferSelect;
