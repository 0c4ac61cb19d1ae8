import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app-types.ts';
import { reviews } from '#server/db/schema/bookings.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { announced, unannounced } from '#tests/bus.ts';
import { createBooking, createReview } from '#tests/factories/bookings.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';

// Issue 11: search answers are cached for a few seconds per process, and every write that changes an
// answer drops them everywhere at its commit (the triggers of migration 0013 and the bus). One test
// per kind of write: prime the cache, write, and the next answers show the write within a poll (well
// before the cache's own expiry), whoever wrote it.

type Item = {
  id: string;
  title: string;
  price_cents: number;
  helper: { display_name: string | null; avatar_url: string | null };
  rating: { count: number };
};

async function search(app: App, helperId: string, token?: string): Promise<Item[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/offers/search?helper_id=${helperId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Item[] }>().items;
}

describe('cached search answers (one instance)', () => {
  let t: TestApp;
  let helper: UserRow;
  let offer: TestOffer;
  const titles = () => search(t.app, helper.id).then((items) => items.map((item) => item.title));

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    helper = await createHelper(t.app.ctx.db, { displayName: 'Aidante Cache' });
    offer = await announced(t.app.ctx.database, () => createOffer(t.app.ctx.db, helper, { title: 'Offre en cache' }));
  });
  afterAll(() => t.close());

  it('answers a repeated search from the cache until a write is announced', async () => {
    expect(await titles()).toEqual(['Offre en cache']);
    await unannounced(t.app.ctx.db, (tx) =>
      tx.update(offers).set({ title: 'Titre muet' }).where(eq(offers.id, offer.id)),
    );
    expect(await titles()).toEqual(['Offre en cache']);
    await t.app.ctx.db.update(offers).set({ title: 'Offre relue' }).where(eq(offers.id, offer.id));
    await expect.poll(titles).toEqual(['Offre relue']);
  });

  it('drops answers on an offer write through the API (title, then hidden)', async () => {
    const token = await t.tokenFor(helper);
    await titles();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/offers/${offer.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Offre modifiée' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(titles).toEqual(['Offre modifiée']);
    await t.app.ctx.db.update(offers).set({ visible: false }).where(eq(offers.id, offer.id));
    await expect.poll(titles).toEqual([]);
    await t.app.ctx.db.update(offers).set({ visible: true }).where(eq(offers.id, offer.id));
    await expect.poll(titles).toEqual(['Offre modifiée']);
  });

  it('drops answers on a new offer and on a deleted one', async () => {
    await titles();
    const second = await createOffer(t.app.ctx.db, helper, { title: 'Deuxième offre' });
    await expect.poll(async () => (await titles()).sort()).toEqual(['Deuxième offre', 'Offre modifiée']);
    await t.app.ctx.db.delete(offers).where(eq(offers.id, second.id));
    await expect.poll(titles).toEqual(['Offre modifiée']);
  });

  it('drops answers on a pricing change', async () => {
    const price = async () => (await search(t.app, helper.id))[0]?.price_cents;
    expect(await price()).toBe(0);
    await t.app.ctx.db.update(pricingOptions).set({ priceCents: 4000 }).where(eq(pricingOptions.offerId, offer.id));
    await expect.poll(price).toBe(4000);
  });

  it('drops answers on a change of the helper’s name or avatar', async () => {
    const helperOf = async () => (await search(t.app, helper.id))[0]?.helper;
    expect((await helperOf())?.display_name).toBe('Aidante Cache');
    await t.app.ctx.db.update(users).set({ displayName: 'Aidante Renommée' }).where(eq(users.id, helper.id));
    await expect.poll(async () => (await helperOf())?.display_name).toBe('Aidante Renommée');
    await t.app.ctx.db.update(users).set({ avatarUrl: '/uploads/avatars/x.webp' }).where(eq(users.id, helper.id));
    await expect.poll(async () => (await helperOf())?.avatar_url).toBe('/uploads/avatars/x.webp');
  });

  it('drops answers on a review, and on its removal by moderation', async () => {
    const count = async () => (await search(t.app, helper.id))[0]?.rating.count;
    expect(await count()).toBe(0);
    const seeker = await createSeeker(t.app.ctx.db);
    const booking = await createBooking(t.app.ctx.db, {
      offer,
      seeker,
      startAt: new Date(Date.now() - 3 * 3_600_000),
      endAt: new Date(Date.now() - 2 * 3_600_000),
      status: 'completed',
    });
    const review = await createReview(t.app.ctx.db, booking, { rating: 4 });
    await expect.poll(count).toBe(1);
    await t.app.ctx.db.update(reviews).set({ removedAt: new Date() }).where(eq(reviews.id, review.id));
    await expect.poll(count).toBe(0);
  });

  it('gives a caller who blocks the helper their own answer, and drops answers when the helper is suspended', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const token = await t.tokenFor(seeker);
    expect(await search(t.app, helper.id, token)).toHaveLength(1);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${helper.id}/block`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(block.statusCode).toBeLessThan(300);
    expect(await search(t.app, helper.id, token)).toEqual([]);
    expect(await search(t.app, helper.id)).toHaveLength(1);

    // The answer does not show the suspension itself; a change the triggers missed shows once the
    // suspension's write is announced, so the cached answer was dropped.
    await unannounced(t.app.ctx.db, (tx) =>
      tx.update(offers).set({ title: 'Titre muet' }).where(eq(offers.id, offer.id)),
    );
    expect(await titles()).not.toEqual(['Titre muet']);
    await t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, helper.id));
    await expect.poll(titles).toEqual(['Titre muet']);
  });
});

describe('cached search answers across two instances', () => {
  let two: TwoInstances;
  let helper: UserRow;
  let offer: TestOffer;

  beforeAll(async () => {
    two = await startTwoInstances();
    helper = await createHelper(two.database.db, { displayName: 'Aidant Partagé' });
    offer = await createOffer(two.database.db, helper, { title: 'Offre partagée' });
  });
  afterAll(() => two.close());

  it('drops the answers of the other instance when one of them writes', async () => {
    const titlesOn = async (app: App) => (await search(app, helper.id)).map((item) => item.title);
    expect(await titlesOn(two.first)).toEqual(['Offre partagée']);
    expect(await titlesOn(two.second)).toEqual(['Offre partagée']);
    const res = await two.first.inject({
      method: 'PUT',
      url: `/api/v1/offers/${offer.id}`,
      headers: { authorization: `Bearer ${await tokenOf(two.first, helper)}` },
      payload: { title: 'Offre changée ailleurs' },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => titlesOn(two.second)).toEqual(['Offre changée ailleurs']);
    // The erasure's write drops both instances' answers: the change the triggers missed shows.
    await unannounced(two.database.db, (tx) =>
      tx.update(offers).set({ title: 'Titre muet' }).where(eq(offers.id, offer.id)),
    );
    expect(await titlesOn(two.second)).toEqual(['Offre changée ailleurs']);
    await two.database.db.update(users).set({ erasedAt: new Date() }).where(eq(users.id, helper.id));
    await expect.poll(() => titlesOn(two.first)).toEqual(['Titre muet']);
    await expect.poll(() => titlesOn(two.second)).toEqual(['Titre muet']);
  });
});

async function tokenOf(app: App, user: UserRow): Promise<string> {
  const { createTokenIssuer } = await import('#server/plugins/auth.ts');
  return createTokenIssuer(app.ctx.config.jwtSecret).issue(user);
}
