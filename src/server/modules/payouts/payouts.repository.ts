import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutAccounts, type PayoutAccountRow } from '../../db/schema/payouts.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export type PayoutFlags = Pick<PayoutAccountRow, 'detailsSubmitted' | 'chargesEnabled' | 'payoutsEnabled'>;

export async function findPayoutAccountOfUser(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return account;
}

/**
 * The person an administrator's test onboarding is for. Read here rather than through the users
 * service: the users module reads payout accounts through this module's service (identity badge).
 */
export async function findAccountHolder(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Records the helper's account; a concurrent request that stored one first wins (the provider's
 * idempotency key gave both the same account anyway). A row of the other provider (the keys were set
 * or removed since) is replaced: its account does not exist on this side.
 */
export async function savePayoutAccount(
  db: Executor,
  values: { userId: string; provider: PayoutAccountRow['provider']; accountId: string },
  now: Date,
): Promise<PayoutAccountRow> {
  const [row] = await db
    .insert(payoutAccounts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: {
        provider: values.provider,
        accountId: values.accountId,
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        updatedAt: now,
      },
      setWhere: eq(payoutAccounts.provider, values.provider === 'local' ? 'stripe' : 'local'),
    })
    .returning();
  const account = row ?? (await findPayoutAccountOfUser(db, values.userId));
  if (!account) throw new Error('payout account not stored');
  return account;
}

/** The account's three flags as the provider reports them; undefined when we hold no such account. */
export async function updatePayoutFlags(
  db: Executor,
  accountId: string,
  flags: PayoutFlags,
  now: Date,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...flags, updatedAt: now })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning();
  return row;
}
