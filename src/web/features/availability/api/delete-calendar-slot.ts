import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

/** DELETE /appui-calendar/slots/{id}. */
export function deleteCalendarSlot(slotId: string): Promise<{ success: true; message: string }> {
  return api.delete(`/appui-calendar/slots/${encodeURIComponent(slotId)}`);
}

export function useDeleteCalendarSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
    },
  });
}
