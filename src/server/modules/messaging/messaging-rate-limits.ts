import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  CONVERSATIONS_PER_HOUR,
  MESSAGES_PER_ADDRESS_PER_MINUTE,
  MESSAGES_PER_HOUR,
  MESSAGES_PER_MINUTE,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';

/** A per-account budget, counted after authentication in the shared counters (rate-limit-store.ts). */
function perAccount(groupId: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler',
    groupId,
    keyGenerator: (request: FastifyRequest) => `${groupId}:${requireUser(request).id}`,
  } as const;
}

/** POST /messages/conversations: new conversations per account and hour. */
export const conversationCreateRateLimit = perAccount('conversation-creations', CONVERSATIONS_PER_HOUR, '1 hour');

/** POST …/messages, counted by the route's own limit: messages per account and minute. */
export const messagesPerMinuteRateLimit = perAccount('messages-minute', MESSAGES_PER_MINUTE, '1 minute');

/**
 * The other budgets of a message (@fastify/rate-limit runs one route limit per request): per account
 * and hour, and per client address and minute (the plugin's address key, IPv6 by /64). Each counts in
 * the shared store; the first one exceeded answers 429 like the route limits do.
 */
// `groupId` names the budget in the shared store (the plugin's types omit it from createRateLimit).
const perAddress = { max: MESSAGES_PER_ADDRESS_PER_MINUTE, timeWindow: '1 minute', groupId: 'messages-address' };

export function messageSendExtraLimits(app: App): preHandlerAsyncHookHandler {
  const limiters = [
    app.createRateLimit(perAccount('messages-hour', MESSAGES_PER_HOUR, '1 hour')),
    app.createRateLimit(perAddress),
  ];
  return async (request, reply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError(ErrorCode.RATE_LIMITED, 429, apiErrors.rateLimited);
      }
    }
  };
}
