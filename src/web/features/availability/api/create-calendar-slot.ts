import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CalendarSlotCreate, CalendarSlotCreatedSchema } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

export type CalendarSlotCreated = z.infer<typeof CalendarSlotCreatedSchema>;

/** POST /appui-calendar/slots: one slot from date, time, duration, link and notes. */
export function createCalendarSlot(payload: CalendarSlotCreate): Promise<CalendarSlotCreated> {
  return api.post<CalendarSlotCreated>('/appui-calendar/slots', payload);
}

export function useCreateCalendarSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarSlot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
    },
  });
}
