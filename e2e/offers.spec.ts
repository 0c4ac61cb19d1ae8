import { bookingsTab } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { featuredOffers, offerCard } from '#shared/messages/offer-card.ts';
import { categories, explore, helperProfile, offers } from '#shared/messages/offers.ts';
import { API, expect, test, type TestUser } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Offers, search and helper profiles (spec 1 sections 2, 5 and 8; spec 2 section 4). The paid offer
 * needs a completed payout account: the demo seed gives one to Claire Dubois (seed/offers.ts).
 */
const DEMO_PAID_HELPER = { email: 'claire.dubois@appui.demo', password: 'appui-demo' } as const;

const unique = () => Date.now().toString(36);

async function loginDemoHelper(api: APIRequestContext): Promise<Pick<TestUser, 'token'> & { id: string }> {
  const login = await api.post(`${API}/auth/login`, { data: DEMO_PAID_HELPER });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = await api.get(`${API}/users/me`, { headers: { authorization: `Bearer ${token}` } });
  return { token, id: ((await me.json()) as { id: string }).id };
}

async function fillOffer(
  page: Page,
  values: { title: string; description: string; category: string; contact: string; price: string },
) {
  await page.getByLabel(offers.fieldTitle).fill(values.title);
  await page.getByLabel(offers.fieldDescription).fill(values.description);
  await page.getByRole('combobox', { name: offers.fieldCategory }).click();
  await page.getByRole('option', { name: values.category }).click();
  await page.getByLabel(offers.fieldContact).fill(values.contact);
  await page.getByLabel(/^Prix/).fill(values.price);
}

test('a helper creates, edits, hides and deletes offers', async ({ page, api, loginAs, expectNoA11yViolations }) => {
  const helper = await loginDemoHelper(api);
  await loginAs(page, helper);
  const suffix = unique();
  const paidTitle = `Retrouver le sommeil ${suffix}`;
  const freeTitle = `Premier appel découverte ${suffix}`;

  // Paid offer, with each French error on bad contact information first.
  await page.goto('/create-offer');
  await expect(page.getByRole('heading', { level: 1, name: offers.createTitle })).toBeVisible();
  await expect(page.getByText(offers.payoutNotice)).toBeVisible();
  await expectNoA11yViolations(page);
  await fillOffer(page, {
    title: paidTitle,
    description: 'Une heure pour comprendre vos nuits et retrouver un rythme.',
    category: categories['sante-mentale'],
    contact: '+0612345678',
    price: '40',
  });
  const publish = page.getByRole('button', { name: offers.submitCreate });
  await publish.click();
  await expect(page.getByText(offers.contactInvalidPhone)).toBeVisible();
  await page.getByLabel(offers.fieldContact).fill('https://zoom.us.evil.com/j/123456');
  await publish.click();
  await expect(page.getByText(offers.contactInvalidLink)).toBeVisible();
  await page.getByLabel(offers.fieldContact).fill('appelez-moi le soir');
  await publish.click();
  await expect(page.getByText(offers.contactInvalidFormat)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel(offers.fieldContact).fill('https://teams.microsoft.com/l/meetup-join/appui-e2e');
  await publish.click();
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}\/add-slots$/);
  const paidId = /\/offers\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';

  // Free offer with a phone number.
  await page.goto('/create-offer');
  await fillOffer(page, {
    title: freeTitle,
    description: 'Un premier échange gratuit pour faire le point sur votre santé mentale.',
    category: categories.relations,
    contact: '+33 6 12 34 56 78',
    price: '0',
  });
  await page.getByRole('button', { name: offers.submitCreate }).click();
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}\/add-slots$/);

  // Edit the paid one: the form loads the private offer, contact information included.
  const editedTitle = `${paidTitle} (modifiée)`;
  await page.goto(`/edit-offer/${paidId}`);
  await expect(page.getByLabel(offers.fieldContact)).toHaveValue('https://teams.microsoft.com/l/meetup-join/appui-e2e');
  await expect(page.getByLabel(/^Prix/)).toHaveValue('40');
  await expectNoA11yViolations(page);
  await page.getByLabel(offers.fieldTitle).fill(editedTitle);
  await page.getByRole('button', { name: offers.submitEdit }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=offers$/);
  await expect(page.getByText(offers.updated)).toBeVisible();
  await expect(page.getByRole('heading', { name: editedTitle })).toBeVisible();
  await expectNoA11yViolations(page);

  // Hide the free one: the public profile stops listing it.
  const visibility = page.getByRole('switch', { name: offers.visibilityLabel(freeTitle) });
  await expect(visibility).toBeChecked();
  await visibility.click();
  await expect(visibility).not.toBeChecked();
  await page.goto(`/mentors/${helper.id}`);
  await expect(page.getByRole('heading', { name: editedTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: freeTitle })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Delete the edited one, after confirmation.
  await page.goto('/dashboard?tab=offers');
  await page.getByRole('button', { name: `${common.delete} « ${editedTitle} »` }).click();
  await expect(page.getByRole('alertdialog', { name: offers.deleteConfirmTitle })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: common.delete }).click();
  await expect(page.getByText(offers.deleted)).toBeVisible();
  await expect(page.getByRole('heading', { name: editedTitle })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: freeTitle })).toBeVisible();
});

