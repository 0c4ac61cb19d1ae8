import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELPER_SLOTS_REFETCH_MS } from '#shared/constants.ts';
import { z } from 'zod';
import { LegacySlotSchema, type LegacySlot } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const LegacySlotListSchema = z.array(LegacySlotSchema);

/** GET /time-slots/: every upcoming slot of the helper, with its availability flag. */
export function getTimeSlots(signal?: AbortSignal): Promise<LegacySlot[]> {
  return api.get('/time-slots/', { schema: LegacySlotListSchema, signal });
}

export const timeSlotsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.slots.legacy(),
    queryFn: ({ signal }) => getTimeSlots(signal),
    refetchInterval: HELPER_SLOTS_REFETCH_MS,
  });

export function useTimeSlots(enabled: boolean) {
  return useQuery({ ...timeSlotsQueryOptions(), enabled });
}
