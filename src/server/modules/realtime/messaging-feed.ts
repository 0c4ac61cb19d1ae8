import type { AppContext } from '../../app-types.ts';
import { conversationUnreadCount, loadMessageFor, unreadSummary } from '../messaging/messaging.service.ts';
import type { SocketFeed } from './socket-hub.ts';

/**
 * What the hub loads for a user, read through the messaging service: masking and unread counting
 * are its rules, and a socket frame must say exactly what the REST answers would.
 */
export function messagingFeed(ctx: AppContext): SocketFeed {
  return {
    unreadTotal: async (userId) => (await unreadSummary(ctx, userId)).total,
    conversationUnread: (userId, conversationId) => conversationUnreadCount(ctx, userId, conversationId),
    messageFor: (userId, messageId) => loadMessageFor(ctx, userId, messageId),
  };
}
