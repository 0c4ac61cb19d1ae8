import type { FastifyRequest } from 'fastify';
import {
  BOOKING_CREATE_RATE_LIMIT_PER_HOUR,
  MONEY_DOCUMENTS_RATE_LIMIT_PER_HOUR,
  PAYOUT_PROVIDER_CALLS_RATE_LIMIT_PER_HOUR,
} from '#shared/constants.ts';
import { requireUser } from './auth.ts';

/**
 * A per-account budget shared by every route that names the same `groupId` (route limits otherwise
 * count apart), counted after authentication, in the shared counters of rate-limit-store.ts.
 */
function perAccountHourly(groupId: string, max: number) {
  return {
    max,
    timeWindow: '1 hour',
    hook: 'preHandler',
    groupId,
    keyGenerator: (request: FastifyRequest) => `${groupId}:${requireUser(request).id}`,
  } as const;
}

/** POST /bookings/ and POST /payments/checkout-session: a checkout is a booking attempt too. */
export const bookingAttemptRateLimit = perAccountHourly('booking-attempts', BOOKING_CREATE_RATE_LIMIT_PER_HOUR);

/**
 * The payout-account routes that call the payment provider (account creation, status re-read,
 * dashboard link, account session): one person must not spend the platform's provider quota.
 */
export const payoutProviderCallsRateLimit = perAccountHourly(
  'payout-provider-calls',
  PAYOUT_PROVIDER_CALLS_RATE_LIMIT_PER_HOUR,
);

/** PDF receipts and statements: each one is rendered on the server's CPU. */
export const moneyDocumentsRateLimit = perAccountHourly('money-documents', MONEY_DOCUMENTS_RATE_LIMIT_PER_HOUR);
