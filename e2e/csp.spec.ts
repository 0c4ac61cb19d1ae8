import type { PublicOffer } from '#shared/schemas/offers.ts';
import { API, expect, test } from './fixtures.ts';

/**
 * The strict CSP (no eval, no inline script) must never be violated, not even by a blocked attempt
 * that the code catches: Chrome logs each one as an issue and Lighthouse's best-practices score
 * drops to 96 (`npm run bench:web`). zod probes `new Function` when a schema is built before
 * `jitless` is set, which the chunking of vite.config.ts must prevent.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the public pages load without a Content-Security-Policy violation', async ({ page, request }) => {
  const offers = (await (await request.get(`${API}/offers/?limit=100`)).json()) as PublicOffer[];
  const offer = offers.find((candidate) => candidate.visible && candidate.price_cents > 0);
  expect(offer, 'the demo data has a visible paid offer').toBeDefined();
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  for (const path of ['/', '/recherche', `/book/${offer!.id}`, `/mentors/${offer!.helper_id}`, '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.__cspViolations), path).toEqual([]);
  }
});