test('a helper without a payout account is told to set it up before a paid offer', async ({
  page,
  createUser,
  loginAs,
}) => {
  const helper = await createUser({ role: 'helper' });
  await loginAs(page, helper);
  await page.goto('/create-offer');
  // The default option is 50 €: the payout rule shows at once, with the way to the dashboard.
  await expect(page.getByText(offers.payoutAccountRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: offers.payoutSetupLink })).toHaveAttribute(
    'href',
    '/dashboard?tab=overview',
  );
  await page.getByLabel(/^Prix/).fill('0');
  await expect(page.getByText(offers.payoutAccountRequired)).toHaveCount(0);

  // No booking received yet: the next step is adding availability, not searching for help.
  await page.goto('/dashboard?tab=bookings');
  await expect(page.getByText(bookingsTab.helperEmptyTitle)).toBeVisible();
  await expect(page.getByRole('link', { name: bookingsTab.helperEmptyAction })).toHaveAttribute(
    'href',
    '/manage-availability',
  );
});

test('a seeker cannot open the offer form', async ({ page, createUser, loginAs }) => {
  const seeker = await createUser();
  await loginAs(page, seeker);
  await page.goto('/create-offer');
  await expect(page.getByRole('heading', { name: common.accessDenied })).toBeVisible();
});

test('a visitor searches, filters by category, and is asked to log in to book', async ({
  page,
  api,
  createUser,
  expectNoA11yViolations,
}) => {
  const helper = await createUser({ role: 'helper' });
  const title = `Respirer quand tout déborde ${unique()}`;
  const created = await api.post(`${API}/offers/`, {
    headers: { authorization: `Bearer ${helper.token}` },
    data: {
      title,
      description: 'Des exercices simples pour prendre soin de votre santé au quotidien.',
      category: 'sante-mentale',
      currency: 'eur',
      meeting_contact_info: '+33612345678',
      pricing_options: [{ duration_minutes: 30, price_cents: 0 }],
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: featuredOffers.title })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', /\/book\/[0-9a-f-]{36}$/);

  await page.goto('/recherche');
  await expect(page.getByRole('heading', { level: 1, name: explore.title })).toBeVisible();
  await page.getByRole('searchbox', { name: explore.searchLabel }).fill('sante');
  await page.getByRole('searchbox', { name: explore.searchLabel }).press('Enter');
  await expect(page).toHaveURL(/[?&]search=sante(&|$)/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/aidant\(s\) trouvé\(s\)/)).toBeVisible();
  await expectNoA11yViolations(page);

  await page
    .getByRole('group', { name: explore.categoriesLabel })
    .getByRole('button', { name: categories['sante-mentale'] })
    .click();
  await expect(page).toHaveURL(/category=sante-mentale/);
  await expect(page).toHaveURL(/search=sante/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page
    .getByRole('group', { name: explore.categoriesLabel })
    .getByRole('button', { name: categories.carriere })
    .click();
  await expect(page).toHaveURL(/category=carriere/);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // The address keeps the filters: reloading shows the same results.
  await page.goto(`/explore?search=sante&category=sante-mentale`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The helper's profile, as a visitor: a prompt to log in, the offers and the reviews tabs.
  await page
    .getByRole('link', { name: helper.user.display_name ?? '' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/mentors/${helper.user.id}$`));
  await expect(page.getByText(helperProfile.loginPrompt)).toBeVisible();
  await page.getByRole('tab', { name: helperProfile.tabReviews }).click();
  await expect(page.getByText(helperProfile.noReviewsTitle)).toBeVisible();
  await expectNoA11yViolations(page);

  // Logged out, "Réserver" goes home with the login dialog open.
  await page.getByRole('tab', { name: helperProfile.tabOffers }).click();
  await page.getByRole('button', { name: offerCard.bookHelper(title) }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a seeker profile is not a helper profile', async ({ page, createUser }) => {
  const seeker = await createUser();
  await page.goto(`/mentors/${seeker.user.id}`);
  await expect(page.getByRole('heading', { name: helperProfile.unavailable })).toBeVisible();
});

test.describe('explore filters on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // Issue 8: at 360 px the two selects sat side by side and cut their choice ("Jusqu'à 20 (").
  // A native select cannot be measured with scrollWidth: the longest choice's text width (canvas,
  // the select's own font) must fit the content box minus room for the browser's arrow.
  test('price and duration show whole choices, work from the keyboard, and live in the address', async ({ page }) => {
    const SELECT_ARROW_ALLOWANCE_PX = 24;
    await page.goto('/explore');
    await expect(page.getByRole('heading', { level: 1, name: explore.title })).toBeVisible();
    for (const label of [explore.priceFilterLabel, explore.durationFilterLabel]) {
      const cut = await page.getByLabel(label, { exact: true }).evaluate((element, arrow) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return ['no canvas'];
        context.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
        return [...select.options]
          .map((option) => option.text)
          .filter((text) => context.measureText(text).width > room);
      }, SELECT_ARROW_ALLOWANCE_PX);
      expect(cut, `${label}: choices cut at 360 px`).toEqual([]);
    }

    const price = page.getByLabel(explore.priceFilterLabel, { exact: true });
    await price.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/[?&]max_price=0(&|$)/);
    await expect(price).toBeFocused();
    await page.goBack();
    await expect(page).not.toHaveURL(/max_price/);
    await expect(price).toHaveValue('');
  });
});
