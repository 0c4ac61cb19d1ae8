import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LegacySlotSchema, type LegacySlot } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PATCH /time-slots/{id}/toggle-availability: flips is_available, answers the slot. */
export function toggleSlotAvailability(slotId: string): Promise<LegacySlot> {
  return api.patch(`/time-slots/${encodeURIComponent(slotId)}/toggle-availability`, undefined, {
    schema: LegacySlotSchema,
  });
}

export function useToggleSlotAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSlotAvailability,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
    },
  });
}
