import { describe, expect, it } from 'vitest';
import { CHAT_SESSION_TOKEN_GRACE_MS } from '#shared/constants.ts';
import { sessionTokenLive, type SessionOwnerState } from './chat-access.ts';

const now = new Date('2026-12-01T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const guest = { userId: null, ownerTokenVersion: null, closedAt: null };
const member = { userId: '0b9c1f7e-3f7a-4d25-9d8e-2d1b8b8d3c11', ownerTokenVersion: 3, closedAt: null };
const account: SessionOwnerState = { tokenVersion: 3, suspendedAt: null, erasedAt: null };

describe('sessionTokenLive', () => {
  it.each([
    ["a guest's open chat", guest, undefined, true],
    [
      "a guest's chat closed within the grace period",
      { ...guest, closedAt: ago(CHAT_SESSION_TOKEN_GRACE_MS) },
      undefined,
      true,
    ],
    [
      "a guest's chat closed past the grace period",
      { ...guest, closedAt: ago(CHAT_SESSION_TOKEN_GRACE_MS + 1) },
      undefined,
      false,
    ],
    ["an account's open chat, tokens unchanged", member, account, true],
    [
      "an account's chat closed past the grace period",
      { ...member, closedAt: ago(CHAT_SESSION_TOKEN_GRACE_MS + 1) },
      account,
      false,
    ],
    ['after a password change (token_version moved on)', member, { ...account, tokenVersion: 4 }, false],
    ['after a suspension', member, { ...account, suspendedAt: ago(1) }, false],
    ['after an erasure', member, { ...account, erasedAt: ago(1) }, false],
    ['when the account row is gone', member, undefined, false],
    ['a token given before versions were recorded (-1)', { ...member, ownerTokenVersion: -1 }, account, false],
    ['an account session without a recorded version', { ...member, ownerTokenVersion: null }, account, false],
    ['an account gone from a session that recorded one', { ...member, userId: null }, undefined, false],
  ])('%s', (_case, session, owner, live) => {
    expect(sessionTokenLive(session, owner, now)).toBe(live);
  });
});
