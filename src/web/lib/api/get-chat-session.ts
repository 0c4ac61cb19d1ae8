import { ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /support/chat/sessions/{id}: the session and its messages, oldest first, for its owner (the
 * signed-in user, or whoever holds `session_token`) and admins. Here, not in a feature, because two
 * read it: the live chat (a stored chat is restored only if the server says it goes on, spec 2
 * section 4) and the admin console's chats tab.
 */
export function getChatSession(
  sessionId: string,
  options: { sessionToken?: string | null; signal?: AbortSignal } = {},
): Promise<ChatSession> {
  return api.get(`/support/chat/sessions/${encodeURIComponent(sessionId)}`, {
    query: { session_token: options.sessionToken ?? null },
    schema: ChatSessionSchema,
    signal: options.signal,
  });
}
