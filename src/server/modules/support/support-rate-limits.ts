import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, SUPPORT_MESSAGES_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';

/**
 * POST /support/messages, counted by the route's own limit after authentication (hook preHandler):
 * contact-form messages per account and hour, in the shared counters (rate-limit-store.ts).
 */
export const supportMessagesPerAccount = {
  max: SUPPORT_MESSAGES_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler',
  groupId: 'support-messages',
  keyGenerator: (request: FastifyRequest) => `support-messages:${requireUser(request).id}`,
} as const;

// `groupId` names the budget in the shared store (the plugin's types omit it from createRateLimit).
const perAddress = {
  max: SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR,
  timeWindow: '1 hour',
  groupId: 'support-messages-address',
};

/**
 * The second budget of a contact-form message (@fastify/rate-limit runs one route limit per request):
 * per client address (IPv6 by /64) and hour, all accounts together. Answers 429 like the route limit.
 */
export function supportMessagesPerAddress(app: App): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit(perAddress);
  return async (request, reply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError(ErrorCode.RATE_LIMITED, 429, apiErrors.rateLimited);
    }
  };
}
