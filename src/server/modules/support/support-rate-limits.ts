import type { preHandlerAsyncHookHandler } from 'fastify';
import { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, SUPPORT_MESSAGES_PER_HOUR } from '#shared/constants.ts';
import type { App } from '../../app-types.ts';
import { extraRateLimits, perAccountLimit } from '../../lib/route-rate-limits.ts';

/** POST /support/messages, counted by the route's own limit: contact-form messages per account and hour. */
export const supportMessagesPerAccount = perAccountLimit('support-messages', SUPPORT_MESSAGES_PER_HOUR, '1 hour');

/** The second budget of a contact-form message: per client address and hour, all accounts together. */
export function supportMessagesPerAddress(app: App): preHandlerAsyncHookHandler {
  return extraRateLimits(app, [
    { max: SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, timeWindow: '1 hour', groupId: 'support-messages-address' },
  ]);
}
