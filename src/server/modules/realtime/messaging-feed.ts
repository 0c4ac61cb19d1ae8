import type { AppContext } from '../../app-types.ts';
import type { SocketFeed } from './socket-hub.ts';

/** What the hub loads for a user, read through the messaging service (masking and unread rules live there). */
export function messagingFeed(_ctx: AppContext): SocketFeed {
  // PROVISIONAL until messaging.service.ts lands (another helper writes it).
  return {
    unreadTotal: async () => 0,
    conversationUnread: async () => 0,
    messageFor: async () => null,
  };
}
