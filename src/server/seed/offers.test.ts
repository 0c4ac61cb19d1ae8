import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_CATEGORIES } from '#shared/constants.ts';
import { checkContactInfo } from '#shared/rules/contact-info.ts';
import { isAllowedDuration } from '#shared/rules/pricing.ts';
import { localAccounts } from '#server/db/schema/payments.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { seedOffers, type DemoOffers } from './offers.ts';
import { seedUsers } from './users.ts';

let t: TestApp;
let seeded: DemoOffers;

beforeAll(async () => {
  t = await buildTestApp();
  seeded = await t.app.ctx.db.transaction(async (db) => {
    const seed = { ctx: t.app.ctx, db };
    return seedOffers(seed, await seedUsers(seed, 'demo-hash'));
  });
});
afterAll(() => t.close());

describe('seedOffers', () => {
  it('creates at least 30 helpers and 60 offers across the seven categories', () => {
    expect(seeded.helpers.length).toBeGreaterThanOrEqual(30);
    expect(seeded.helpers.every((helper) => helper.role === 'helper')).toBe(true);
    expect(seeded.offers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seeded.offers.map((offer) => offer.category))).toEqual(new Set(OFFER_CATEGORIES));
  });

  it('uses valid contact information, phones and links alike', () => {
    const kinds = seeded.offers.map((offer) => checkContactInfo(offer.meetingContactInfo));
    expect(kinds.every((kind) => kind.ok)).toBe(true);
    expect(new Set(kinds.map((kind) => (kind.ok ? kind.kind : null)))).toEqual(new Set(['phone', 'link']));
  });

  it('mixes free and paid offers, paid only for helpers with a completed payout account, 1 to 3 options', async () => {
    const accounts = await t.app.ctx.db.select().from(payoutAccounts);
    const paidOut = new Set(accounts.filter((a) => a.detailsSubmitted).map((a) => a.userId));
    expect(paidOut.size).toBeGreaterThanOrEqual(seeded.helpers.length / 2 - 1);
    const paid = seeded.offers.filter((offer) => offer.options.some((option) => option.priceCents > 0));
    expect(paid.length).toBeGreaterThan(10);
    expect(seeded.offers.length - paid.length).toBeGreaterThan(10);
    expect(paid.every((offer) => paidOut.has(offer.helperId))).toBe(true);
    for (const offer of seeded.offers) {
      expect(offer.options.length).toBeGreaterThanOrEqual(1);
      expect(offer.options.length).toBeLessThanOrEqual(3);
      expect(offer.options.every((o) => isAllowedDuration(o.durationMinutes) && o.priceCents % 100 === 0)).toBe(true);
    }
  });

  it('gives every seeded payout account its simulator account, active, so onboarding and checkout work', async () => {
    const accounts = await t.app.ctx.db.select().from(payoutAccounts);
    expect(accounts.length).toBeGreaterThan(0);
    const simulated = await t.app.ctx.db.select().from(localAccounts);
    for (const account of accounts) {
      expect(simulated.find((row) => row.id === account.accountId)).toMatchObject({
        userId: account.userId,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      });
    }
    // The provider reads it back as the payout account says: active.
    expect(await t.app.ctx.payments.getAccountStatus(accounts[0]!.accountId)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
  });

  it('is searchable through the API', async () => {
    for (const query of ['burn-out', 'deuil', 'reconversion', 'anxiete']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/search?query=${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ total: number }>().total).toBeGreaterThan(0);
    }
  });
});
