import { CANCELLATION_MARKER } from '#shared/constants.ts';
import { messagesTab } from '#shared/messages/messaging.ts';
import type { Conversation, ConversationParty, Message } from '#shared/schemas/messages.ts';

/** The party the caller talks to: the seeker for the helper, the helper for anyone else. */
export function otherParty(conversation: Conversation, userId: string): ConversationParty {
  return conversation.helper_id === userId ? conversation.user : conversation.helper;
}

export function partyName(party: ConversationParty): string {
  return party.display_name ?? party.username ?? messagesTab.someone;
}

/** A cancelled-booking notice: its kind, or content starting with the spec's marker (spec 2 section 2). */
export function isCancellation(message: Message): boolean {
  return message.kind === 'cancellation' || message.content.startsWith(CANCELLATION_MARKER);
}

/** The reason a cancellation notice carries, without the marker. */
export function cancellationReason(message: Message): string {
  const content = message.content.startsWith(CANCELLATION_MARKER)
    ? message.content.slice(CANCELLATION_MARKER.length)
    : message.content;
  return content.trim();
}
