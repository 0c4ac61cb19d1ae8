import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { auth } from '#shared/messages/auth.ts';
import { charterDialog } from '#shared/messages/charter.ts';
import { role as roleMessages } from '#shared/messages/role.ts';
import { common, nav } from '#shared/messages/common.ts';
import { landing } from '#shared/messages/landing.ts';
import { dashboard } from '#shared/messages/pages.ts';
import { profile } from '#shared/messages/profile.ts';
import { AUTH_TOKEN_STORAGE_KEY, USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { API, E2E_PASSWORD, expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';

/**
 * Accounts (spec 1 sections 2, 4, 5 and 8): signup and login through the dialog, logout, the guarded
 * dashboard, profile edit with a photo, and the role switches.
 */

const uniqueId = () => randomUUID().slice(0, 8);

/**
 * Expects a toast (sonner's live region "Notifications alt+T") showing `texts`, then closes it and
 * waits until it is gone: a toast caught by axe while it fades in or out fails the contrast rule.
 */
async function expectToast(page: Page, ...texts: string[]): Promise<void> {
  let item = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  for (const text of texts) item = item.filter({ has: page.getByText(text, { exact: true }) });
  await expect(item.first()).toBeVisible();
  await item.first().getByRole('button', { name: common.close }).click();
  await expect(item).toHaveCount(0);
}

/** The "Devenir aidant" step: the charter is shown, the box ticked, the charter accepted. */
async function acceptCharter(page: Page, checkA11y: (page: Page) => Promise<void>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: charterDialog.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(charterDialog.checkbox)).toBeVisible();
  await checkA11y(page);
  if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/charter-dialog.png` });
  await dialog.getByRole('checkbox', { name: charterDialog.checkbox }).check();
  await dialog.getByRole('button', { name: charterDialog.confirm }).click();
  await expect(dialog).toHaveCount(0);
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY);
}

function accountMenuButton(page: Page, name: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `${nav.accountMenu} (${name})` });
}

async function expectLoggedOut(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: nav.login, exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: nav.getStarted, exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
}

/** The header's background (helpers get a warm tint, seekers a cool one, UI.md). */
function headerBackground(page: Page): Promise<string> {
  return page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('a visitor signs up, is logged in, logs out, cannot sign up twice and logs back in', async ({
  page,
  expectNoA11yViolations,
}) => {
  const id = uniqueId();
  const email = `e2e-inscription-${id}@appui.test`;
  const displayName = `Inscrite ${id}`;
  const password = `mot-de-passe-${id}`;
  const header = page.getByRole('banner');

  await page.goto('/');
  await expectNoA11yViolations(page);
  await header.getByRole('button', { name: nav.getStarted, exact: true }).click();
  const signup = page.getByRole('dialog', { name: auth.signupTitle });
  await expect(signup).toBeVisible();
  await expectNoA11yViolations(page);

  // Client-side checks first: nothing reaches the server.
  await signup.getByLabel(auth.email).fill(email);
  await signup.getByLabel(auth.displayName).fill(displayName);
  await signup.getByLabel(auth.password, { exact: true }).fill('12345');
  await signup.getByLabel(auth.confirmPassword).fill('12345');
  await signup.getByRole('button', { name: auth.signupButton }).click();
  await expect(signup.getByText(auth.passwordTooShort, { exact: true })).toBeVisible();
  await expect(signup.getByLabel(auth.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);

  await signup.getByLabel(auth.password, { exact: true }).fill(password);
  await signup.getByLabel(auth.confirmPassword).fill(`${password}-autre`);
  await signup.getByRole('button', { name: auth.signupButton }).click();
  await expect(signup.getByText(auth.passwordsDontMatch, { exact: true })).toBeVisible();
  await expect(signup.getByText(auth.passwordTooShort, { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await signup.getByLabel(auth.confirmPassword).fill(password);
  await signup.getByRole('button', { name: auth.signupButton }).click();

  // Signup is followed by an automatic login.
  await expect(signup).toBeHidden();
  await expectToast(page, auth.signupSuccess);
  await expect(accountMenuButton(page, displayName)).toBeVisible();
  await expect(header.getByRole('button', { name: nav.login, exact: true })).toHaveCount(0);
  expect(await storedToken(page)).toMatch(/\S{20,}/);
  await expectNoA11yViolations(page);

  // Logout from the avatar menu.
  await accountMenuButton(page, displayName).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(displayName, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await menu.getByRole('menuitem', { name: nav.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedOut(page);

  // The dashboard is guarded.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: common.accessDenied })).toBeVisible();
  await expect(page.getByText(common.accessDeniedHint)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('main').getByRole('link', { name: common.backHome }).click();
  await expect(page).toHaveURL(/\/$/);

  // Same e-mail again: the server's French 409 message.
  await header.getByRole('button', { name: nav.getStarted, exact: true }).click();
  await expect(signup).toBeVisible();
  await signup.getByLabel(auth.email).fill(email);
  await signup.getByLabel(auth.password, { exact: true }).fill(password);
  await signup.getByLabel(auth.confirmPassword).fill(password);
  await signup.getByRole('button', { name: auth.signupButton }).click();
  await expect(signup.getByRole('alert').filter({ hasText: auth.emailTaken })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await storedToken(page)).toBeNull();
  await page.keyboard.press('Escape');
  await expect(signup).toBeHidden();

  // Back in through "Se connecter": a wrong password gets the generic error, the right one logs in.
  await header.getByRole('button', { name: nav.login, exact: true }).click();
  const login = page.getByRole('dialog', { name: auth.loginTitle });
  await expect(login).toBeVisible();
  await expectNoA11yViolations(page);
  await login.getByLabel(auth.email).fill(email);
  await login.getByLabel(auth.password, { exact: true }).fill(`${password}-faux`);
  await login.getByRole('button', { name: auth.loginButton }).click();
  await expect(login.getByRole('alert').filter({ hasText: auth.invalidCredentials })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await storedToken(page)).toBeNull();

  await login.getByLabel(auth.password, { exact: true }).fill(password);
  await login.getByRole('button', { name: auth.loginButton }).click();
  await expect(login).toBeHidden();
  await expectToast(page, auth.loginSuccess);
  await expect(accountMenuButton(page, displayName)).toBeVisible();
  expect(await storedToken(page)).toMatch(/\S{20,}/);
});

test('profile edit: photo upload, refused file, details saved, helper mode switch', async ({
  page,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  const user = await createUser();
  await loginAs(page, user);
  const id = uniqueId();
  const newName = `Camille Test ${id}`;
  const newUsername = `camille.${id}`;
  const newBio = `Aidée depuis peu, j'ai traversé un burn-out et je cherche à en parler (${id}).`;
  const main = page.getByRole('main');

  await page.goto('/edit-profile');
  await expect(page.getByRole('heading', { level: 1, name: profile.title })).toBeVisible();
  await expectNoA11yViolations(page);

  await main.getByLabel(profile.displayName, { exact: true }).fill(newName);
  await main.getByLabel(profile.username, { exact: true }).fill(newUsername);
  await main.getByLabel(profile.bio, { exact: true }).fill(newBio);

  // A real 64x64 PNG through the "Changer la photo" button.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 13, g: 148, b: 136 } } })
    .png()
    .toBuffer();
  const photoButton = main.getByRole('button', { name: profile.changePhoto });
  let chooser = page.waitForEvent('filechooser');
  await photoButton.click();
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, profile.photoUpdated);
  const photos = main.getByRole('img', { name: newName });
  await expect(photos).toHaveCount(2); // the preview card and the upload block
  for (const photo of await photos.all()) {
    await expect(photo).toHaveAttribute('src', /^\/uploads\/avatars\/[^/]+\.webp/);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  }
  const uploadedSrc = await photos.first().getAttribute('src');
  await expectNoA11yViolations(page);

  // A text file renamed .png passes the browser's type check (by extension) and is refused by the server.
  chooser = page.waitForEvent('filechooser');
  await photoButton.click();
  await (
    await chooser
  ).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Ceci est un fichier texte.\n') });
  await expectToast(page, profile.uploadError, profile.unsupportedFileType);
  await expect(photos.first()).toHaveAttribute('src', uploadedSrc ?? '');

  await main.getByRole('button', { name: profile.save, exact: true }).click();
  await expectToast(page, profile.updated);
  await expect(page).toHaveURL(/\/dashboard\?tab=profile$/);
  await expect(main.getByRole('tab', { name: dashboard.tabProfile, selected: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: newName })).toBeVisible();
  await expect(main.getByText(`@${newUsername}`, { exact: true })).toBeVisible();
  await expect(main.getByText(newBio, { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: newName })).toHaveAttribute('src', uploadedSrc ?? '');
  await expect(
    page.getByRole('banner').getByRole('button', { name: `${roleMessages.modeSeeker} — ${roleMessages.switchRole}` }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // The "Mode aidant" switch of the edit page changes the role and the interface's tone.
  await main.getByRole('link', { name: dashboard.editProfile }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  const helperMode = main.getByRole('switch', { name: profile.helperMode });
  await expect(helperMode).not.toBeChecked();
  await expect(main.getByRole('heading', { name: profile.helperSectionTitle })).toHaveCount(0);
  const seekerTint = await headerBackground(page);
  await helperMode.click();
  await acceptCharter(page, expectNoA11yViolations);
  await expectToast(page, profile.roleUpdated);
  await expect(helperMode).toBeChecked();
  await expect(main.getByRole('heading', { name: profile.helperSectionTitle })).toBeVisible();
  await expect.poll(() => headerBackground(page)).not.toBe(seekerTint);
  await expectNoA11yViolations(page);

  await page.goto('/dashboard?tab=profile');
  await expect(
    page.getByRole('banner').getByRole('button', { name: `${roleMessages.modeHelper} — ${roleMessages.switchRole}` }),
  ).toBeVisible();
  await expect(main.getByText(common.roleHelper, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe('"Je veux aider" on the landing page', () => {
  test('logged out, it opens the login dialog', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/');
    await page.getByRole('button', { name: landing.wantToHelp }).first().click();
    await expect(page.getByRole('dialog', { name: auth.loginTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectNoA11yViolations(page);
  });

  test('a logged-in seeker becomes a helper and lands on the dashboard', async ({
    page,
    createUser,
    loginAs,
    expectNoA11yViolations,
  }) => {
    const seeker = await createUser();
    await loginAs(page, seeker);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(
      header.getByRole('button', { name: `${roleMessages.modeSeeker} — ${roleMessages.switchRole}` }),
    ).toBeVisible();
    const seekerTint = await headerBackground(page);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: landing.wantToHelp }).first().click();
    await acceptCharter(page, expectNoA11yViolations);
    await expectToast(page, roleMessages.changedToast);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: dashboard.title })).toBeVisible();
    await expect(
      header.getByRole('button', { name: `${roleMessages.modeHelper} — ${roleMessages.switchRole}` }),
    ).toBeVisible();
    // Helpers get the "Mes offres" tab.
    await expect(page.getByRole('tab', { name: dashboard.tabOffers })).toBeVisible();
    await expect.poll(() => headerBackground(page)).not.toBe(seekerTint);
    await expectNoA11yViolations(page);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('logged out, the menu offers "Mon espace", login and signup', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: nav.getStarted })).toBeHidden();
    await page.getByRole('button', { name: nav.openMenu }).click();
    const menu = page.getByRole('dialog', { name: common.appName });
    await expect(menu.getByRole('link', { name: nav.mySpace })).toBeVisible();
    await expect(menu.getByRole('button', { name: nav.login, exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await menu.getByRole('button', { name: nav.getStarted }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: auth.signupTitle })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('logged in, "Mon espace" leads to the dashboard and logout works', async ({
    page,
    createUser,
    loginAs,
    expectNoA11yViolations,
  }) => {
    const user = await createUser({ password: E2E_PASSWORD });
    await loginAs(page, user);
    await page.goto('/');
    await page.getByRole('button', { name: nav.openMenu }).click();
    const menu = page.getByRole('dialog', { name: common.appName });
    await expect(menu.getByRole('link', { name: nav.mySpace })).toBeVisible();
    await expect(menu.getByText(user.user.display_name ?? '', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await menu.getByRole('link', { name: nav.mySpace }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: dashboard.title })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: nav.openMenu }).click();
    await menu.getByRole('button', { name: nav.logout }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toBeNull();
    await page.getByRole('button', { name: nav.openMenu }).click();
    await expect(menu.getByRole('button', { name: nav.login, exact: true })).toBeVisible();
  });

  // Issue 8: a long unbroken name widened the pages that show it at 360 px (the profile form's
  // preview card too, not only the dashboard). Layout is only measurable in a real browser.
  test('a long unbroken name and username never scroll the page sideways', async ({
    page,
    api,
    createUser,
    loginAs,
  }) => {
    const user = await createUser({ displayName: `Maximilienne-Alexandrine${'Wolkenkratzer'.repeat(4)}` });
    const renamed = await api.put(`${API}/users/me`, {
      headers: { authorization: `Bearer ${user.token}` },
      data: { username: `e2e.${'a'.repeat(USERNAME_MAX_LENGTH - 4)}` },
    });
    expect(renamed.ok()).toBe(true);
    await loginAs(page, user);
    for (const [address, heading] of [
      ['/dashboard', dashboard.title],
      ['/dashboard?tab=profile', dashboard.title],
      ['/edit-profile', profile.title],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByText(user.user.display_name ?? '')
          .first(),
      ).toBeVisible();
      const widths = await page.evaluate(() => ({
        page: document.scrollingElement?.scrollWidth ?? 0,
        viewport: window.innerWidth,
      }));
      expect(widths.page, `${address} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
    }
  });
});
