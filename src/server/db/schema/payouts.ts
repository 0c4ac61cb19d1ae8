import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

export const PAYOUT_PROVIDERS = ['stripe', 'local'] as const;

export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    accountId: text('account_id').notNull().unique(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payout_accounts_provider_check', oneOf(t.provider, PAYOUT_PROVIDERS))],
);

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
