import { useMutation } from '@tanstack/react-query';
import { UserVerificationSchema, type UserVerification } from '#shared/schemas/users.ts';
import { api } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';

/** POST /users/me/charter: the version the person read; answers the account's checks. */
export function acceptCharter(version: string): Promise<UserVerification> {
  return api.post('/users/me/charter', { version }, { schema: UserVerificationSchema });
}

/** Accepts, then puts the answer in the cached current user: the role switch that follows reads it. */
export function useAcceptCharter() {
  const { user, setUser } = useAuth();
  return useMutation({
    mutationFn: acceptCharter,
    onSuccess: (verification) => {
      if (user) setUser({ ...user, verification });
    },
  });
}
