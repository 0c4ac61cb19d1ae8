import type { Page } from '@playwright/test';
import { common, nav, pageTitles } from '#shared/messages/common.ts';
import { bookingPage } from '#shared/messages/bookings.ts';
import { explore, helperProfile, offers } from '#shared/messages/offers.ts';
import { COMPILE_HINT } from '../scripts/compile-hints.ts';
import { API, expect, test, type TestUser } from './fixtures.ts';

/**
 * Public pages rendered by the server (issue 11 sections 2 and 4): with JavaScript off, a visitor
 * and a crawler read the offer, its price and its helper, with a French title, a canonical link and
 * JSON-LD; unknown and hidden offers answer 404. With JavaScript on, the page hydrates what the
 * server sent without asking the API for it again.
 */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Offer = { id: string; title: string };
type PublicOffer = Offer & { helper_id: string; price_cents: number; helper: { display_name: string | null } };

const auth = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });
const CONTACT = '+33612345678';

type Seeded = {
  /** A fresh helper (no review) with a free visible offer and a hidden one. */
  helper: TestUser;
  offer: Offer;
  hidden: Offer;
  /**
   * A paid offer of the demo data: a paid offer needs a payout account, which only the payment
   * provider's onboarding gives (e2e/payments.spec.ts), so the journey reads one already there.
   */
  paid: PublicOffer;
};

const world = test.extend<{ seeded: Seeded }>({
  seeded: async ({ api, createUser }, use) => {
    const helper = await createUser({ role: 'helper' });
    const create = async (title: string, visible: boolean): Promise<Offer> => {
      const response = await api.post(`${API}/offers/`, {
        headers: auth(helper),
        data: {
          title,
          description: 'Une heure pour parler de ce qui déborde au travail, sans jugement et en confiance.',
          category: 'carriere',
          currency: 'eur',
          meeting_contact_info: CONTACT,
          pricing_options: [
            { duration_minutes: 60, price_cents: 0 },
            { duration_minutes: 30, price_cents: 0 },
          ],
          visible,
        },
      });
      expect(response.status()).toBe(201);
      return { id: ((await response.json()) as { id: string }).id, title };
    };
    const suffix = helper.user.id.slice(0, 6);
    const offer = await create(`Souffler après un burn-out ${suffix}`, true);
    const hidden = await create(`Offre masquée ${suffix}`, false);
    const listed = (await (await api.get(`${API}/offers/?limit=100`)).json()) as PublicOffer[];
    const paid = listed.find((candidate) => candidate.price_cents > 0);
    if (!paid) throw new Error('the demo data has no paid offer (SEED_DEMO=true)');
    await use({ helper, offer, hidden, paid });
  },
});

/** "45,00 €" as fr-FR writes it (a narrow no-break space before the sign). */
const euros = (cents: number) => new RegExp(`${(cents / 100).toFixed(2).replace('.', ',')}\\s€`);

const helperName = (helper: TestUser) => helper.user.display_name ?? '';

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

