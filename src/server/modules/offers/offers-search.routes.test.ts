import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeSearchQuery, parseSearchTerms } from '#shared/rules/search-terms.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createHelper } from '#tests/factories/users.ts';

// Search gets its own database: totals and rankings are exact only when no other test adds offers.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /offers/search and /offers/search-for-user', () => {
  let claire: UserRow;
  let mehdi: UserRow;
  const o: Record<string, TestOffer> = {};

  type Page = { items: { id: string; title: string }[]; total: number; page: number; limit: number };
  const search = async (qs: string, user: UserRow | null = null, path = 'search') => {
    const res = await t.injectAs(user, { method: 'GET', url: `/api/v1/offers/${path}?${qs}` });
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };
  const titles = (page: Page) => page.items.map((item) => item.title);

  beforeAll(async () => {
    const db = t.app.ctx.db;
    claire = await createHelper(db, { displayName: 'Claire Dubois', username: 'claire.dubois' });
    mehdi = await createHelper(db, { displayName: 'Mehdi Benali', username: 'mehdi.benali' });
    o.burnout = await createOffer(db, claire, {
      title: 'Sortir du burn-out',
      description: 'Retrouver un rythme après l’épuisement professionnel.',
      category: 'sante-mentale',
      options: [
        { durationMinutes: 30, priceCents: 2000 },
        { durationMinutes: 60, priceCents: 3500 },
      ],
    });
    o.burnoutJoined = await createOffer(db, mehdi, {
      title: 'Prévenir le burnout des indépendants',
      description: 'Repérer les signaux avant qu’il ne soit trop tard.',
      category: 'entrepreneuriat',
      options: [{ durationMinutes: 45, priceCents: 0 }],
    });
    o.sante = await createOffer(db, mehdi, {
      title: 'Santé et travail de nuit',
      description: 'Préserver son sommeil quand on travaille en horaires décalés.',
      category: 'sante-mentale',
      options: [{ durationMinutes: 90, priceCents: 6000 }],
    });
    o.deuil = await createOffer(db, claire, {
      title: 'Deuil : parler de la perte',
      description: 'Un espace calme pour traverser le chagrin.',
      category: 'relations',
      options: [{ durationMinutes: 60, priceCents: 0 }],
    });
    o.hidden = await createOffer(db, claire, {
      title: 'Deuil périnatal (brouillon)',
      description: 'En préparation.',
      category: 'relations',
      visible: false,
    });
  });

  it.each([
    ['burnout', ['burnout', 'burnoutJoined']],
    ['burn-out', ['burnout', 'burnoutJoined']],
    ['BURN-OUT', ['burnout', 'burnoutJoined']],
    ['bunrout', ['burnout', 'burnoutJoined']],
    ['sante', ['sante']],
    ['SANTÉ', ['sante']],
    ['deuil', ['deuil']],
    ['Deuil', ['deuil']],
    ['deiul', ['deuil']],
    ['épuisement', ['burnout']],
    ['epuisement professionel', ['burnout']],
    ['indépendant', ['burnoutJoined']],
    ['Benali', ['burnoutJoined', 'sante']],
    ['dubois deuil', ['deuil']],
    ['sant', ['sante']],
  ])('finds %s', async (query, expected) => {
    const page = await search(`query=${encodeURIComponent(query)}`);
    expect(page.items.map((item) => item.id).sort()).toEqual(expected.map((key) => o[key]!.id).sort());
    expect(page.total).toBe(expected.length);
  });

  it('finds nothing for unrelated words and survives SQL and tsquery syntax', async () => {
    expect((await search('query=astrophysique')).total).toBe(0);
    for (const query of ["'; DROP TABLE offers; --", 'deuil & | ! :* ()', "\\' OR 1=1", '!!!']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/offers/search?query=${encodeURIComponent(query)}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await search('query=deuil%20%26%20%7C%20!')).items.map((i) => i.id)).toEqual([o.deuil!.id]);
  });

  it('never lists hidden offers publicly, but search-for-user shows them to their helper', async () => {
    expect(titles(await search('query=perinatal'))).toEqual([]);
    expect(titles(await search('query=perinatal', mehdi, 'search-for-user'))).toEqual([]);
    expect(titles(await search('query=perinatal', claire, 'search-for-user'))).toEqual(['Deuil périnatal (brouillon)']);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/offers/search-for-user?query=deuil' });
    expect(res.statusCode).toBe(401);
  });

  it('filters by category, by id or French label', async () => {
    const ids = (page: Page) => page.items.map((item) => item.id).sort();
    const expected = [o.burnout!.id, o.sante!.id].sort();
    expect(ids(await search(`helper_id=${mehdi.id}&category=sante-mentale`))).toEqual([o.sante!.id]);
    expect(ids(await search('query=burnout%20sante&category=sante-mentale'))).toEqual([]);
    const both = await search(`category=sante-mentale&limit=100`);
    expect(both.items.map((i) => i.id)).toEqual(expect.arrayContaining(expected));
    expect(ids(await search(`category=${encodeURIComponent('Santé Mentale')}&helper_id=${claire.id}`))).toEqual([
      o.burnout!.id,
    ]);
    expect(ids(await search(`category=Tous&helper_id=${claire.id}`)).length).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/offers/search?category=astrologie' })).statusCode).toBe(
      422,
    );
  });

  it('filters on one pricing option matching price range and duration together', async () => {
    const mine = `helper_id=${claire.id}`;
    const ids = async (qs: string) => (await search(`${mine}&${qs}`)).items.map((item) => item.id).sort();
    expect(await ids('min_price=3000')).toEqual([o.burnout!.id]);
    expect(await ids('max_price=0')).toEqual([o.deuil!.id]);
    expect(await ids('min_price=2500&max_price=4000')).toEqual([o.burnout!.id]);
    expect(await ids('duration=30')).toEqual([o.burnout!.id]);
    expect(await ids('duration=60')).toEqual([o.burnout!.id, o.deuil!.id].sort());
    // The 30-minute option costs 20 €: no single option is both 30 minutes and at least 30 €.
    expect(await ids('duration=30&min_price=3000')).toEqual([]);
  });

  it('pages with page and limit and answers the total', async () => {
    const first = await search(`helper_id=${mehdi.id}&limit=1&page=1`);
    const second = await search(`helper_id=${mehdi.id}&limit=1&page=2`);
    const beyond = await search(`helper_id=${mehdi.id}&limit=1&page=5`);
    expect(first).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    expect(beyond).toMatchObject({ items: [], total: 2, page: 5 });
    // No query: newest first.
    expect(first.items[0]!.id).toBe(o.sante!.id);
    expect((await search(`helper_id=${mehdi.id}`)).limit).toBe(12);
    for (const bad of ['limit=101', 'page=0', 'min_price=-1', 'helper_id=abc']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/offers/search?${bad}` })).statusCode).toBe(422);
    }
  });

  it('ranks the more relevant offer first', async () => {
    const page = await search('query=deuil%20chagrin');
    expect(page.items[0]!.id).toBe(o.deuil!.id);
    const ranked = await search('query=burnout');
    expect(ranked.items[0]!.id).toBe(o.burnoutJoined!.id);
  });
});

describe('query normalization', () => {
  it('gives the terms the database gives, with lower(appui_unaccent()), for French and European text', async () => {
    const samples = [
      'Santé mentale ÉCOUTE',
      "L'après-deuil, à Noël",
      'Œuvre cœur sœur Æsop',
      'maïs garçon où île hôte çà Ÿ',
      'Łódź Øre straße ﬁn',
      // Not superscripts such as "2ᵉ": unaccent's own rules map them differently between PostgreSQL versions.
      'Crème brûlée — séance n° 2',
      'ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜ àâäçéèêëîïôöùûü',
    ];
    for (const sample of samples) {
      const result = await t.app.ctx.db.execute(sql`SELECT lower(appui_unaccent(${sample})) AS value`);
      const inDatabase = (result as { rows: { value: string }[] }).rows[0]!.value;
      expect(parseSearchTerms(normalizeSearchQuery(sample)), sample).toEqual(parseSearchTerms(inDatabase));
    }
  });
});
