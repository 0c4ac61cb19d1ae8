import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';

/**
 * A budget in the shared counters (rate-limit-store.ts); `groupId` names it there, so every route
 * naming the same one counts together (the plugin's types omit it from createRateLimit).
 */
export type Budget = {
  max: number;
  timeWindow: string;
  groupId: string;
  hook?: 'preHandler';
  keyGenerator?: (request: FastifyRequest) => string;
};

/** A per-account budget, counted after authentication (hook preHandler). */
export function perAccountLimit(groupId: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler',
    groupId,
    keyGenerator: (request: FastifyRequest) => `${groupId}:${requireUser(request).id}`,
  } as const satisfies Budget;
}

/**
 * The budgets of a route beyond its own route limit (@fastify/rate-limit runs one per request). Each
 * counts in the shared store; the first one exceeded answers 429 like a route limit does. A budget
 * without a keyGenerator counts per client address (the plugin's key, IPv6 by /64).
 */
export function extraRateLimits(app: App, budgets: Budget[]): preHandlerAsyncHookHandler {
  const limiters = budgets.map((budget) => app.createRateLimit(budget as Parameters<App['createRateLimit']>[0]));
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
