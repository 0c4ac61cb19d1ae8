import { ChatMessageSchema, type ChatMessage } from '#shared/schemas/chat.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /support/chat/sessions/{id}/messages: how a message goes out while the socket is not open
 * (reconnecting), so that a visitor can always write. The content is trimmed (spec 2 section 5).
 */
export function sendChatMessage(input: {
  sessionId: string;
  sessionToken: string | null;
  content: string;
}): Promise<ChatMessage> {
  return api.post(
    `/support/chat/sessions/${encodeURIComponent(input.sessionId)}/messages`,
    { content: input.content.trim() },
    { query: { session_token: input.sessionToken }, schema: ChatMessageSchema },
  );
}
