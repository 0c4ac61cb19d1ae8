import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { BulkSlotsCreatedSchema, type BulkSlotsCreate } from '#shared/schemas/slots.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type BulkSlotsCreated = z.infer<typeof BulkSlotsCreatedSchema>;

/** POST /time-slots/bulk: every row is created, or none (a duplicate refuses the whole batch). */
export function createSlotsBulk(payload: BulkSlotsCreate): Promise<BulkSlotsCreated> {
  return api.post('/time-slots/bulk', payload, { schema: BulkSlotsCreatedSchema });
}

export function useCreateSlotsBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlotsBulk,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fragments.all });
    },
  });
}
