import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegacySlot } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

/** PATCH /time-slots/{id}/toggle-availability: flips is_available, answers the slot. */
export function toggleSlotAvailability(slotId: string): Promise<LegacySlot> {
  return api.patch<LegacySlot>(`/time-slots/${encodeURIComponent(slotId)}/toggle-availability`);
}

export function useToggleSlotAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSlotAvailability,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
    },
  });
}
