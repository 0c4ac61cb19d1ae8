import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELPER_SLOTS_REFETCH_MS } from '#shared/constants.ts';
import type { LegacySlot } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

/** GET /time-slots/: every upcoming slot of the helper, with its availability flag. */
export function getTimeSlots(signal?: AbortSignal): Promise<LegacySlot[]> {
  return api.get<LegacySlot[]>('/time-slots/', { signal });
}

export const timeSlotsQueryOptions = () =>
  queryOptions({
    queryKey: [...slotsQueryKey, 'legacy'],
    queryFn: ({ signal }) => getTimeSlots(signal),
    refetchInterval: HELPER_SLOTS_REFETCH_MS,
  });

export function useTimeSlots(enabled: boolean) {
  return useQuery({ ...timeSlotsQueryOptions(), enabled });
}
