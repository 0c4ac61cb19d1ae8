import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adminConsole } from '#shared/messages/admin.ts';
import { auth as authMessages } from '#shared/messages/auth.ts';
import { blocks } from '#shared/messages/blocks.ts';
import { bookingsTab, booking as bookingMessages } from '#shared/messages/bookings.ts';
import { nav } from '#shared/messages/common.ts';
import { sendMessageDialog } from '#shared/messages/messaging-actions.ts';
import { messagesTab } from '#shared/messages/messaging.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import { explore } from '#shared/messages/offers.ts';
import { dataRights, reportReasonLabels, trust } from '#shared/messages/trust.ts';
import { adminReports, dataRightsPanel, reportDialog } from '#shared/messages/trust-web.ts';
import { addDaysToWallDate, parisToday, parisToUtc } from '#shared/rules/paris-time.ts';
import { API, expect, searchExplore, test, type TestUser } from './fixtures.ts';

/**
 * Trust, safety and personal data in the browser (issue 13 section 5): a seeker reports a helper's
 * offensive message, an admin finds it from the dashboard's pending-reports card and removes it, and
 * the seeker's thread shows it removed; a user blocks a helper from the profile, the helper's offer
 * leaves their search, and unblocking from /edit-profile brings it back; a user with a free booking
 * downloads their data and erases their account, cannot log in again, and the helper sees the
 * booking cancelled. axe on every page and dialog.
 */

