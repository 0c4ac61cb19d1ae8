import { z } from 'zod';
import {
  FRAGMENTS_MAX_DAYS,
  SLOT_BULK_MAX_ROWS,
  SLOT_MAX_DURATION_MINUTES,
  SLOT_MEETING_LINK_MAX_LENGTH,
  SLOT_NOTES_MAX_LENGTH,
} from '../constants.ts';
import { slots as slotMessages } from '../messages/availability.ts';
import { multiLineString, singleLineString } from './common.ts';

const DAY_MS = 86_400_000;

/**
 * Slot contract. Dates and times on the wire are Europe/Paris wall times ("heure de Paris",
 * DESIGN.md section 8); `start_at`/`end_at` are the UTC instants they stand for.
 */

const WallDate = z.iso.date();
const WallTime = z.iso.time({ precision: -1 });
/** A form field that may be left empty: the slot rules then answer with the spec's own message. */
const OptionalWallDate = z.union([z.literal(''), WallDate]).nullish();
const OptionalWallTime = z.union([z.literal(''), WallTime]).nullish();

/** POST /appui-calendar/slots (the single-slot dialog). */
export const CalendarSlotCreateSchema = z.object({
  date: OptionalWallDate,
  time: OptionalWallTime,
  duration: z.coerce.number().int().min(1).max(SLOT_MAX_DURATION_MINUTES).nullish(),
  meeting_link: singleLineString().trim().max(SLOT_MEETING_LINK_MAX_LENGTH).nullish(),
  notes: multiLineString().trim().max(SLOT_NOTES_MAX_LENGTH).nullish(),
  offer_id: z.uuid().nullish(),
});
export type CalendarSlotCreate = z.infer<typeof CalendarSlotCreateSchema>;

export const CalendarSlotCreatedSchema = z.object({ success: z.literal(true), slot_id: z.uuid(), message: z.string() });

export const SlotStatusSchema = z.enum(['available', 'unavailable']);

/** Calendar shape (GET /appui-calendar/my-slots). */
export const CalendarSlotSchema = z.object({
  id: z.uuid(),
  aidant_id: z.uuid(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  status: SlotStatusSchema,
  meeting_link: z.string().nullable(),
  notes: z.string().nullable(),
  offer_id: z.uuid().nullable(),
  start_at: z.string(),
  end_at: z.string(),
});
export type CalendarSlot = z.infer<typeof CalendarSlotSchema>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

export const MySlotsQuerySchema = z.object({
  offer_id: z.uuid().optional(),
  include_past: booleanQuery,
});

/** Legacy shape (GET /time-slots/, PATCH toggle). */
export const LegacySlotSchema = z.object({
  id: z.uuid(),
  helper_id: z.uuid(),
  offer_id: z.uuid().nullable(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_available: z.boolean(),
  start_at: z.string(),
  end_at: z.string(),
});
export type LegacySlot = z.infer<typeof LegacySlotSchema>;

/** One row of the add-slots form. */
export const SlotRowSchema = z.object({
  date: OptionalWallDate,
  start_time: OptionalWallTime,
  end_time: OptionalWallTime,
  is_available: z.boolean().optional(),
});

/** POST /time-slots/bulk: every row is created, or none. */
export const BulkSlotsCreateSchema = z.object({
  offer_id: z.uuid().nullish(),
  time_slots: z.array(SlotRowSchema).max(SLOT_BULK_MAX_ROWS),
});
export type BulkSlotsCreate = z.infer<typeof BulkSlotsCreateSchema>;

export const BulkSlotsCreatedSchema = z.object({
  success: z.literal(true),
  created: z.number().int(),
  message: z.string(),
  time_slots: z.array(LegacySlotSchema),
});

export const DeletedSchema = z.object({ success: z.literal(true), message: z.string() });

/** Free windows of an offer (UTC ISO instants), future only, sorted. */
export const FragmentSchema = z.object({ start_at: z.string(), end_at: z.string() });
export type Fragment = z.infer<typeof FragmentSchema>;
/** GET /time-slots/helper/{helper_id}/fragments. */
export const FragmentListSchema = z.array(FragmentSchema);

export const FragmentsParamsSchema = z.object({ helper_id: z.uuid() });
/**
 * The range of free windows asked for: windows overlapping [from, to), cut at from (and at now).
 * Without `from`, now; without `to`, FRAGMENTS_DEFAULT_DAYS after `from`. At most FRAGMENTS_MAX_DAYS.
 */
export const FragmentsQuerySchema = z
  .object({
    offer_id: z.uuid().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const span = Date.parse(query.to) - Date.parse(query.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: slotMessages.rangeEndBeforeStart });
    else if (span > FRAGMENTS_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: slotMessages.rangeTooLong(FRAGMENTS_MAX_DAYS) });
  });
export type FragmentsQuery = z.infer<typeof FragmentsQuerySchema>;