world.describe('with JavaScript disabled', () => {
  world.use({ javaScriptEnabled: false });

  world('the booking page is readable from the HTML: offer, price, helper, head', async ({ page, seeded, baseURL }) => {
    const { paid } = seeded;
    const response = await page.goto(`/book/${paid.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1, name: paid.title })).toBeVisible();
    await expect(page.getByText(euros(paid.price_cents)).first()).toBeVisible();
    const name = paid.helper.display_name ?? '';
    await expect(page.getByText(bookingPage.withHelper(name))).toBeVisible();

    await expect(page).toHaveTitle(pageTitles.bookOffer(paid.title));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/book/${paid.id}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      pageTitles.bookOffer(paid.title),
    );
    const [service] = await jsonLd(page);
    expect(service).toMatchObject({
      '@type': 'Service',
      name: paid.title,
      url: `${baseURL}/book/${paid.id}`,
      provider: { '@type': 'Person', name, url: `${baseURL}/mentors/${paid.helper_id}` },
    });
    expect(service?.offers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'Offer', price: (paid.price_cents / 100).toFixed(2), priceCurrency: 'EUR' }),
      ]),
    );
  });

  world('a free offer reads "Gratuit" and its JSON-LD price is 0.00', async ({ page, seeded }) => {
    await page.goto(`/book/${seeded.offer.id}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.offer.title })).toBeVisible();
    await expect(page.getByText(common.free).first()).toBeVisible();
    await expect(page.getByText(bookingPage.withHelper(helperName(seeded.helper)))).toBeVisible();
    const [service] = await jsonLd(page);
    expect(service?.offers).toEqual([
      expect.objectContaining({ price: '0.00', priceCurrency: 'EUR' }),
      expect.objectContaining({ price: '0.00', priceCurrency: 'EUR' }),
    ]);
  });

  world(
    'the helper page is readable from the HTML: name, offers, rating, head',
    async ({ page, api, seeded, baseURL }) => {
      const { paid } = seeded;
      const response = await page.goto(`/mentors/${paid.helper_id}`);
      expect(response?.status()).toBe(200);
      const name = paid.helper.display_name ?? '';
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(paid.title).first()).toBeVisible();
      await expect(page.getByText(euros(paid.price_cents)).first()).toBeVisible();

      await expect(page).toHaveTitle(pageTitles.mentorNamed(name));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseURL}/mentors/${paid.helper_id}`,
      );
      const [person] = await jsonLd(page);
      expect(person).toMatchObject({ '@type': 'Person', name, url: `${baseURL}/mentors/${paid.helper_id}` });
      const summary = (await (await api.get(`${API}/reviews/summary?helper_id=${paid.helper_id}`)).json()) as {
        count: number;
      };
      if (summary.count > 0) {
        expect(person?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: summary.count });
      } else {
        expect(person).not.toHaveProperty('aggregateRating');
      }
    },
  );

  world(
    'a helper without reviews has no rating in JSON-LD, nor their hidden offer on the page',
    async ({ page, seeded }) => {
      const name = helperName(seeded.helper);
      await page.goto(`/mentors/${seeded.helper.user.id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(seeded.offer.title)).toBeVisible();
      await expect(page.getByText(seeded.hidden.title)).toHaveCount(0);
      const [person] = await jsonLd(page);
      expect(person).toMatchObject({ '@type': 'Person', name });
      // An empty rating would be invalid structured data.
      expect(person).not.toHaveProperty('aggregateRating');
    },
  );

  world(
    'an unknown or hidden offer and an unknown helper answer 404 with the French page',
    async ({ page, seeded }) => {
      for (const id of [UNKNOWN_ID, seeded.hidden.id, 'pas-un-identifiant']) {
        const response = await page.goto(`/book/${id}`);
        expect(response?.status(), id).toBe(404);
        await expect(page.getByText(offers.notFound)).toBeVisible();
        await expect(page).toHaveTitle(pageTitles.notFound);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      }
      const response = await page.goto(`/mentors/${UNKNOWN_ID}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(helperProfile.unavailable)).toBeVisible();
    },
  );

  world('the search page lists the results of the search in its address', async ({ page, seeded }) => {
    const response = await page.goto(`/recherche?search=${encodeURIComponent(seeded.offer.title)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(seeded.offer.title).first()).toBeVisible();
    // Typed words are never indexed (anyone could have any text indexed under our address).
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  world(
    'sitemap.xml lists visible offers and their helpers, not a hidden one; robots.txt points at it',
    async ({ api, seeded, baseURL }) => {
      const sitemap = await api.get('/sitemap.xml');
      expect(sitemap.status()).toBe(200);
      const xml = await sitemap.text();
      expect(xml).toContain(`<loc>${baseURL}/about</loc>`);
      // The demo data's offer; the journey's own may not be in it yet (rebuilt once a minute at most).
      expect(xml).toContain(`<loc>${baseURL}/book/${seeded.paid.id}</loc>`);
      expect(xml).toContain(`<loc>${baseURL}/mentors/${seeded.paid.helper_id}</loc>`);
      expect(xml).not.toContain(seeded.hidden.id);
      const robots = await (await api.get('/robots.txt')).text();
      expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
      expect(robots).toContain('Disallow: /dashboard');
    },
  );
});

world.describe('with JavaScript', () => {
  /** API requests whose path contains one of `needles`, as the page makes them. */
  function watchApi(page: Page, needles: string[]): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(API) && needles.some((needle) => `${url.pathname}${url.search}`.includes(needle))) {
        seen.push(`${url.pathname}${url.search}`);
      }
    });
    return seen;
  }

  /**
   * Keeps the server's <h1> element as parsed, before any script runs: hydration adopts that very
   * node, where rendering from scratch (or a mismatch) would replace it, which a visitor sees as a flash.
   */
  async function keepServerHeading(page: Page): Promise<void> {
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
      });
    });
  }

  /** Waits until React owns the page's <h1>, then until the page's own requests are done. */
  async function expectHydrated(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const heading = document.querySelector('h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
    });
    await page.waitForLoadState('networkidle');
    const sameHeading = await page.evaluate(() => {
      const kept = (window as unknown as { serverHeading?: Element | null }).serverHeading;
      return kept !== null && kept !== undefined && kept === document.querySelector('h1');
    });
    expect(sameHeading, 'the server-rendered <h1> was replaced instead of hydrated').toBe(true);
  }

  /** Console errors (React reports a hydration mismatch there). */
  function watchConsoleErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return errors;
  }

  world('the booking page hydrates without fetching the offer or its free windows again', async ({ page, seeded }) => {
    // The free windows of the month and the helper's card-payment status came with the page.
    const requests = watchApi(page, [`/offers/${seeded.offer.id}`, '/time-slots/', '/stripe-status']);
    const errors = watchConsoleErrors(page);
    await keepServerHeading(page);
    await page.goto(`/book/${seeded.offer.id}`);
    await expectHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: seeded.offer.title })).toBeVisible();
    await expect(page).toHaveTitle(pageTitles.bookOffer(seeded.offer.title));
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  world('the helper page hydrates without fetching the profile, offers or reviews again', async ({ page, seeded }) => {
    const id = seeded.helper.user.id;
    const requests = watchApi(page, [`/users/${id}`, `helper_id=${id}`]);
    const errors = watchConsoleErrors(page);
    await keepServerHeading(page);
    await page.goto(`/mentors/${id}`);
    await expectHydrated(page);
    // Hydrated: the tabs respond to a click (a server-rendered page alone would not switch them).
    await page.getByRole('tab', { name: helperProfile.tabReviews }).click();
    await expect(page.getByText(helperProfile.noReviewsTitle)).toBeVisible();
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  world('the landing page hydrates without fetching the featured offers again', async ({ page }) => {
    const requests = watchApi(page, ['/offers/?', '/offers?']);
    const errors = watchConsoleErrors(page);
    await keepServerHeading(page);
    await page.goto('/');
    await expectHydrated(page);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  world("the JavaScript the helper page starts with opens with V8's compile hint, first line", async ({
    page,
    seeded,
  }) => {
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      // A response whose body is gone (a navigation) reads as empty: the test then fails on it, never unhandled.
      if (/^\/assets\/[^/]+\.js$/.test(pathname)) scripts.set(pathname, response.text().catch(() => ''));
    });
    await page.goto(`/mentors/${seeded.helper.user.id}`, { waitUntil: 'networkidle' });
    const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
    // The entry, the app and the page: the last two carry Vite's dependency map, which must come after.
    const startup = [...scripts.keys()].filter(
      (pathname) => pathname === entry || /^\/assets\/(main|mentor)-[\w-]{8}\.js$/.test(pathname),
    );
    expect(startup).toHaveLength(3);
    for (const pathname of startup) {
      expect((await scripts.get(pathname))?.split('\n', 1)[0], pathname).toBe(COMPILE_HINT);
    }
  });

  world('a logged-in person who clicked into the search before the app started keeps typing into it', async ({
    page,
    seeded,
    createUser,
    loginAs,
  }) => {
    await loginAs(page, await createUser());
    // The app's entry is held until the field has the focus: meanwhile the page is the server's.
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/explore', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: explore.searchLabel }).click();

    // A logged-in person's page is rendered afresh over the server's (the header's "Se connecter"
    // goes): the field is a new one, and the focus must have followed it.
    releaseApp();
    await expect(page.getByRole('button', { name: nav.login, exact: true })).toHaveCount(0);
    await page.keyboard.type(seeded.offer.title);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(seeded.offer.title);
    await expect(page.getByRole('article').getByRole('heading', { name: seeded.offer.title })).toBeVisible();
  });
});
