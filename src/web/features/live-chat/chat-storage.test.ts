import { describe, expect, it } from 'vitest';
import {
  clearStoredSessions,
  isRestorable,
  readStoredSession,
  saveStoredSession,
  STORED_SESSION_MAX_AGE_MS,
  storageKey,
  type StoredChatSession,
} from './chat-storage.ts';

const now = Date.UTC(2030, 0, 2, 12);
const userId = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

function entry(overrides: Partial<StoredChatSession> = {}): StoredChatSession {
  return {
    id: '1a1c2d3e-4a5b-4c6d-8e7f-901234567890',
    session_token: 'guest-token',
    user_id: null,
    auth_token: null,
    timestamp: now - 60_000,
    ...overrides,
  };
}

describe('isRestorable (spec 2 section 4)', () => {
  it('keeps a guest chat with its token under 24 hours for a visitor who is not signed in', () => {
    expect(isRestorable(entry(), { now, userId: null })).toBe(true);
    expect(isRestorable(entry({ timestamp: now - STORED_SESSION_MAX_AGE_MS + 1 }), { now, userId: null })).toBe(true);
  });

  it('refuses a chat 24 hours old or more, or dated in the future', () => {
    expect(isRestorable(entry({ timestamp: now - STORED_SESSION_MAX_AGE_MS }), { now, userId: null })).toBe(false);
    expect(isRestorable(entry({ timestamp: now - 25 * 3_600_000 }), { now, userId: null })).toBe(false);
    expect(isRestorable(entry({ timestamp: now + 60_000 }), { now, userId: null })).toBe(false);
  });

  it('refuses a guest entry without a session token', () => {
    expect(isRestorable(entry({ session_token: null }), { now, userId: null })).toBe(false);
    expect(isRestorable(entry({ session_token: '' }), { now, userId: null })).toBe(false);
  });

  it('gives a signed-in user only their own chat', () => {
    const own = entry({ user_id: userId, auth_token: 'jwt' });
    expect(isRestorable(own, { now, userId })).toBe(true);
    expect(isRestorable(own, { now, userId: '7f1c2d3e-4a5b-4c6d-8e7f-901234567890' })).toBe(false);
    // Signed out: a user's chat is not restored, even with its session token.
    expect(isRestorable(own, { now, userId: null })).toBe(false);
    // Signed in: a guest chat left on this browser is not theirs.
    expect(isRestorable(entry(), { now, userId })).toBe(false);
  });
});

describe('stored chat entries', () => {
  it('saves under chat_session_<id>, removing the older chat_session_ keys, and reads it back', () => {
    window.localStorage.setItem('chat_session_old', JSON.stringify(entry({ id: 'old' })));
    window.localStorage.setItem('auth_token', 'kept');
    const saved = entry();
    saveStoredSession(saved);
    expect(window.localStorage.getItem('chat_session_old')).toBeNull();
    expect(window.localStorage.getItem('auth_token')).toBe('kept');
    expect(JSON.parse(window.localStorage.getItem(storageKey(saved.id)) ?? 'null')).toEqual(saved);
    expect(readStoredSession()).toEqual(saved);
  });

  it('reads the most recent entry and drops unreadable ones', () => {
    const older = entry({ id: 'a', timestamp: now - 5_000 });
    const newer = entry({ id: 'b', timestamp: now - 1_000 });
    window.localStorage.setItem(storageKey('a'), JSON.stringify(older));
    window.localStorage.setItem(storageKey('b'), JSON.stringify(newer));
    window.localStorage.setItem('chat_session_broken', '{not json');
    window.localStorage.setItem('chat_session_shape', JSON.stringify({ id: 'shape' }));
    window.localStorage.setItem('chat_session_other', JSON.stringify(entry({ id: 'elsewhere' })));
    expect(readStoredSession()).toEqual(newer);
    expect(window.localStorage.getItem('chat_session_broken')).toBeNull();
    expect(window.localStorage.getItem('chat_session_shape')).toBeNull();
    expect(window.localStorage.getItem('chat_session_other')).toBeNull();
  });

  it('clearStoredSessions removes every chat_session_ key and nothing else', () => {
    window.localStorage.setItem(storageKey('a'), JSON.stringify(entry({ id: 'a' })));
    window.localStorage.setItem('chat_session_x', 'x');
    window.localStorage.setItem('auth_token', 'kept');
    clearStoredSessions();
    expect(window.localStorage.length).toBe(1);
    expect(readStoredSession()).toBeNull();
  });
});
