import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '#shared/constants.ts';
import { oneOf } from './checks.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * When the person proved they read `email` (a link mailed at signup or after a change of
     * address). Until then they browse but cannot book, pay, write, publish or become a helper.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    role: text('role', { enum: ROLES }).notNull().default('helpee'),
    /** Bumped on password reset: every token issued before stops working at once. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Suspended by an admin after a report (issue 13): cannot log in, cannot be found. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Erased at the person's request (RGPD, issue 13): personal fields replaced, row kept for accounting. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail is unique whatever its case: Alice@x.fr and alice@x.fr are one person.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_token_version_check', sql`${t.tokenVersion} >= 0`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the random token: a database leak does not leak usable links. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Links mailed on request to exercise one's data rights without logging in (a suspended account
 * cannot): one export and one erasure at most per link, until `expires_at`. Like password_resets,
 * only the sha-256 of the token is stored.
 */
export const dataRightsLinks = pgTable(
  'data_rights_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the export was downloaded with this link (once per link). */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /** When the link was spent for good: the account erased with it, or by any other way. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_rights_links_token_hash_key').on(t.tokenHash),
    index('data_rights_links_user_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type DataRightsLinkRow = typeof dataRightsLinks.$inferSelect;

/**
 * A link mailed to prove an address: the account's own (signup, resend) or the new one it asked to
 * move to. Only the token's sha-256 is stored; a link is spent once, and asking again spends the
 * older ones of the account.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link proves: the account's e-mail, or the one it will move to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/**
 * A block (issue 13 section 2): either direction stops new conversations, messages and bookings
 * between the two, and hides each from the other's search and profile views.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export type UserBlockRow = typeof userBlocks.$inferSelect;

/**
 * A helper's acceptance of one version of the helper charter (HELPER_CHARTER_VERSION): one row per
 * version, kept when a newer one comes, so the date each text was accepted stays known. Becoming a
 * helper and publishing an offer need a row for the current version.
 */
export const helperCharterAcceptances = pgTable(
  'helper_charter_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);

export type HelperCharterAcceptanceRow = typeof helperCharterAcceptances.$inferSelect;