const auth = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** A word no other offer holds, letters only, so the French full-text search finds this offer alone. */
const uniqueWord = () =>
  `zet${randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

const TOMORROW_START = '10:00';

/** A free offer of `helper` with tomorrow 10:00-12:00 (Paris time) open, created through the API. */
async function createFreeOfferWithSlot(api: APIRequestContext, helper: TestUser, title: string): Promise<string> {
  const created = await api.post(`${API}/offers/`, {
    headers: auth(helper),
    data: {
      title,
      description: 'Une heure pour parler de ce qui pèse, à votre rythme, avec quelqu’un qui est passé par là.',
      category: 'relations',
      currency: 'eur',
      meeting_contact_info: 'https://meet.google.com/abc-defg-hij',
      pricing_options: [{ duration_minutes: 60, price_cents: 0 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const offer = (await created.json()) as { id: string };
  const slots = await api.post(`${API}/time-slots/bulk`, {
    headers: auth(helper),
    data: {
      offer_id: offer.id,
      time_slots: [
        { date: addDaysToWallDate(parisToday(new Date()), 1), start_time: TOMORROW_START, end_time: '12:00' },
      ],
    },
  });
  expect(slots.ok(), await slots.text()).toBe(true);
  return offer.id;
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

async function newPageAs(
  browser: Browser,
  baseURL: string | undefined,
  loginAs: (page: Page, user: TestUser) => Promise<void>,
  user: TestUser,
) {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await loginAs(page, user);
  return { context, page };
}

const threadLog = (page: Page, otherName: string) =>
  page.getByRole('log', { name: messagesTab.threadLabel(otherName) });

test('a seeker reports an offensive message; the admin finds it from the dashboard and removes it; the thread shows it removed', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const helper = await createUser({ role: 'helper' });
  const seeker = await createUser();
  const adminUser = await createUser({ role: 'admin' });
  const helperName = helper.user.display_name ?? '';
  const word = uniqueWord();
  const title = `Traverser une rupture ${word}`;
  await createFreeOfferWithSlot(api, helper, title);
  const first = `Bonjour, votre offre me parle beaucoup ${word}.`;
  const offensive = `Vous êtes pathétique, un minable qui me fait perdre mon temps ${word}.`;

  // The seeker writes from the explore card.
  await loginAs(page, seeker);
  await page.goto('/explore');
  await page.getByRole('searchbox', { name: explore.searchLabel }).fill(word);
  await page.getByRole('searchbox', { name: explore.searchLabel }).press('Enter');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: offerCard.messageHelper(helperName) }).click();
  const sendDialog = page.getByRole('dialog', { name: sendMessageDialog.title });
  await sendDialog.getByLabel(sendMessageDialog.fieldLabel).fill(first);
  await sendDialog.getByRole('button', { name: sendMessageDialog.send, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=messages&conversation=[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).searchParams.get('conversation') ?? '';
  const log = threadLog(page, helperName);
  await expect(log.getByText(first)).toBeVisible();
  // The seeker's own message has no "Signaler".
  await expect(log.getByRole('button', { name: reportDialog.buttonLabel.message })).toHaveCount(0);

  // The helper answers with an offensive text (through the API: the journey is the seeker's).
  const replied = await api.post(`${API}/messages/conversations/${conversationId}/messages`, {
    headers: auth(helper),
    data: { content: offensive },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  // The seeker reports it: a reason is required, then the thanks.
  await page.reload();
  await expect(log.getByText(offensive)).toBeVisible();
  const reportButton = log.getByRole('button', { name: reportDialog.buttonLabel.message });
  await expect(reportButton).toHaveCount(1);
  await expectNoA11yViolations(page);
  await reportButton.click();
  const reportForm = page.getByRole('dialog', { name: reportDialog.title.message });
  await expect(reportForm).toContainText(reportDialog.description);
  await reportForm.getByRole('button', { name: reportDialog.send }).click();
  await expect(reportForm.getByRole('alert')).toHaveText(reportDialog.reasonRequired);
  await expectNoA11yViolations(page);
  await reportForm.getByRole('radio', { name: reportReasonLabels.inappropriate_behaviour }).check();
  await reportForm.getByLabel(reportDialog.detailLabel).fill('Insultes sans raison.');
  await reportForm.getByRole('button', { name: reportDialog.send }).click();
  const thanks = page.getByRole('dialog', { name: reportDialog.sentTitle });
  await expect(thanks.getByRole('status')).toHaveText(trust.reportThanks);
  await expectNoA11yViolations(page);
  await thanks
    .getByRole('button', { name: reportDialog.close, exact: true })
    .filter({ hasText: reportDialog.close })
    .click();
  await expect(thanks).toBeHidden();

  // The admin opens the console; the dashboard's pending-reports card opens the queue.
  const admin = await newPageAs(browser, baseURL, loginAs, adminUser);
  const adminPage = admin.page;
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('tab', { name: adminConsole.tabDashboard, selected: true })).toBeVisible();
  await expect(adminPage.getByText(adminConsole.pendingReports, { exact: true })).toBeVisible();
  await expectNoA11yViolations(adminPage);
  await adminPage.getByRole('link', { name: adminReports.openQueue }).click();
  await expect(adminPage).toHaveURL(/[?&]tab=reports/);
  await expect(adminPage.getByRole('tab', { name: adminReports.tabLabel, selected: true })).toBeVisible();
  const row = adminPage.getByRole('listitem').filter({ hasText: word });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(adminReports.status.pending!);
  await expectNoA11yViolations(adminPage);

  // The selected report shows the message as it was, and the decisions for a message.
  await row.getByRole('button').click();
  const detail = adminPage.getByRole('heading', {
    name: `${adminReports.targetType.message} · ${reportReasonLabels.inappropriate_behaviour}`,
  });
  await expect(detail).toBeVisible();
  const snapshot = adminPage
    .getByRole('heading', { name: adminReports.snapshotTitle })
    .locator('xpath=following-sibling::*[1]');
  await expect(snapshot).toContainText(offensive);
  await expect(adminPage.getByText('Insultes sans raison.')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: adminReports.decision.remove_message })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: adminReports.decision.hide_offer })).toHaveCount(0);
  await expectNoA11yViolations(adminPage);

  // "Retirer le message", after its confirmation.
  await adminPage.getByRole('button', { name: adminReports.decision.remove_message }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: adminReports.confirmTitle.remove_message });
  await expect(confirm).toContainText(adminReports.confirmText.remove_message);
  await expectNoA11yViolations(adminPage);
  await confirm.getByRole('button', { name: adminReports.decision.remove_message }).click();
  await expectToast(adminPage, adminReports.decided);
  await expect(
    adminPage.getByText(adminReports.decidedAs(adminReports.decision.remove_message), { exact: false }),
  ).toBeVisible();
  await expect(row).toContainText(adminReports.status.reviewed!);
  await expectNoA11yViolations(adminPage);

  // The seeker's thread shows the message removed, its words gone.
  await page.reload();
  await expect(log.getByText(first)).toBeVisible();
  await expect(log.getByText(trust.removedMessage)).toBeVisible();
  await expect(log.getByText(offensive)).toHaveCount(0);
  await expect(log.getByRole('button', { name: reportDialog.buttonLabel.message })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await admin.context.close();
});

test('a user blocks a helper from the profile: the offer leaves their search; unblocked from /edit-profile it comes back', async ({
  page,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(150_000);
  const helper = await createUser({ role: 'helper' });
  const user = await createUser();
  const helperName = helper.user.display_name ?? '';
  const word = uniqueWord();
  const title = `Reprendre confiance ${word}`;
  await createFreeOfferWithSlot(api, helper, title);

  // Found before the block.
  await loginAs(page, user);
  let cards = await searchExplore(page, word);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();

  // "Bloquer" on the helper's profile, with the confirmation saying what a block does.
  await page.goto(`/mentors/${helper.user.id}`);
  await expect(page.getByRole('heading', { level: 1, name: helperName })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: blocks.blockLabel(helperName) }).click();
  const confirm = page.getByRole('alertdialog', { name: blocks.confirmTitle(helperName) });
  await expect(confirm).toContainText(blocks.confirmText);
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: blocks.confirmBlock, exact: true }).click();
  await expectToast(page, blocks.blocked(helperName));
  await expect(page).toHaveURL(/\/explore/);

  // The helper's offer is no longer found, nor their profile shown.
  cards = await searchExplore(page, word);
  await expect(page.getByRole('heading', { name: explore.noResultsTitle })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The blocked list in /edit-profile shows the helper; "Débloquer" after its confirmation.
  await page.goto('/edit-profile');
  const list = page.getByRole('list', { name: blocks.listTitle });
  await expect(list.getByRole('listitem').filter({ hasText: helperName })).toHaveCount(1);
  await expectNoA11yViolations(page);
  await list.getByRole('button', { name: blocks.unblockLabel(helperName) }).click();
  const unblockConfirm = page.getByRole('alertdialog', { name: blocks.unblockTitle(helperName) });
  await expect(unblockConfirm).toContainText(blocks.unblockText);
  await expectNoA11yViolations(page);
  await unblockConfirm.getByRole('button', { name: blocks.confirmUnblock, exact: true }).click();
  await expectToast(page, blocks.unblocked(helperName));
  await expect(page.getByText(blocks.listEmpty)).toBeVisible();

  // Found again.
  cards = await searchExplore(page, word);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a user with a free booking downloads their data, erases the account, cannot log in again; the helper sees the booking cancelled', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(150_000);
  const helper = await createUser({ role: 'helper' });
  const user = await createUser();
  const word = uniqueWord();
  const title = `Souffler après un burn-out ${word}`;
  const offerId = await createFreeOfferWithSlot(api, helper, title);
  const tomorrow = addDaysToWallDate(parisToday(new Date()), 1);
  const start = parisToUtc(tomorrow, TOMORROW_START);
  const booked = await api.post(`${API}/bookings/`, {
    headers: auth(user),
    data: {
      offer_id: offerId,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;

  // "Télécharger mes données": a JSON file under the server's name, holding the e-mail and the booking.
  await loginAs(page, user);
  await page.goto('/edit-profile');
  await expect(page.getByRole('heading', { name: dataRightsPanel.title })).toBeVisible();
  await expectNoA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: dataRightsPanel.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^appui-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const day = download.suggestedFilename().slice('appui-mes-donnees-'.length, -'.json'.length);
  expect(download.suggestedFilename()).toBe(dataRights.exportFileName(day));
  // The server's date (UTC): today, or yesterday/tomorrow around midnight in another zone.
  expect(Math.abs(Date.parse(`${day}T12:00:00Z`) - Date.now())).toBeLessThan(36 * 3_600_000);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    profile: { email: string };
    bookings: { id: string; side: string; offer: { title: string } }[];
  };
  expect(exported.profile.email).toBe(user.email);
  expect(exported.bookings).toContainEqual(
    expect.objectContaining({ id: bookingId, side: 'seeker', offer: expect.objectContaining({ title }) }),
  );
  await expectToast(page, dataRightsPanel.exportDone);

  // "Supprimer mon compte": the dialog states the effects, asks the password; then logged out, home.
  await page.getByRole('button', { name: dataRightsPanel.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: dataRightsPanel.dialogTitle });
  for (const effect of dataRightsPanel.effects) await expect(dialog).toContainText(effect);
  await expect(dialog).toContainText(dataRightsPanel.irreversible);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: dataRightsPanel.confirm }).click();
  await expect(dialog.getByText(dataRightsPanel.passwordRequired)).toBeVisible();
  await dialog.getByLabel(dataRightsPanel.passwordLabel, { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: dataRightsPanel.confirm }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, dataRightsPanel.deleted);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: nav.login, exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // The old credentials no longer open a session.
  await header.getByRole('button', { name: nav.login, exact: true }).click();
  const login = page.getByRole('dialog', { name: authMessages.loginTitle });
  await login.getByLabel(authMessages.email).fill(user.email);
  await login.getByLabel(authMessages.password, { exact: true }).fill(user.password);
  await login.getByRole('button', { name: authMessages.loginButton }).click();
  await expect(login.getByRole('alert').filter({ hasText: authMessages.invalidCredentials })).toBeVisible();
  await expectNoA11yViolations(page);

  // The helper sees the booking cancelled by "Compte supprimé", with the erasure's reason.
  const helperSide = await newPageAs(browser, baseURL, loginAs, helper);
  await helperSide.page.goto('/dashboard?tab=bookings');
  const helperCard = helperSide.page.getByTestId('booking-card').filter({ hasText: title });
  await expect(helperCard).toContainText(bookingMessages.statusCancelled);
  await expect(helperCard).toContainText(bookingsTab.cancelledBy(trust.deletedAccount));
  await expect(helperCard).toContainText(dataRights.erasureCancellationReason);
  await expectNoA11yViolations(helperSide.page);
  await helperSide.context.close();
});
