import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutAccounts, type PayoutAccountRow } from '../../db/schema/payouts.ts';

export async function findPayoutAccount(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return account;
}
