import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { bookings } from './schema/bookings.ts';
import { offers } from './schema/offers.ts';
import type { payments } from './schema/payments.ts';
import { users } from './schema/users.ts';

// Here rather than in the payments module: the seed and the tests' payment factory write paid rows
// too, and payments_receipt_snapshot_check wants these columns on each.

export type ReceiptSnapshot = Pick<
  typeof payments.$inferInsert,
  'receiptOfferTitle' | 'receiptHelperName' | 'receiptSeekerName' | 'receiptSessionStartAt'
>;

const helperUser = alias(users, 'receipt_helper');
const seekerUser = alias(users, 'receipt_seeker');
const nameOf = (person: typeof helperUser | typeof seekerUser) =>
  sql<string>`coalesce(${person.displayName}, ${person.username}, '')`;

/**
 * What a paid booking's receipt prints, read now (the payment's transaction): kept on the payment row
 * so that a renamed offer or a changed name never rewrites a paid receipt. The migration that added
 * these columns filled them the same way for the rows paid before.
 */
export async function receiptSnapshotOf(db: Executor, bookingId: string): Promise<ReceiptSnapshot> {
  const [row] = await db
    .select({
      receiptOfferTitle: sql<string>`coalesce(${offers.title}, '')`,
      receiptHelperName: nameOf(helperUser),
      receiptSeekerName: nameOf(seekerUser),
      receiptSessionStartAt: bookings.startAt,
    })
    .from(bookings)
    .leftJoin(offers, eq(offers.id, bookings.offerId))
    .leftJoin(helperUser, eq(helperUser.id, bookings.helperId))
    .leftJoin(seekerUser, eq(seekerUser.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error('receipt of an unknown booking');
  return row;
}
