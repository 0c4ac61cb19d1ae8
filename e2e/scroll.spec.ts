import type { Page } from '@playwright/test';
import { paymentCancel } from '#shared/messages/payments-web.ts';
import { expect, test } from './fixtures.ts';

/**
 * Every navigation opens its page at the top, on a phone: the payment return pages once opened
 * scrolled to the footer, because the router restored there the position of the page left before
 * the checkout (each freshly loaded document's first history entry shared one key).
 */

test.use({ viewport: { width: 360, height: 740 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The router's scroll handling has run once `history.scrollRestoration` is manual (ScrollRestoration). */
async function settled(page: Page) {
  await expect.poll(() => page.evaluate(() => history.scrollRestoration)).toBe('manual');
}

/** Opens a long page and scrolls to its bottom once the app runs, as someone who read it to the footer. */
async function readToTheFooter(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(800);
  return scrollY(page);
}

test('a payment return page loaded after a long scrolled page opens at its top, back restores the reading', async ({
  page,
  createUser,
  loginAs,
}) => {
  await loginAs(page, await createUser());
  const readTo = await readToTheFooter(page, '/cgv');

  // Coming back from the checkout is a fresh page load, as from the provider's page.
  await page.goto('/payment/cancel');
  await expect(page.getByRole('heading', { level: 1, name: paymentCancel.title })).toBeVisible();
  await settled(page);
  expect(await scrollY(page)).toBe(0);

  await page.goto('/payment/success?session_id=cs_inconnu');
  await expect(page.locator('main h1').first()).toBeVisible();
  await settled(page);
  expect(await scrollY(page)).toBe(0);

  // Back twice, to the terms read to the footer: their position comes back.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/cgv$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(readTo - 50);
});

test('a link followed from the bottom of a long page opens the next page at its top', async ({ page }) => {
  await readToTheFooter(page, '/cgv');
  await page.locator('footer').getByRole('link').first().click();
  await expect(page).not.toHaveURL(/\/cgv$/);
  await settled(page);
  await expect.poll(() => scrollY(page)).toBe(0);
});
