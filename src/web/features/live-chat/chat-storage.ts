import { CHAT_SESSION_STORAGE_PREFIX, CHAT_STORED_SESSION_HOURS } from '#shared/constants.ts';

/**
 * The live chat a visitor has going, kept in localStorage so that closing the dialog or reloading
 * the page does not lose it (spec 2 sections 3 and 4): key `chat_session_<id>`, value {id,
 * session_token, user_id, auth_token, timestamp}. The session token is what lets a guest back in.
 */
export type StoredChatSession = {
  id: string;
  session_token: string | null;
  user_id: string | null;
  auth_token: string | null;
  /** When the chat was started (ms since the epoch). */
  timestamp: number;
};

export const STORED_SESSION_MAX_AGE_MS = CHAT_STORED_SESSION_HOURS * 60 * 60 * 1000;

export function storageKey(sessionId: string): string {
  return `${CHAT_SESSION_STORAGE_PREFIX}${sessionId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isStoredSession(value: unknown): value is StoredChatSession {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const nullableString = (field: unknown) => field === null || typeof field === 'string';
  return (
    typeof entry.id === 'string' &&
    entry.id !== '' &&
    nullableString(entry.session_token) &&
    nullableString(entry.user_id) &&
    nullableString(entry.auth_token) &&
    typeof entry.timestamp === 'number' &&
    Number.isFinite(entry.timestamp)
  );
}

function chatKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(CHAT_SESSION_STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * The most recent stored chat. An unreadable entry (edited by hand, older format) is removed: it
 * could never be restored.
 */
export function readStoredSession(): StoredChatSession | null {
  const store = storage();
  if (!store) return null;
  let latest: StoredChatSession | null = null;
  for (const key of chatKeys(store)) {
    let value: unknown;
    try {
      value = JSON.parse(store.getItem(key) ?? 'null') as unknown;
    } catch {
      value = null;
    }
    if (!isStoredSession(value) || key !== storageKey(value.id)) {
      store.removeItem(key);
      continue;
    }
    if (!latest || value.timestamp > latest.timestamp) latest = value;
  }
  return latest;
}

/** Starting a chat removes every older `chat_session_` key first (spec 2 section 4). */
export function clearStoredSessions(): void {
  const store = storage();
  if (!store) return;
  for (const key of chatKeys(store)) store.removeItem(key);
}

export function clearStoredSession(sessionId: string): void {
  storage()?.removeItem(storageKey(sessionId));
}

export function saveStoredSession(entry: StoredChatSession): void {
  const store = storage();
  if (!store) return;
  clearStoredSessions();
  try {
    store.setItem(storageKey(entry.id), JSON.stringify(entry));
  } catch {
    // A full or refused storage only costs the restore after a reload; the chat itself goes on.
  }
}

/**
 * The local half of the restore rule (spec 2 section 4): under 24 hours old, and the current user's
 * (a signed-in user's own session), or, for a visitor who is not signed in, a guest session with its
 * token. The server's half (not closed or ended) is asked afterwards.
 */
export function isRestorable(entry: StoredChatSession, context: { now: number; userId: string | null }): boolean {
  const age = context.now - entry.timestamp;
  if (age < 0 || age >= STORED_SESSION_MAX_AGE_MS) return false;
  if (context.userId !== null) return entry.user_id === context.userId;
  return entry.user_id === null && typeof entry.session_token === 'string' && entry.session_token !== '';
}
