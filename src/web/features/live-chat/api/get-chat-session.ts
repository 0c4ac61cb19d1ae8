import { ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /support/chat/sessions/{id}: the session and its messages, oldest first, for its owner (the
 * signed-in user, or whoever holds `session_token`). Read when a stored chat is restored: the
 * server's status decides whether it goes on (spec 2 section 4).
 */
export function getChatSession(sessionId: string, sessionToken: string | null): Promise<ChatSession> {
  return api.get(`/support/chat/sessions/${encodeURIComponent(sessionId)}`, {
    query: { session_token: sessionToken },
    schema: ChatSessionSchema,
  });
}
