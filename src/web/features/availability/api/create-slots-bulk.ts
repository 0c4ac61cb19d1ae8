import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BulkSlotsCreate, BulkSlotsCreatedSchema } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { slotsQueryKey } from './get-my-slots.ts';

export type BulkSlotsCreated = z.infer<typeof BulkSlotsCreatedSchema>;

/** POST /time-slots/bulk: every row is created, or none (a duplicate refuses the whole batch). */
export function createSlotsBulk(payload: BulkSlotsCreate): Promise<BulkSlotsCreated> {
  return api.post<BulkSlotsCreated>('/time-slots/bulk', payload);
}

export function useCreateSlotsBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlotsBulk,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['fragments'] });
    },
  });
}
