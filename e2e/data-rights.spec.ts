import { readFile } from 'node:fs/promises';
import { auth } from '#shared/messages/auth.ts';
import { dataRights, trust } from '#shared/messages/trust.ts';
import { dataRightsLinkPage, dataRightsPanel } from '#shared/messages/trust-web.ts';
import { supportPage } from '#shared/messages/support.ts';
import { API, dismissToasts, expect, test, type OutboxMail, type TestUser } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

/**
 * Data rights by mailed link: a helper suspended by the moderation is refused at login with a link to
 * /mes-donnees, asks for a link there, opens it from the French mail, downloads their data and erases
 * their account, on a phone (360×740). On a desktop, the privacy page leads to the same request form.
 */

async function suspendThroughModeration(api: APIRequestContext, target: TestUser, reporter: TestUser, admin: TestUser) {
  const filed = await api.post(`${API}/reports`, {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { target_type: 'user', target_id: target.user.id, reason: 'other' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { id } = (await filed.json()) as { id: string };
  const decided = await api.post(`${API}/admin/reports/${id}/decision`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { decision: 'suspend_account' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

async function linkMailTo(readOutbox: () => Promise<OutboxMail[]>, email: string): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      mail = (await readOutbox()).find((candidate) => candidate.to.includes(email));
      return mail?.subject;
    })
    .toBe(dataRights.linkMailSubject);
  return mail!;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a suspended helper is refused at login, gets a link by mail, downloads their data and erases their account', async ({
    page,
    api,
    baseURL,
    createUser,
    readOutbox,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(120_000);
    const helper = await createUser({ role: 'helper' });
    const reporter = await createUser();
    const admin = await createUser({ role: 'admin' });
    await suspendThroughModeration(api, helper, reporter, admin);

    // The login refusal says why and leads to the data rights.
    await page.goto('/support');
    await page.locator('#contact').getByRole('button', { name: supportPage.loginAction }).click();
    const login = page.getByRole('dialog', { name: auth.loginTitle });
    await login.getByLabel(auth.email).fill(helper.email);
    await login.getByLabel(auth.password, { exact: true }).fill(helper.password);
    await login.getByRole('button', { name: auth.loginButton }).click();
    await expect(login.getByRole('alert')).toHaveText(trust.accountSuspended);
    await expectNoA11yViolations(page);
    await login.getByRole('link', { name: dataRightsLinkPage.fromLogin }).click();
    await page.waitForURL((url) => url.pathname === '/mes-donnees');
    await expect(login).toBeHidden();

    // The request: one answer, whatever the address.
    await expect(page.getByRole('heading', { level: 1, name: dataRightsLinkPage.title })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel(dataRightsLinkPage.emailLabel).fill(helper.email);
    await page.getByRole('button', { name: dataRightsLinkPage.requestSubmit }).click();
    await expect(page.getByRole('status').filter({ hasText: dataRights.linkRequested })).toBeVisible();

    // The French mail carries a link to <base>/mes-donnees?token=….
    const mail = await linkMailTo(readOutbox, helper.email);
    const link = mail.links.find((candidate) => candidate.includes('/mes-donnees'));
    expect(link?.startsWith(`${baseURL}/mes-donnees?token=`), `link ${link}`).toBe(true);
    expect(mail.text).toContain('Bonjour');

    // The download: one JSON file of the account, under the server's name.
    await page.goto(link ?? '');
    await expect(page.getByText(dataRightsLinkPage.linkIntro)).toBeVisible();
    await expectNoA11yViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: dataRightsPanel.exportButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^appui-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, 'utf8')) as { profile: { id: string; suspended_at: string | null } };
    expect(data.profile.id).toBe(helper.user.id);
    expect(data.profile.suspended_at).not.toBeNull();
    await expect(page.getByText(dataRightsLinkPage.exportDoneHint)).toBeVisible();
    // The toast of the download, closed before the dialog covers it (axe would read it dimmed).
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: dataRightsPanel.exportDone })).toBeVisible();
    await dismissToasts(page);

    // The erasure, after the confirmation that says what it does.
    await page.getByRole('button', { name: dataRightsPanel.deleteButton }).click();
    const confirm = page.getByRole('alertdialog', { name: dataRightsPanel.dialogTitle });
    await expect(confirm.getByText(dataRightsPanel.irreversible)).toBeVisible();
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: dataRightsPanel.confirm }).click();
    await expect(page.getByText(dataRightsLinkPage.erasedTitle)).toBeVisible();
    await expectNoA11yViolations(page);

    // The link is spent, and the address no longer opens an account.
    await page.goto(link ?? '');
    await page.getByRole('button', { name: dataRightsPanel.exportButton }).click();
    await expect(page.getByRole('alert')).toContainText(dataRights.linkInvalid);
    const again = await api.post(`${API}/auth/login`, { data: { email: helper.email, password: helper.password } });
    expect(again.status()).toBe(401);
  });
});

test('on a desktop, the privacy page leads to the request form', async ({ page, expectNoA11yViolations }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/confidentialite');
  await page.getByRole('link', { name: dataRightsLinkPage.fromPrivacyPageLink }).click();
  await page.waitForURL((url) => url.pathname === '/mes-donnees');
  await expect(page.getByRole('heading', { level: 1, name: dataRightsLinkPage.title })).toBeVisible();
  await expect(page.getByLabel(dataRightsLinkPage.emailLabel)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel(dataRightsLinkPage.emailLabel).fill(`personne-${Date.now()}@appui.test`);
  await page.getByRole('button', { name: dataRightsLinkPage.requestSubmit }).click();
  await expect(page.getByRole('status').filter({ hasText: dataRights.linkRequested })).toBeVisible();
});
