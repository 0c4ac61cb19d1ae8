import type { FastifyRequest } from 'fastify';
import { BOOKING_CREATE_RATE_LIMIT_PER_HOUR } from '#shared/constants.ts';
import { requireUser } from './auth.ts';

/**
 * One per-account budget of booking attempts, shared by POST /bookings/ and POST
 * /payments/checkout-session (a checkout is a booking attempt too): the common `groupId` makes both
 * routes count in one counter, where route limits otherwise count apart and would double the budget.
 */
export const bookingAttemptRateLimit = {
  max: BOOKING_CREATE_RATE_LIMIT_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler',
  groupId: 'booking-attempts',
  keyGenerator: (request: FastifyRequest) => `booking:${requireUser(request).id}`,
} as const;
