import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, adminConsole } from '#shared/messages/admin.ts';
import { explore } from '#shared/messages/offers.ts';
import { API, expect, searchExplore, test, type TestUser } from './fixtures.ts';

/**
 * The admin console (issue 12 sections 3 and 4): an admin hides an offer from the offers tab and it
 * leaves the search of /explore, shows it again and it comes back, and edits its title in the modal.
 * A signed-in non-admin opening /admin is sent home with the spec's toast. axe on every page and
 * dialog.
 */

const auth = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** A word no other offer holds, letters only, so the French full-text search finds this offer alone. */
const uniqueWord = () =>
  `zeb${randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

async function createOffer(api: APIRequestContext, helper: TestUser, title: string): Promise<string> {
  const created = await api.post(`${API}/offers/`, {
    headers: auth(helper),
    data: {
      title,
      description: 'Une heure pour souffler et remettre de l’ordre dans ses idées, sans jugement.',
      category: 'relations',
      currency: 'eur',
      meeting_contact_info: 'https://meet.google.com/abc-defg-hij',
      pricing_options: [{ duration_minutes: 60, price_cents: 0 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('an admin hides an offer and it leaves the search, shows it again and it comes back, then edits its title', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(150_000);
  const adminUser = await createUser({ role: 'admin' });
  const helper = await createUser({ role: 'helper' });
  const word = uniqueWord();
  const title = `Retrouver le sommeil ${word}`;
  const newTitle = `Retrouver un sommeil apaisé ${word}`;
  await createOffer(api, helper, title);

  // A visitor finds the offer on /explore.
  const visitorContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const visitor = await visitorContext.newPage();
  let cards = await searchExplore(visitor, word);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();

  // The admin searches it on the offers tab: visible.
  await loginAs(page, adminUser);
  await page.goto('/admin?tab=offers');
  await expect(page.getByRole('tab', { name: adminConsole.tabOffers, selected: true })).toBeVisible();
  const search = page.getByRole('searchbox', { name: adminConsole.offersSearchLabel });
  await search.fill(word);
  await search.press('Enter');
  await expect(page.getByText(adminConsole.offersCount(1), { exact: true })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: word });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  const visibility = row.getByRole('switch', { name: adminConsole.visibilityLabel(title) });
  await expect(visibility).toBeChecked();
  await expect(row.getByText(admin.visible, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // Hidden: the label turns "Masquée" and the offer leaves the search.
  await visibility.click();
  await expect(row.getByText(admin.hidden, { exact: true })).toBeVisible();
  await expect(visibility).not.toBeChecked();
  await expect(visibility).toBeEnabled();
  cards = await searchExplore(visitor, word);
  await expect(visitor.getByRole('heading', { name: explore.noResultsTitle })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expectNoA11yViolations(visitor);

  // Still hidden after the console's refresh (the server holds it, not only the page).
  await page.getByRole('button', { name: adminConsole.refresh }).click();
  await expect(row.getByText(admin.hidden, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // Shown again: it comes back in the search.
  await visibility.click();
  await expect(row.getByText(admin.visible, { exact: true })).toBeVisible();
  await expect(visibility).toBeChecked();
  await expect(visibility).toBeEnabled();
  cards = await searchExplore(visitor, word);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();

  // The title edited in the modal: the spec's toast, the new title in the list and on /explore.
  await row.getByRole('button', { name: adminConsole.editOfferLabel(title) }).click();
  const dialog = page.getByRole('dialog', { name: adminConsole.editTitle });
  await expect(dialog.getByLabel(adminConsole.fieldTitle)).toHaveValue(title);
  await expect(dialog.getByLabel(adminConsole.fieldPrice)).toHaveValue('0');
  await expect(dialog.getByLabel(adminConsole.fieldDuration)).toHaveValue('60');
  await expectNoA11yViolations(page);
  await dialog.getByLabel(adminConsole.fieldTitle).fill(newTitle);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, admin.edited);
  await expect(dialog).toBeHidden();
  await expect(row.getByText(newTitle, { exact: true })).toBeVisible();
  await expect(row.getByRole('switch', { name: adminConsole.visibilityLabel(newTitle) })).toBeChecked();
  await expectNoA11yViolations(page);
  cards = await searchExplore(visitor, word);
  await expect(cards.getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(cards.getByRole('heading', { name: title, exact: true })).toHaveCount(0);

  // The dashboard tab lists these actions among the latest ones.
  await page.getByRole('tab', { name: adminConsole.tabDashboard }).click();
  await expect(page).toHaveURL(/[?&]tab=dashboard/);
  await expect(page.getByText(adminConsole.auditActions['offer.update']!).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await visitorContext.close();
});

test('a signed-in seeker opening /admin is sent home with "Accès refusé"', async ({
  page,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  const seeker = await createUser();
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(`${API}/admin`)) adminCalls.push(pathname);
  });
  await loginAs(page, seeker);
  await page.goto('/admin');
  await expectToast(page, admin.accessDeniedToast);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: adminConsole.title })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  await expectNoA11yViolations(page);

  // /admin/support too.
  await page.goto('/admin/support');
  await expectToast(page, admin.accessDeniedToast);
  await expect(page).toHaveURL(/\/$/);
  expect(adminCalls).toEqual([]);
});
