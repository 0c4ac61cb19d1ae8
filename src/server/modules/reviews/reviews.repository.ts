import { and, avg, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews, type BookingRow, type ReviewRow } from '../../db/schema/bookings.ts';
import { users } from '../../db/schema/users.ts';

export type ReviewWithAuthor = {
  review: ReviewRow;
  author: { id: string; displayName: string | null; username: string | null; avatarUrl: string | null };
};

export async function findBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

export async function insertReview(db: Executor, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('review not inserted');
  return row;
}

function selectWithAuthor(db: Executor) {
  return db
    .select({
      review: reviews,
      author: { id: users.id, displayName: users.displayName, username: users.username, avatarUrl: users.avatarUrl },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId));
}

export async function findReviewWithAuthor(db: Executor, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await selectWithAuthor(db).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function listReviews(
  db: Executor,
  helperId: string | undefined,
  skip: number,
  limit: number,
): Promise<ReviewWithAuthor[]> {
  // A review removed by moderation (issue 13 section 1) is shown nowhere and counts in no rating.
  const conditions: SQL[] = [isNull(reviews.removedAt), ...(helperId ? [eq(reviews.helperId, helperId)] : [])];
  return selectWithAuthor(db)
    .where(and(...conditions))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(skip)
    .limit(limit);
}

export async function findReview(db: Executor, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function deleteReview(db: Executor, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}

export async function reviewSummary(
  db: Executor,
  helperId: string,
): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: avg(reviews.rating), n: count() })
    .from(reviews)
    .where(and(eq(reviews.helperId, helperId), isNull(reviews.removedAt)));
  return { average: row?.average == null ? null : Number(row.average), count: row?.n ?? 0 };
}

/** A report's decision: the review is removed (kept for the record, shown nowhere). False if it was already. */
export async function markReviewRemoved(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ removedAt: sql`now()` })
    .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}
