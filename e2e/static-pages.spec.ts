import { common, pageErrors } from '#shared/messages/common.ts';
import { about, legal } from '#shared/messages/pages.ts';
import { expect, test } from './fixtures.ts';

/** Static and legal pages (spec 2 "Static and legal pages", spec 1 section 1 for /about). */
const STATIC_PAGES = [
  // "founded 2020" (spec 1 section 1).
  { path: '/about', heading: about.title, mentions: [/2020/] },
  { path: '/confidentialite', heading: legal.privacyTitle, mentions: [/RGPD/] },
  // The terms page states the 10 % commission (spec 1 section 1, spec 2 "Static and legal pages").
  { path: '/cgv', heading: legal.termsTitle, mentions: [/commission de 10\s?%/] },
  // The legal notice names a hosting provider (spec 2 "Static and legal pages").
  { path: '/mentions-legales', heading: legal.noticeTitle, mentions: [/Hébergeur/] },
];

for (const { path, heading, mentions } of STATIC_PAGES) {
  test(`${path} shows its heading and passes axe`, async ({ page, expectNoA11yViolations }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    for (const text of mentions) await expect(page.getByRole('main')).toContainText(text);
    await expectNoA11yViolations(page);
  });
}

test.describe('404 page', () => {
  test('an unknown path shows "Page non trouvée" and passes axe', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/cette-page-n-existe-pas');
    await expect(page.getByRole('heading', { level: 1, name: pageErrors.notFoundTitle })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the home button leads to the landing page', async ({ page }) => {
    await page.goto('/nulle-part');
    await page.getByRole('link', { name: common.backHome, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: pageErrors.notFoundTitle })).toHaveCount(0);
  });

  test('the previous-page button goes back where the visitor came from', async ({ page }) => {
    await page.goto('/about');
    await page.goto('/introuvable/encore');
    await expect(page.getByRole('heading', { level: 1, name: pageErrors.notFoundTitle })).toBeVisible();
    await page.getByRole('button', { name: pageErrors.previousPage }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});
