import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LedgerSchema, type Ledger } from '#shared/schemas/ledger.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /payments/ledger: the helper's payments (newest first, one page) and balances, from our ledger. */
export function getLedger(page: { skip: number; limit: number }, signal?: AbortSignal): Promise<Ledger> {
  return api.get('/payments/ledger', { query: page, schema: LedgerSchema, signal });
}

export function useLedger(page: { skip: number; limit: number }, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.payments.ledger(page),
    queryFn: ({ signal }) => getLedger(page, signal),
    enabled: options.enabled ?? true,
    // The table keeps the current page while the next one loads, instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}
