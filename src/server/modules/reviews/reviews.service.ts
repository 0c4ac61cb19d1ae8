import { ErrorCode } from '#shared/error-codes.ts';
import { booking as bookingMessages, reviews as reviewMessages } from '#shared/messages/bookings.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { Review, ReviewCreate, ReviewSummary } from '#shared/schemas/reviews.ts';
import type { AppContext } from '../../app-types.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { conflict, forbidden, notFound, pgConstraint, pgErrorCode, PgErrorCode } from '../../errors.ts';
import {
  deleteReview as deleteReviewRow,
  findBooking,
  findReview,
  findReviewWithAuthor,
  insertReview,
  markReviewRemoved,
  listReviews as listReviewRows,
  reviewSummary,
  type ReviewWithAuthor,
} from './reviews.repository.ts';
import { isActiveAccount } from '../../lib/account-state.ts';

export function toReviewDto({ review, author }: ReviewWithAuthor): Review {
  return {
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    created_at: review.createdAt.toISOString(),
    helper_id: review.helperId,
    booking_id: review.bookingId,
    author: {
      id: author.id,
      display_name: author.displayName,
      username: author.username,
      avatar_url: author.avatarUrl,
    },
  };
}

/**
 * One review per completed booking, by its seeker (DESIGN.md section 8); the unique index decides races.
 * Someone who may not see the booking (neither a party nor an admin) gets the same 404 as for an
 * unknown id: a 403 would confirm that the booking exists (issue 8, "404 for strangers").
 */
export async function createReview(ctx: AppContext, author: UserRow, input: ReviewCreate): Promise<Review> {
  const booking = await findBooking(ctx.db, input.booking_id);
  const maySee = booking && (author.id === booking.userId || author.id === booking.helperId || author.role === 'admin');
  if (!booking || !maySee) throw notFound(ErrorCode.BOOKING_NOT_FOUND, bookingMessages.notFound);
  if (booking.userId !== author.id || booking.status !== 'completed') {
    throw forbidden(ErrorCode.REVIEW_NOT_ALLOWED, reviewMessages.notAllowed);
  }
  let id: string;
  try {
    const row = await insertReview(ctx.db, {
      bookingId: booking.id,
      helperId: booking.helperId,
      authorId: author.id,
      rating: input.rating,
      comment: input.comment,
    });
    id = row.id;
  } catch (error) {
    if (pgErrorCode(error) === PgErrorCode.uniqueViolation && pgConstraint(error) === 'reviews_booking_key') {
      throw conflict(ErrorCode.REVIEW_ALREADY_EXISTS, reviewMessages.alreadyExists);
    }
    throw error;
  }
  const created = await findReviewWithAuthor(ctx.db, id);
  if (!created) throw notFound(ErrorCode.REVIEW_NOT_FOUND, reviewMessages.notFound);
  return toReviewDto(created);
}

export async function listReviews(
  ctx: AppContext,
  helperId: string | undefined,
  skip: number,
  limit: number,
): Promise<Review[]> {
  // A suspended or erased helper cannot be found (issue 13): their reviews are not listed either.
  if (helperId !== undefined && !(await isActiveAccount(ctx.db, helperId))) return [];
  const rows = await listReviewRows(ctx.db, helperId, skip, limit);
  return rows.map(toReviewDto);
}

/** Reviews are public (GET /reviews/ lists them with their ids): a 403 to a non-author reveals nothing. */
export async function deleteReview(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const review = await findReview(ctx.db, id);
  if (!review) throw notFound(ErrorCode.REVIEW_NOT_FOUND, reviewMessages.notFound);
  if (review.authorId !== user.id && user.role !== 'admin') throw forbidden(ErrorCode.FORBIDDEN, apiErrors.forbidden);
  await deleteReviewRow(ctx.db, id);
}

/** Average rating (two decimals) and count; null average when there is no review ("Nouveau"). */
export async function getReviewSummary(ctx: AppContext, helperId: string): Promise<ReviewSummary> {
  const summary = await reviewSummary(ctx.db, helperId);
  return { average: summary.average === null ? null : Math.round(summary.average * 100) / 100, count: summary.count };
}

/**
 * A report's decision (issue 13 section 1), inside the caller's transaction: the review leaves the
 * profile and every rating at once; its row stays for the record. False if it was already removed.
 */
export async function removeReviewForModeration(tx: Executor, id: string): Promise<boolean> {
  return markReviewRemoved(tx, id);
}
