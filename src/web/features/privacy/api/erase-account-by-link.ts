import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /privacy/data-requests/erase {token}: erases the link's account (204) and spends the link. */
export function eraseAccountByLink(token: string): Promise<void> {
  return api.post('/privacy/data-requests/erase', { token });
}

/**
 * Whoever is signed in on this browser may be the person just erased: their session is checked
 * again (the server revoked its tokens), and ends if it was theirs.
 */
export function useEraseAccountByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseAccountByLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
