import type { Executor } from '#server/db/client.ts';
import { slots, type SlotRow } from '#server/db/schema/slots.ts';
import type { UserRow } from '#server/db/schema/users.ts';

/** Inserts an availability slot (UTC instants); offerId null means every offer of the helper. */
export async function createSlot(
  db: Executor,
  helper: Pick<UserRow, 'id'>,
  fields: {
    startAt: Date;
    endAt: Date;
    offerId?: string | null;
    isAvailable?: boolean;
    meetingLink?: string | null;
    notes?: string | null;
  },
): Promise<SlotRow> {
  const [slot] = await db
    .insert(slots)
    .values({ helperId: helper.id, offerId: null, ...fields })
    .returning();
  if (!slot) throw new Error('slot not inserted');
  return slot;
}

/** An instant `days` days and `hours` hours from now, rounded down to the hour (on the booking grid). */
export function hoursFromNow(hours: number, days = 0): Date {
  const date = new Date(Date.now() + (days * 24 + hours) * 3_600_000);
  date.setUTCMinutes(0, 0, 0);
  return date;
}
