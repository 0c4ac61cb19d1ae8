import type { ChatSessionRow } from '../../db/schema/support.ts';

type Status = ChatSessionRow['status'];

/** Who asks for a status change: the support team, or the session's owner (user or guest token). */
export type ChatActorRole = 'admin' | 'owner';

/**
 * The chat session transitions (spec 2 section 4). An admin selecting an open session makes it
 * active (again on an active one: nothing changes), closes any session not yet closed, and archives
 * any session not yet archived; a closed session can only be archived, an archived one is final.
 * The owner may only end their chat (→ closed) while it is open or active. Nothing goes back to open.
 * Answers the change to make: 'noop' for re-selecting an active session, null when refused.
 */
export function chatTransition(role: ChatActorRole, from: Status, to: Status): 'change' | 'noop' | null {
  if (from === 'archived') return null;
  if (role === 'owner') return to === 'closed' && (from === 'open' || from === 'active') ? 'change' : null;
  switch (to) {
    case 'active':
      if (from === 'open') return 'change';
      return from === 'active' ? 'noop' : null;
    case 'closed':
      return from === 'closed' ? null : 'change';
    case 'archived':
      return 'change';
    default:
      return null;
  }
}

/** A closed or archived session takes no message and no socket (spec 2 sections 4 and 7). */
export function isFinished(status: Status): boolean {
  return status === 'closed' || status === 'archived';
}
