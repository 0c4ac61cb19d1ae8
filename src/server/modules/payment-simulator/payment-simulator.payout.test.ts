import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator as text } from '#shared/messages/payouts.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { LedgerSchema } from '#shared/schemas/ledger.ts';
import { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import { paymentEvents, payouts } from '#server/db/schema/payments.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createPayment } from '#tests/factories/payments.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { escapeHtml } from './simulator-pages.ts';

/**
 * "Déclencher un versement" on the simulator's dashboard page, end to end: the helper onboarded through
 * the pages, paid sessions in the ledger, the button sends `payout.created` then `payout.paid` for the
 * available balance through the webhook handler, and the financial dashboard shows it paid out.
 */

const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let helper: UserRow;
let dashboardUrl: string;

const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const get = (url: string) => t.app.inject({ method: 'GET', url: local(url) });
const post = (url: string) => t.app.inject({ method: 'POST', url: local(url), headers: form, payload: '' });
const payoutUrl = () => dashboardUrl.replace('?token', '/versement?token');
const payoutEventCount = async () =>
  (await t.app.ctx.db.select().from(paymentEvents).where(like(paymentEvents.type, 'payout.%'))).length;

async function ledgerBalances() {
  const response = await t.injectAs(helper, { method: 'GET', url: '/api/v1/payments/ledger' });
  return LedgerSchema.parse(response.json()).balances;
}

beforeAll(async () => {
  t = await buildTestApp();
  if (!(t.app.ctx.payments instanceof LocalProvider)) throw new Error('tests run with the simulator');
  const db = t.app.ctx.db;
  helper = await createHelper(db);
  // Onboarding through the simulator's pages: form, then "Terminer la vérification".
  const created = await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' });
  const onboardingUrl = created.json<{ onboarding_url: string }>().onboarding_url;
  expect(
    (await t.app.inject({ method: 'POST', url: local(onboardingUrl), headers: form, payload: 'x=1' })).statusCode,
  ).toBe(303);
  expect((await post(onboardingUrl.replace('?token', '/verifier?token'))).statusCode).toBe(303);
  dashboardUrl = (
    await t.injectAs(helper, { method: 'GET', url: `/api/v1/payments/stripe/dashboard-link/${helper.id}` })
  ).json<{ url: string }>().url;
});
afterAll(() => t.close());

describe('"Déclencher un versement"', () => {
  it('with nothing available says so in French and sends no event', async () => {
    const page = await get(dashboardUrl);
    expect(page.body).toContain(escapeHtml(text.triggerPayout));

    const response = await post(payoutUrl());
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(escapeHtml(text.nothingToPayOut));
    expect(await payoutEventCount()).toBe(0);
  });

  it('pays out the available balance (not the pending one) through payout.created then payout.paid', async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 5000 }] });
    const done = await createBooking(db, {
      offer,
      seeker,
      startAt: new Date('2025-03-11T13:00:00Z'),
      status: 'completed',
      priceCents: 5000,
    });
    const upcoming = await createBooking(db, {
      offer,
      seeker,
      startAt: new Date(Date.now() + 5 * 24 * 3_600_000),
      status: 'paid',
      priceCents: 5000,
    });
    await createPayment(db, done);
    await createPayment(db, upcoming);

    const response = await post(payoutUrl());
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(escapeHtml(text.payoutSent(formatMoney(4500, 'eur'))));

    const events = await db.select().from(paymentEvents).where(like(paymentEvents.type, 'payout.%'));
    expect(events.map((event) => event.type).sort()).toEqual(['payout.created', 'payout.paid']);
    const rows = await db.select().from(payouts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ helperId: helper.id, amountCents: 4500, currency: 'eur', status: 'paid' });
    expect(await ledgerBalances()).toEqual([
      { currency: 'eur', pending_cents: 4500, available_cents: 0, paid_out_cents: 4500 },
    ]);
  });

  it('a second click (even two at once) finds nothing left and sends nothing', async () => {
    const before = await payoutEventCount();
    const [first, second] = await Promise.all([post(payoutUrl()), post(payoutUrl())]);
    expect(first.body).toContain(escapeHtml(text.nothingToPayOut));
    expect(second.body).toContain(escapeHtml(text.nothingToPayOut));
    expect(await payoutEventCount()).toBe(before);
  });

  it('refuses a forged dashboard token (403) without paying out', async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents: 2000 }] });
    await createPayment(
      db,
      await createBooking(db, {
        offer,
        seeker,
        startAt: new Date('2025-03-12T13:00:00Z'),
        status: 'completed',
        priceCents: 2000,
      }),
    );
    const before = await payoutEventCount();
    expect((await post(payoutUrl().replace(/token=.*/, 'token=0.x'))).statusCode).toBe(403);
    expect(await payoutEventCount()).toBe(before);
  });

  it('two clicks at once with money available pay it out once (on PostgreSQL they would race)', async () => {
    const [first, second] = await Promise.all([post(payoutUrl()), post(payoutUrl())]);
    const bodies = [first.body, second.body];
    expect(bodies.filter((body) => body.includes(escapeHtml(text.nothingToPayOut)))).toHaveLength(1);
    expect(await ledgerBalances()).toEqual([
      { currency: 'eur', pending_cents: 4500, available_cents: 0, paid_out_cents: 6300 },
    ]);
  });
});
