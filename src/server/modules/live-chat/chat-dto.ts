import type { ChatMessage, ChatSession } from '#shared/schemas/chat.ts';
import type { ChatMessageRow, ChatSessionRow } from '../../db/schema/support.ts';

/** A chat message as every reader of its session sees it (spec 2 section 3). */
export function toChatMessageDto(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    session_id: row.sessionId,
    sender: row.sender,
    sender_name: row.senderName,
    content: row.content,
    created_at: row.createdAt.toISOString(),
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
