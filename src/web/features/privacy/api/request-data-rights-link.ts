import { useMutation } from '@tanstack/react-query';
import { DataRightsRequestedSchema, type DataRightsRequest } from '#shared/schemas/privacy.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /privacy/data-requests {email}: a link to one's data is mailed to the account of that address,
 * if there is one. The answer is the same whether it exists or not.
 */
export function requestDataRightsLink(input: DataRightsRequest) {
  return api.post('/privacy/data-requests', input, { schema: DataRightsRequestedSchema });
}

export function useRequestDataRightsLink() {
  return useMutation({ mutationFn: requestDataRightsLink });
}
