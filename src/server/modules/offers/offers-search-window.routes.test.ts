import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createHelper } from '#tests/factories/users.ts';
import { SEARCH_RANK_WINDOW, SEARCH_RECENT_SCAN, walkFor } from './offers-search.repository.ts';

// Searches broader than the ranking window: their own database, since totals depend on every offer.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /offers/search beyond SEARCH_RANK_WINDOW matches', () => {
  const broad = SEARCH_RANK_WINDOW + 50;
  let helper: UserRow;
  let other: UserRow;

  type Page = {
    items: { id: string; title: string }[];
    total: number;
    total_is_estimate: boolean;
    page: number;
    limit: number;
  };
  const search = async (qs: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/offers/search?${qs}` });
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };

  beforeAll(async () => {
    const db = t.app.ctx.db;
    helper = await createHelper(db, { displayName: 'Louise Garnier', username: 'louise.garnier' });
    other = await createHelper(db, { displayName: 'Hugo Perrin', username: 'hugo.perrin' });
    // Offer g is g minutes old: "Atelier 1" is the newest. Offer 5 says the word three times (the
    // most relevant inside the window); offer broad - 5, as relevant, is older than the window.
    await db.execute(sql`
      INSERT INTO offers (helper_id, title, description, category, meeting_contact_info, created_at)
      SELECT ${helper.id}, 'Atelier ' || g || CASE WHEN g IN (5, ${broad - 5}) THEN ' zythologie zythologie' ELSE '' END,
             'Découvrir la zythologie ensemble.', 'creativite', 'https://meet.google.com/abc-defg-hij',
             now() - g * interval '1 minute'
      FROM generate_series(1, ${broad}::int) AS g`);
    await db.execute(sql`
      INSERT INTO offers (helper_id, title, description, category, meeting_contact_info, created_at)
      SELECT ${other.id}, 'Atelier rare ' || g, 'Une zythologie rare.', 'carriere', 'https://meet.google.com/abc-defg-hij', now() - interval '1 day'
      FROM generate_series(1, 3) AS g`);
    await db.execute(sql`
      INSERT INTO pricing_options (offer_id, position, duration_minutes, price_cents)
      SELECT id, 0, 60, 0 FROM offers WHERE helper_id IN (${helper.id}, ${other.id})`);
    await db.execute(sql`ANALYZE offers`);
  });

  it('answers an estimated total, never below what it has seen, for a broad search', async () => {
    const page = await search('query=zythologie');
    expect(page.total_is_estimate).toBe(true);
    expect(page.total).toBeGreaterThan(SEARCH_RANK_WINDOW);
    expect(page.items).toHaveLength(12);
  });

  it('counts exactly when the matches fit in the window', async () => {
    const rare = await search('query=zythologie&category=carriere');
    expect(rare).toMatchObject({ total: 3, total_is_estimate: false });
    const mine = await search(`helper_id=${other.id}`);
    expect(mine).toMatchObject({ total: 3, total_is_estimate: false });
  });

  it('ranks the newest matches by relevance, then older ones newest first', async () => {
    const first = await search('query=zythologie');
    expect(first.items[0]!.title).toBe('Atelier 5 zythologie zythologie');
    // Then the newest of the window, in order.
    expect(first.items.slice(1, 4).map((item) => item.title)).toEqual(['Atelier 1', 'Atelier 2', 'Atelier 3']);
    // As relevant, but older than the window: it comes in its place among the older matches.
    const ids = new Set<string>();
    const titles: string[] = [];
    const pages = Math.ceil((broad + 3) / 100);
    for (let n = 1; n <= pages; n++) {
      const page = await search(`query=zythologie&limit=100&page=${n}`);
      for (const item of page.items) {
        ids.add(item.id);
        titles.push(item.title);
      }
    }
    // Every match exactly once across the pages, whatever side of the window it is on.
    expect(ids.size).toBe(broad + 3);
    expect(titles.length).toBe(broad + 3);
    expect(titles.indexOf(`Atelier ${broad - 5} zythologie zythologie`)).toBeGreaterThanOrEqual(SEARCH_RANK_WINDOW);
  });

  it('answers the same on every run, whichever plan the database keeps for its prepared statements', async () => {
    // PostgreSQL plans a prepared statement for its parameters five times, then may keep one plan.
    const searches = [
      'query=zythologie',
      'query=zythologie&category=creativite&page=2',
      'query=zythologie&duration=60&max_price=0',
      'category=creativite&limit=20',
      'query=ateli',
    ];
    const first = await Promise.all(searches.map(search));
    for (let run = 0; run < 6; run++) {
      expect(await Promise.all(searches.map(search))).toEqual(first);
    }
    expect(first[0]!.items[0]!.title).toBe('Atelier 5 zythologie zythologie');
    expect(first[2]!.items.length).toBe(12);
  });

  it('answers a deep page and then the first one as before (the newest offers hold only part of the deep one)', async () => {
    const first = await search('query=zythologie&limit=100');
    const deep = await search('query=zythologie&limit=100&page=2');
    expect(deep.items.length).toBe(broad + 3 - 100);
    expect(deep.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    expect(await search('query=zythologie&limit=100')).toEqual(first);
    expect(await search('query=zythologie&limit=100&page=2')).toEqual(deep);
  });

  it('estimates without a text query too, and stays exact past the last page', async () => {
    const all = await search('limit=5');
    expect(all.total_is_estimate).toBe(true);
    expect(all.total).toBeGreaterThan(SEARCH_RANK_WINDOW);
    const beyond = await search(`helper_id=${other.id}&page=9&limit=5`);
    expect(beyond).toMatchObject({ items: [], total: 3, total_is_estimate: false });
  });

  // Runs last: it buries the matches under newer offers.
  it('answers the same when the matches are older than the newest offers searched first', async () => {
    const before = await search('query=zythologie&limit=20');
    const db = t.app.ctx.db;
    await db.execute(sql`
      INSERT INTO offers (helper_id, title, description, category, meeting_contact_info, created_at)
      SELECT ${other.id}, 'Séance récente ' || g, 'Rien à voir.', 'carriere', 'https://meet.google.com/abc-defg-hij',
             now() + g * interval '1 second'
      FROM generate_series(1, ${SEARCH_RECENT_SCAN}::int) AS g`);
    await db.execute(sql`ANALYZE offers`);
    const after = await search('query=zythologie&limit=20');
    expect(after.items.map((item) => item.title)).toEqual(before.items.map((item) => item.title));
    expect(after.items[0]!.title).toBe('Atelier 5 zythologie zythologie');
    expect(after.total_is_estimate).toBe(true);
    // The server now knows the newest offers hold too few matches and searches the whole table at once.
    expect(await search('query=zythologie&limit=20')).toEqual(after);
  });

  // Runs after the burial above: these offers are newer than everything else.
  it('walks further than the first step when it found matches, just too few, and answers the same', async () => {
    const db = t.app.ctx.db;
    const count = 5000;
    // One offer in 40 matches: 75 among the newest 3 000, fewer than a first page needs.
    await db.execute(sql`
      INSERT INTO offers (helper_id, title, description, category, meeting_contact_info, created_at)
      SELECT ${other.id}, 'Offre ' || g || CASE WHEN g % 40 = 0 THEN ' pollinisation' ELSE '' END,
             'Rien de plus.', 'etudes', 'https://meet.google.com/abc-defg-hij', now() + interval '1 day' - g * interval '1 second'
      FROM generate_series(1, ${count}::int) AS g`);
    await db.execute(sql`ANALYZE offers`);
    const held = Math.floor(SEARCH_RECENT_SCAN / 40);
    expect(walkFor(held, SEARCH_RANK_WINDOW + 1)).toBeGreaterThan(SEARCH_RECENT_SCAN);
    const newestTwelve = Array.from({ length: 12 }, (_, n) => `Offre ${(n + 1) * 40} pollinisation`);
    for (let run = 0; run < 2; run++) {
      const page = await search('query=pollinisation');
      expect(page.items.map((item) => item.title)).toEqual(newestTwelve);
      expect(page.total_is_estimate).toBe(true);
      expect(page.total).toBeGreaterThan(SEARCH_RANK_WINDOW);
    }
    const last = await search('query=pollinisation&limit=100&page=2');
    expect(last).toMatchObject({ total: count / 40, total_is_estimate: false });
    expect(last.items.at(-1)!.title).toBe(`Offre ${count} pollinisation`);
  });
});
