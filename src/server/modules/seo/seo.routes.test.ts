import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

describe('GET /sitemap.xml and /robots.txt (issue 11 section 2)', () => {
  let t: TestApp;
  let helper: UserRow;
  let seeker: UserRow;
  let admin: UserRow;
  let visible: TestOffer;
  let hidden: TestOffer;
  let deleted: TestOffer;
  let quietHelper: UserRow;

  beforeAll(async () => {
    t = await buildTestApp();
    const { db } = t.app.ctx;
    helper = await createHelper(db);
    quietHelper = await createHelper(db);
    seeker = await createSeeker(db);
    admin = await createAdmin(db);
    visible = await createOffer(db, helper, { title: 'Visible' });
    hidden = await createOffer(db, quietHelper, { title: 'Masquée', visible: false });
    deleted = await createOffer(db, quietHelper, { title: 'Supprimée', deletedAt: new Date() });
  });
  afterAll(() => t.close());

  const callers: [string, () => UserRow | null][] = [
    ['a visitor', () => null],
    ['a seeker', () => seeker],
    ['an admin', () => admin],
  ];
  it.each(callers)(
    'gives %s the static pages, listed offers and their helpers, on PUBLIC_URL',
    async (_who, caller) => {
      const res = await t.injectAs(caller(), { method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const xml = res.body;
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (const path of [
        '/',
        '/recherche',
        '/about',
        '/support',
        '/cgv',
        '/mentions-legales',
        '/confidentialite',
        '/verification-des-aidants',
      ]) {
        expect(xml).toContain(`<loc>http://appui.test${path}</loc>`);
      }
      expect(xml).toContain(`<loc>http://appui.test/book/${visible.id}</loc><lastmod>`);
      expect(xml).toContain(`<loc>http://appui.test/mentors/${helper.id}</loc>`);
      // Hidden and deleted offers stay out, and so does a helper with no listed offer.
      expect(xml).not.toContain(hidden.id);
      expect(xml).not.toContain(deleted.id);
      expect(xml).not.toContain(quietHelper.id);
      // Never a private address.
      expect(xml).not.toMatch(/dashboard|admin|edit-offer/);
    },
  );

  it('answers from one build for a minute: asking in a loop costs no new query', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const late = await createOffer(t.app.ctx.db, helper, { title: 'Arrivée après' });
    const after = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(after).toBe(before);
    expect(after).not.toContain(late.id);
  });

  it('robots.txt keeps crawlers out of the private areas and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const path of ['/api/', '/dashboard', '/admin', '/edit-profile', '/payment/', '/reset-password']) {
      expect(res.body).toContain(`Disallow: ${path}\n`);
    }
    expect(res.body).not.toMatch(/Disallow: \/(book|mentors|recherche)/);
    expect(res.body).toContain('Sitemap: http://appui.test/sitemap.xml');
  });
});
