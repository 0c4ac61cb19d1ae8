import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELPER_SLOTS_REFETCH_MS } from '#shared/constants.ts';
import { z } from 'zod';
import { CalendarSlotSchema, type CalendarSlot } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const CalendarSlotListSchema = z.array(CalendarSlotSchema);

/**
 * GET /appui-calendar/my-slots?offer_id&include_past=true: past slots come too and are filtered on
 * the client by their end (spec 1 section 7), so "show past slots" needs no second request.
 */
export function getMySlots(offerId: string, signal?: AbortSignal): Promise<CalendarSlot[]> {
  return api.get('/appui-calendar/my-slots', {
    query: { offer_id: offerId, include_past: true },
    schema: CalendarSlotListSchema,
    signal,
  });
}

export const mySlotsQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: queryKeys.slots.calendar(offerId),
    queryFn: ({ signal }) => getMySlots(offerId, signal),
    refetchInterval: HELPER_SLOTS_REFETCH_MS,
  });

export function useMySlots(offerId: string, enabled: boolean) {
  return useQuery({ ...mySlotsQueryOptions(offerId), enabled });
}
