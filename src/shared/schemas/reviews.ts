import { z } from 'zod';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '../constants.ts';
import { BookingPartySchema } from './bookings.ts';
import { multiLineString } from './common.ts';

export const ReviewCreateSchema = z.object({
  booking_id: z.uuid(),
  rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  comment: multiLineString().trim().max(REVIEW_COMMENT_MAX_LENGTH).default(''),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

export const ReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
  helper_id: z.uuid(),
  booking_id: z.uuid(),
  author: BookingPartySchema,
});
export type Review = z.infer<typeof ReviewSchema>;
/** GET /reviews/?helper_id. */
export const ReviewListSchema = z.array(ReviewSchema);

export const ReviewsQuerySchema = z.object({ helper_id: z.uuid().optional() });

export const ReviewSummaryQuerySchema = z.object({ helper_id: z.uuid() });
export const ReviewSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;
