import { mentionsCrisis } from '#shared/rules/crisis.ts';
import type { Conversation, ConversationParty, Message } from '#shared/schemas/messages.ts';
import type { ConversationListRow, MessageWithSender } from './messaging.repository.ts';

/**
 * Who reads: a party of the conversation, or an admin reading it for moderation (not a party). The
 * one place that decides what a reader sees of a message, used by every answer and the socket.
 */
export type MessageViewer = { id: string; moderator: boolean };

/**
 * A message as `viewer` sees it (DESIGN.md section 8). A masked message (`visible` false) keeps its
 * content for its sender and a moderator; its recipient gets it empty with `masked` true. The sender's
 * e-mail only on the viewer's own messages. `crisis` is computed on the stored content for every viewer,
 * the masked recipient included (see MessageSchema): a system notice is the product's own text.
 */
export function toMessageDto({ message, sender }: MessageWithSender, viewer: MessageViewer): Message {
  const own = message.senderId !== null && message.senderId === viewer.id;
  const masked = !message.visible && !own && !viewer.moderator;
  // Removed by moderation (issue 13 section 1): shown to everyone as removed, its words kept in the report.
  const removed = message.removedAt !== null;
  return {
    id: message.id,
    conversation_id: message.conversationId,
    sender_id: message.senderId,
    sender: sender ? { id: sender.id, display_name: sender.displayName, email: own ? sender.email : null } : null,
    content: masked || removed ? '' : message.content,
    visible: message.visible,
    masked,
    removed,
    kind: message.kind,
    sent_at: message.sentAt.toISOString(),
    crisis: !removed && message.kind !== 'system' && mentionsCrisis(message.content),
  };
}

function toParty(party: ConversationListRow['helper']): ConversationParty {
  return { id: party.id, display_name: party.displayName, username: party.username, avatar_url: party.avatarUrl };
}

export function toConversationDto(
  row: ConversationListRow,
  lastMessage: Message | null,
  chatEnabled: boolean,
  blocked: boolean,
): Conversation {
  const { conversation } = row;
  return {
    id: conversation.id,
    offer_id: conversation.offerId,
    helper_id: conversation.helperId,
    user_id: conversation.userId,
    user: toParty(row.user),
    helper: toParty(row.helper),
    offer: { id: row.offer.id, title: row.offer.title },
    created_at: conversation.createdAt.toISOString(),
    last_message: lastMessage,
    unread_count: row.unreadCount,
    chat_enabled: chatEnabled,
    blocked,
  };
}
