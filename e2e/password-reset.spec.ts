import { auth, passwordReset } from '#shared/messages/auth.ts';
import { nav } from '#shared/messages/common.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { expect, test, type OutboxMail } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** Password reset by e-mail (spec 2 sections 2 and 5): request, French mail, new password, single use. */

async function loginThroughDialog(page: Page, email: string, password: string) {
  const header = page.getByRole('banner');
  const dialog = page.getByRole('dialog', { name: auth.loginTitle });
  if (!(await dialog.isVisible())) await header.getByRole('button', { name: nav.login, exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(auth.email).fill(email);
  await dialog.getByLabel(auth.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: auth.loginButton }).click();
  return dialog;
}

async function fillNewPassword(page: Page, password: string, confirmation: string) {
  await page.getByLabel(passwordReset.newPassword, { exact: true }).fill(password);
  await page.getByLabel(passwordReset.confirmNewPassword, { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: passwordReset.resetSubmit }).click();
}

test('a user resets a forgotten password from the e-mailed link, once', async ({
  page,
  baseURL,
  createUser,
  readOutbox,
  expectNoA11yViolations,
}) => {
  const user = await createUser();
  const newPassword = `nouveau-${user.password}`;

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: passwordReset.forgotTitle })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel(auth.email).fill(user.email);
  await page.getByRole('button', { name: passwordReset.forgotSubmit }).click();
  await expect(page.getByRole('status').filter({ hasText: passwordReset.forgotGeneric })).toBeVisible();
  await expectNoA11yViolations(page);

  // The newest mail to this address: French, with the link to <base>/reset-password?token=….
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      mail = (await readOutbox()).find((candidate) => candidate.to.includes(user.email));
      return mail?.subject;
    })
    .toBe(passwordReset.mailSubject);
  const link = mail?.links.find((candidate) => candidate.includes('/reset-password'));
  expect(link?.startsWith(`${baseURL}/reset-password?token=`), `link ${link}`).toBe(true);
  expect(new URL(link ?? '').searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
  const name = user.user.display_name ?? user.email;
  expect(mail?.text.replace(/\r\n/g, '\n').trim()).toBe(passwordReset.mailText(name, link ?? '').trim());

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: passwordReset.resetTitle })).toBeVisible();
  await expectNoA11yViolations(page);
  await fillNewPassword(page, newPassword, `${newPassword}-autre`);
  await expect(page.getByText(auth.passwordsDontMatch, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await fillNewPassword(page, newPassword, newPassword);
  await expect(page.getByRole('status').filter({ hasText: passwordReset.resetSuccess })).toBeVisible();
  await expectNoA11yViolations(page);
  // The page itself goes home after RESET_REDIRECT_DELAY_MS (3 s).
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });

  // The old password no longer works, the new one does.
  const dialog = await loginThroughDialog(page, user.email, user.password);
  await expect(dialog.getByRole('alert').filter({ hasText: auth.invalidCredentials })).toBeVisible();
  await loginThroughDialog(page, user.email, newPassword);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(nav.accountMenu) })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();

  // The link is single-use.
  await page.goto(link ?? '');
  await fillNewPassword(page, `${newPassword}-bis`, `${newPassword}-bis`);
  await expect(page.getByRole('alert').filter({ hasText: passwordReset.invalidOrExpiredToken })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('/reset-password without a token says the link is invalid', async ({ page, expectNoA11yViolations }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: passwordReset.invalidLinkAtLoad })).toBeVisible();
  await expect(page.getByLabel(passwordReset.newPassword, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: passwordReset.requestNewLink })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoA11yViolations(page);
});
