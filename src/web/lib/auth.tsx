import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoginRequest, SignupRequest } from '#shared/schemas/auth.ts';
import type { CurrentUser } from '#shared/schemas/users.ts';
import { isAdminRole, isHelperRole, isSeekerRole } from '#shared/rules/roles.ts';
import { api, isApiError, onAuthTokenRejected, rejectAuthToken } from './api-client.ts';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Authentication state (spec 1 section 4): the token lives in localStorage.auth_token; at start a
 * stored token triggers GET /users/me and is cleared if the server refuses it (401), as it is on any
 * later 401 INVALID_TOKEN; the page then carries on as a visitor's. Signup is followed by a login;
 * logout clears token, user and every cached query, then goes home.
 */

const currentUserQueryKey = queryKeys.currentUser;

// Schemas load with their first request: a visitor's first paint needs none (DESIGN.md section 9).
const usersSchemas = () => import('#shared/schemas/users.ts');

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api.get('/users/me', { schema: () => usersSchemas().then((module) => module.CurrentUserSchema) });
}

export type RoleTone = 'helper' | 'seeker';

export type AuthState = {
  user: CurrentUser | null;
  token: string | null;
  /** True while a stored token is being checked at start: render skeletons, not "Accès refusé". */
  isLoading: boolean;
  isAuthenticated: boolean;
  isHelper: boolean;
  isSeeker: boolean;
  isAdmin: boolean;
  /** The accent of the interface: warm for helpers, cool otherwise (UI.md). */
  tone: RoleTone;
  login: (credentials: LoginRequest) => Promise<CurrentUser>;
  signup: (payload: SignupRequest) => Promise<CurrentUser>;
  logout: () => void;
  /** POST /users/toggle-role; resolves with the new role. */
  toggleRole: () => Promise<string>;
  /** Replace the cached current user after an update (PUT /users/me, avatar upload). */
  setUser: (user: CurrentUser) => void;
  refreshUser: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, onLoggedOut }: { children: ReactNode; onLoggedOut?: () => void }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getAuthToken());

  // The server refused the token: become a visitor, and refetch what was loaded (or failed to load)
  // with the token so that public content comes back at once, without it.
  useEffect(
    () =>
      onAuthTokenRejected(() => {
        setToken(null);
        queryClient.removeQueries({ queryKey: currentUserQueryKey });
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );

  const meQuery = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async () => {
      const sent = getAuthToken();
      try {
        return await fetchCurrentUser();
      } catch (error) {
        // Only a 401 says the token is bad; a 5xx or a lost connection must not end a valid session.
        if (sent !== null && isApiError(error) && error.status === 401) rejectAuthToken(sent);
        throw error;
      }
    },
    enabled: token !== null,
    retry: false,
    staleTime: 60_000,
  });

  const user = token !== null ? (meQuery.data ?? null) : null;

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const { access_token } = await api.post('/auth/login', credentials, {
        schema: () => import('#shared/schemas/auth.ts').then((module) => module.TokenResponseSchema),
      });
      setAuthToken(access_token);
      try {
        const me = await fetchCurrentUser();
        queryClient.setQueryData(currentUserQueryKey, me);
        setToken(access_token);
        // Lists have user-specific variants once logged in (spec 1 section 6).
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'users' });
        return me;
      } catch (error) {
        clearAuthToken();
        throw error;
      }
    },
    [queryClient],
  );

  const signup = useCallback(
    async (payload: SignupRequest) => {
      await api.post('/auth/signup', payload);
      return login({ email: payload.email, password: payload.password });
    },
    [login],
  );

  const logout = useCallback(() => {
    clearAuthToken();
    setToken(null);
    queryClient.clear();
    onLoggedOut?.();
  }, [queryClient, onLoggedOut]);

  const setUser = useCallback(
    (next: CurrentUser) => queryClient.setQueryData(currentUserQueryKey, next),
    [queryClient],
  );

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [queryClient]);

  const toggleRole = useCallback(async () => {
    const { role } = await api.post('/users/toggle-role', undefined, {
      schema: () => usersSchemas().then((module) => module.ToggleRoleResponseSchema),
    });
    queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (previous) =>
      previous ? { ...previous, role } : previous,
    );
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'users' });
    return role;
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const role = user?.role;
    const isHelper = isHelperRole(role);
    return {
      user,
      token,
      isLoading: token !== null && meQuery.isPending,
      isAuthenticated: user !== null,
      isHelper,
      isSeeker: isSeekerRole(role),
      isAdmin: isAdminRole(role),
      tone: isHelper ? 'helper' : 'seeker',
      login,
      signup,
      logout,
      toggleRole,
      setUser,
      refreshUser,
    };
  }, [user, token, meQuery.isPending, login, signup, logout, toggleRole, setUser, refreshUser]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
