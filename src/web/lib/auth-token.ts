import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';

/**
 * The session token in localStorage.auth_token. A module of its own: the page's entry (boot.ts) reads
 * it before the first paint without loading the HTTP client.
 */

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}
