import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CalendarSlotCreatedSchema, type CalendarSlotCreate } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type CalendarSlotCreated = z.infer<typeof CalendarSlotCreatedSchema>;

/** POST /appui-calendar/slots: one slot from date, time, duration, link and notes. */
export function createCalendarSlot(payload: CalendarSlotCreate): Promise<CalendarSlotCreated> {
  return api.post('/appui-calendar/slots', payload, { schema: CalendarSlotCreatedSchema });
}

export function useCreateCalendarSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
    },
  });
}
