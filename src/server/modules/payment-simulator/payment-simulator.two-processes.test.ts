import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator as text } from '#shared/messages/payouts.ts';
import { LedgerSchema } from '#shared/schemas/ledger.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';
import type { App } from '../../app-types.ts';
import { payouts } from '../../db/schema/payments.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { escapeHtml } from './simulator-pages.ts';

/**
 * "Déclencher un versement" pressed at once on two processes (two app instances on one database,
 * each with its own pool under `npm run test:pg`): the balance is paid out once, and never goes below
 * zero. Several rounds, each with fresh money available, so that a race would show.
 */

const ROUNDS = 4;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const issuer = createTokenIssuer(TEST_JWT_SECRET);

let instances: TwoInstances;
let helper: UserRow;
let payoutUrl: string;

const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const post = (app: App, url: string, payload = '') =>
  app.inject({ method: 'POST', url: local(url), headers: form, payload });
const asHelper = async (app: App, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${await issuer.issue(helper)}` } });

async function balance() {
  const response = await asHelper(instances.second, 'GET', '/api/v1/payments/ledger');
  const [eur] = LedgerSchema.parse(response.json()).balances;
  return eur;
}

beforeAll(async () => {
  instances = await startTwoInstances();
  const { first } = instances;
  helper = await createHelper(instances.database.db);
  const created = await asHelper(first, 'POST', '/api/v1/payments/create-account');
  const onboardingUrl = created.json<{ onboarding_url: string }>().onboarding_url;
  expect((await post(first, onboardingUrl, 'x=1')).statusCode).toBe(303);
  expect((await post(first, onboardingUrl.replace('?token', '/verifier?token'))).statusCode).toBe(303);
  const link = await asHelper(first, 'GET', `/api/v1/payments/stripe/dashboard-link/${helper.id}`);
  payoutUrl = link.json<{ url: string }>().url.replace('?token', '/versement?token');
});

afterAll(() => instances.close());

describe('"Déclencher un versement" on two processes at once', () => {
  it('pays the available balance once per round; the balance never goes negative', async () => {
    const db = instances.database.db;
    const seeker = await createSeeker(db);
    const offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 4000 }] });
    let paidOut = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const booking = await createBooking(db, {
        offer,
        seeker,
        startAt: new Date(Date.UTC(2025, 2, 10 + round, 13)),
        status: 'completed',
        priceCents: 4000,
      });
      await createPayment(db, booking);
      const available = (await balance())?.available_cents ?? 0;
      expect(available).toBe(3600);

      // Two presses on each process: one of the four pays, the three others find nothing left.
      const answers = await Promise.all(
        [instances.first, instances.second, instances.first, instances.second].map((app) => post(app, payoutUrl)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const nothingLeft = answers.filter((answer) => answer.body.includes(escapeHtml(text.nothingToPayOut)));
      expect(nothingLeft).toHaveLength(3);

      paidOut += available;
      expect(await balance()).toMatchObject({ available_cents: 0, paid_out_cents: paidOut });
    }
    const rows = await db.select().from(payouts).where(eq(payouts.helperId, helper.id));
    expect(rows).toHaveLength(ROUNDS);
    expect(rows.map((row) => row.requestNumber).sort()).toEqual([1, 2, 3, 4]);
  });

  it('refuses, in the database, a second payout computed from the same balance (same request number)', async () => {
    const db = instances.database.db;
    const [last] = await db
      .select()
      .from(payouts)
      .where(eq(payouts.helperId, helper.id))
      .orderBy(desc(payouts.requestNumber))
      .limit(1);
    const twin = (id: string) => ({
      providerPayoutId: id,
      helperId: helper.id,
      amountCents: 3600,
      currency: 'eur' as const,
      status: 'pending' as const,
      requestNumber: (last?.requestNumber ?? 0) + 1,
    });
    await db.insert(payouts).values(twin('po_local_twin_a'));
    await expect(db.insert(payouts).values(twin('po_local_twin_b'))).rejects.toThrow();
    // The provider's own payouts (no request number) are never refused for it.
    await db.insert(payouts).values([
      { ...twin('po_stripe_a'), requestNumber: null },
      { ...twin('po_stripe_b'), requestNumber: null },
    ]);
  });
});
