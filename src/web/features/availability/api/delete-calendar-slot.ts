import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /appui-calendar/slots/{id}. */
export function deleteCalendarSlot(slotId: string): Promise<void> {
  return api.delete(`/appui-calendar/slots/${encodeURIComponent(slotId)}`);
}

export function useDeleteCalendarSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
    },
  });
}
