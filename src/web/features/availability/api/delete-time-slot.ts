import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

/** DELETE /time-slots/{id}. */
export function deleteTimeSlot(slotId: string): Promise<{ success: true; message: string }> {
  return api.delete(`/time-slots/${encodeURIComponent(slotId)}`);
}

export function useDeleteTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
    },
  });
}
