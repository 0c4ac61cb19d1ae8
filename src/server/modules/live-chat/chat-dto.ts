import { mentionsCrisis } from '#shared/rules/crisis.ts';
import type { ChatMessage, ChatSession } from '#shared/schemas/chat.ts';
import type { ChatMessageRow, ChatSessionRow } from '../../db/schema/support.ts';

/**
 * A chat message as every reader of its session sees it (spec 2 section 3). `crisis`: the guest or user
 * and the team both see the crisis numbers under a message that speaks of danger (issue 13 section 3);
 * the session's system lines are the product's own text.
 */
export function toChatMessageDto(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    session_id: row.sessionId,
    sender: row.sender,
    sender_name: row.senderName,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    crisis: row.sender !== 'system' && mentionsCrisis(row.content),
  };
}

/**
 * A session (spec 2 section 3). The token's digest never leaves the server; the token itself only in
 * the answer that creates the session (`sessionToken`), null everywhere else.
 */
export function toChatSessionDto(
  row: ChatSessionRow,
  messages: ChatMessageRow[] = [],
  sessionToken: string | null = null,
): ChatSession {
  return {
    id: row.id,
    status: row.status,
    session_token: sessionToken,
    user_id: row.userId,
    guest_name: row.guestName,
    guest_email: row.guestEmail,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_message_at: row.lastMessageAt ? row.lastMessageAt.toISOString() : null,
    chat_messages: messages.map(toChatMessageDto),
  };
}
