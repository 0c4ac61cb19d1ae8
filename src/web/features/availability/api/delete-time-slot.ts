import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /time-slots/{id}. */
export function deleteTimeSlot(slotId: string): Promise<void> {
  return api.delete(`/time-slots/${encodeURIComponent(slotId)}`);
}

export function useDeleteTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
    },
  });
}
