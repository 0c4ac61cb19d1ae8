import { eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payouts, type PayoutRow, type PayoutStatus } from '../../db/schema/payments.ts';
import { payoutAccounts } from '../../db/schema/payouts.ts';

export type PayoutRecord = {
  providerPayoutId: string;
  helperId: string;
  amountCents: number;
  currency: PayoutRow['currency'];
  status: PayoutStatus;
  arrivalAt: Date | null;
};

/** The helper whose connected account this is (payout events name the account, not the person). */
export async function helperOfAccount(db: Executor, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.accountId, accountId))
    .limit(1);
  return row?.userId;
}

/**
 * Stores a payout, or moves a stored one forward: `pending` may become `paid` or `failed`, a final
 * state never changes again. So `payout.paid` before `payout.created` (Stripe does not promise the
 * order) leaves the payout paid, and two deliveries racing on one payout serialise on its unique id.
 */
export async function upsertPayout(db: Executor, record: PayoutRecord, now: Date): Promise<void> {
  await db
    .insert(payouts)
    .values({ ...record, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: payouts.providerPayoutId,
      set: {
        status: record.status,
        arrivalAt: sql`coalesce(excluded.arrival_at, ${payouts.arrivalAt})`,
        updatedAt: now,
      },
      setWhere: sql`${payouts.status} = 'pending' and excluded.status <> 'pending'`,
    });
}

/** The highest request number of each currency the helper asked a payout in (payouts.request_number). */
export async function lastPayoutRequestNumbers(db: Executor, helperId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: payouts.currency, last: max(payouts.requestNumber) })
    .from(payouts)
    .where(eq(payouts.helperId, helperId))
    .groupBy(payouts.currency);
  return new Map(rows.map((row) => [row.currency, row.last ?? 0]));
}

/**
 * A payout the app asked for, recorded pending before the provider is told, so that the balance read
 * next (by anyone) already counts it. Its events then find it by its provider id (upsertPayout).
 */
export async function insertRequestedPayout(
  db: Executor,
  record: Omit<PayoutRecord, 'status' | 'arrivalAt'> & { requestNumber: number },
  now: Date,
): Promise<void> {
  await db.insert(payouts).values({ ...record, status: 'pending', createdAt: now, updatedAt: now });
}
