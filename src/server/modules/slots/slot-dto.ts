import { utcToParis } from '#shared/rules/paris-time.ts';
import type { CalendarSlot, LegacySlot } from '#shared/schemas/slots.ts';
import type { SlotRow } from '../../db/schema/slots.ts';

/** Calendar shape: Paris wall date and start time, duration in minutes. */
export function toCalendarSlot(row: SlotRow): CalendarSlot {
  const start = utcToParis(row.startAt);
  return {
    id: row.id,
    aidant_id: row.helperId,
    date: start.date,
    time: start.time,
    duration: Math.round((row.endAt.getTime() - row.startAt.getTime()) / 60_000),
    status: row.isAvailable ? 'available' : 'unavailable',
    meeting_link: row.meetingLink,
    notes: row.notes,
    offer_id: row.offerId,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
  };
}

/** Legacy shape: Paris wall date with start and end times (the end on the start's date). */
export function toLegacySlot(row: SlotRow): LegacySlot {
  const start = utcToParis(row.startAt);
  return {
    id: row.id,
    helper_id: row.helperId,
    offer_id: row.offerId,
    date: start.date,
    start_time: start.time,
    end_time: utcToParis(row.endAt).time,
    is_available: row.isAvailable,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
  };
}
