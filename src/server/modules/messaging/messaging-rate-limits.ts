import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  CONVERSATIONS_PER_HOUR,
  MESSAGES_PER_ADDRESS_PER_MINUTE,
  MESSAGES_PER_HOUR,
  MESSAGES_PER_MINUTE,
} from '#shared/constants.ts';
import type { App } from '../../app-types.ts';
import { extraRateLimits, perAccountLimit } from '../../lib/route-rate-limits.ts';

/** POST /messages/conversations: new conversations per account and hour. */
export const conversationCreateRateLimit = perAccountLimit('conversation-creations', CONVERSATIONS_PER_HOUR, '1 hour');

/** POST …/messages, counted by the route's own limit: messages per account and minute. */
export const messagesPerMinuteRateLimit = perAccountLimit('messages-minute', MESSAGES_PER_MINUTE, '1 minute');

/** The other budgets of a message: per account and hour, and per client address and minute. */
export function messageSendExtraLimits(app: App): preHandlerAsyncHookHandler {
  return extraRateLimits(app, [
    perAccountLimit('messages-hour', MESSAGES_PER_HOUR, '1 hour'),
    { max: MESSAGES_PER_ADDRESS_PER_MINUTE, timeWindow: '1 minute', groupId: 'messages-address' },
  ]);
}
