// Payment-side load scenario (issue 9): many seekers opening a checkout session for the same time of
// a paid offer at once, in simulator mode (the LocalProvider; no network). Exactly one of them may
// hold the time afterwards, whatever the interleaving.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Request } from 'autocannon';
import type { Database } from '#server/db/client.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { slots } from '#server/db/schema/slots.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { createBenchUser } from './bookings.ts';
import { defineScenario } from './scenario.ts';

const HOUR = 3_600_000;

/**
 * Seekers in the pool. Each account may try POST /payments/checkout-session 30 times an hour (429
 * after that): the requests go round the pool, so a 10 s run at a few hundred requests per second
 * stays under the limit and measures the contention, not the rate limiter.
 */
const SEEKERS = 1000;

export type CheckoutContentionData = {
  offerId: string;
  startAt: string;
  endAt: string;
  successUrl: string;
  cancelUrl: string;
  tokens: string[];
};

/**
 * A helper whose (simulator) payout account takes charges, a paid one-hour offer, one slot two days
 * ahead, and SEEKERS seekers with tokens. Every request asks for the slot's first hour.
 */
export async function seedCheckoutContention(
  db: Database,
  jwtSecret: string,
  publicUrl: string,
): Promise<CheckoutContentionData> {
  const helper = await createBenchUser(db, 'helper');
  await db.insert(payoutAccounts).values({
    userId: helper.id,
    provider: 'local',
    accountId: `acct_bench_${randomUUID().slice(0, 12)}`,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  const [offer] = await db
    .insert(offers)
    .values({
      helperId: helper.id,
      title: 'Séance payante de banc d’essai',
      description: 'Offre payante créée par le banc d’essai.',
      category: 'sante-mentale',
      meetingContactInfo: 'https://meet.google.com/abc-defg-hij',
    })
    .returning();
  await db.insert(pricingOptions).values({ offerId: offer!.id, position: 0, durationMinutes: 60, priceCents: 4500 });
  const start = new Date(Date.now() + 48 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  await db
    .insert(slots)
    .values({ helperId: helper.id, offerId: offer!.id, startAt: start, endAt: new Date(start.getTime() + 4 * HOUR) });
  const issuer = createTokenIssuer(jwtSecret);
  const tokens: string[] = [];
  for (let i = 0; i < SEEKERS; i++) tokens.push(await issuer.issue(await createBenchUser(db, 'helpee')));
  return {
    offerId: offer!.id,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + HOUR).toISOString(),
    successUrl: `${publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}/payment/cancel`,
    tokens,
  };
}

/** autocannon requests: the next seeker of the pool (round robin) asks for the one time. */
export function checkoutContentionRequests(data: CheckoutContentionData): Request[] {
  let next = 0;
  const body = JSON.stringify({
    offer_id: data.offerId,
    start_at: data.startAt,
    end_at: data.endAt,
    success_url: data.successUrl,
    cancel_url: data.cancelUrl,
  });
  return [
    {
      method: 'POST',
      path: '/api/v1/payments/checkout-session',
      setupRequest: (request) => {
        const token = data.tokens[next++ % data.tokens.length]!;
        return { ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body };
      },
    },
  ];
}

/** Holds (pending_payment bookings) on the contested time, read after the run. */
export async function countHolds(db: Database, data: CheckoutContentionData): Promise<number> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.offerId, data.offerId),
        eq(bookings.startAt, new Date(data.startAt)),
        eq(bookings.status, 'pending_payment'),
      ),
    );
  return rows.length;
}

export const checkoutContentionScenario = defineScenario<CheckoutContentionData>({
  name: 'checkout-contention',
  description: `POST /api/v1/payments/checkout-session from ${SEEKERS} seekers for the same time (simulator; 409 expected)`,
  prepare: ({ app }) => seedCheckoutContention(app.ctx.db, app.ctx.config.jwtSecret, app.ctx.config.publicUrl),
  targets: (data) => [
    {
      name: 'POST /api/v1/payments/checkout-session (one time, contention)',
      requests: checkoutContentionRequests(data),
      acceptStatus: [409],
    },
  ],
  async verify({ app }, data) {
    const holds = await countHolds(app.ctx.db, data);
    return { ok: holds === 1, summary: `${holds} hold(s) on the contested time (exactly 1 expected)` };
  },
});
