import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { adminConsole } from '#shared/messages/admin.ts';
import { auth } from '#shared/messages/auth.ts';
import { chat, liveChat } from '#shared/messages/chat.ts';
import { support, supportPage, supportStatusLabels } from '#shared/messages/support.ts';
import { supportMail } from '#shared/messages/support-mail.ts';
import {
  API,
  dismissToasts,
  expect,
  expectNotReloaded,
  markDocument,
  test,
  watchAppSocket,
  watchChatSocket,
  type OutboxMail,
} from './fixtures.ts';

/**
 * The support centre and the live chat in two browsers: a visitor finds the login prompt where the
 * contact form is, logs in from the dialog, finds the form prefilled and told where the answer goes
 * (the account's address: the form has no e-mail field), sends it, and reads the team's answer under "Mes messages" once an admin has replied from the console;
 * the answer is mailed without the original text. A guest opens a live chat from /support (urgent
 * numbers in the page and in the dialog), the admin's console shows it, the admin takes it and
 * replies, the guest reads the reply live, the admin closes and archives it. axe on every page and
 * dialog; the guest's side at 360×740.
 */

const uniqueId = () => randomUUID().slice(0, 8);

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** The field of the support form labelled `label` (the page has no other form with these labels). */
const contactField = (page: Page, label: string) => page.locator('#contact').getByLabel(label, { exact: true });

/** The `tel:` link of `number`, whatever its text. */
const telLink = (scope: Page | Locator, number: string) => scope.locator(`a[href="tel:${number}"]`);

async function supportMailTo(readOutbox: () => Promise<OutboxMail[]>, email: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox()).find((mail) => mail.to.includes(email) && mail.subject === supportMail.subject);
        return found !== undefined;
      },
      { message: `no "${supportMail.subject}" mail to ${email} in the outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('a visitor writes to support after logging in; an admin marks it in progress and replies; the user reads the reply, which is mailed without the original', async ({
  page,
  browser,
  baseURL,
  createUser,
  loginAs,
  readOutbox,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const user = await createUser();
  const adminUser = await createUser({ role: 'admin' });
  const id = uniqueId();
  const subject = `Question sur ma séance ${id}`;
  const body = `Bonjour, je ne retrouve plus le lien de ma séance de jeudi ${id}. Pouvez-vous m’aider ?`;
  const reply = `Bonjour, le lien est dans l’onglet Réservations de votre espace ${id}.`;

  // A visitor on /support: the urgent numbers are tel: links near the top.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: supportPage.title })).toBeVisible();
  await expect(telLink(page, '15')).toHaveText(supportPage.urgentNumbers[0].call);
  await expect(telLink(page, '3114')).toHaveText(supportPage.urgentNumbers[1].call);
  await expect(page.getByRole('heading', { name: supportPage.myMessagesTitle })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Without an account: the spec's message and a login button instead of the form.
  await expect(page.locator('#contact').getByText(support.loginRequired)).toBeVisible();
  await expect(page.locator('#contact form')).toHaveCount(0);
  await page.locator('#contact').getByRole('button', { name: supportPage.loginAction }).click();
  const login = page.getByRole('dialog', { name: auth.loginTitle });
  await expect(login).toBeVisible();
  await expectNoA11yViolations(page);
  await login.getByLabel(auth.email).fill(user.email);
  await login.getByLabel(auth.password, { exact: true }).fill(user.password);
  await login.getByRole('button', { name: auth.loginButton }).click();
  await expect(login).toBeHidden();
  await expectToast(page, auth.loginSuccess);

  // Logged in: the name prefilled, the answer's address said (no field for it), "Mes messages" shown.
  await expect(contactField(page, supportPage.nameLabel)).toHaveValue(user.user.display_name ?? '');
  await expect(page.locator('#contact').getByText(supportPage.replyTo(user.email))).toBeVisible();
  await expect(page.locator('#contact input[type="email"]')).toHaveCount(0);
  await expect(page.getByText(supportPage.myMessagesEmptyTitle)).toBeVisible();

  // An empty subject: "Veuillez remplir tous les champs", nothing sent.
  await contactField(page, supportPage.subjectLabel).fill('');
  await contactField(page, supportPage.messageLabel).fill(body);
  await page.getByRole('button', { name: supportPage.submit }).click();
  await expect(page.locator('#contact').getByText(support.fillAllFields)).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: support.sentSuccess })).toHaveCount(0);
  await dismissToasts(page);
  await expectNoA11yViolations(page);

  // Filled and sent: the spec's toast, subject and message cleared, the name kept.
  await contactField(page, supportPage.subjectLabel).fill(subject);
  await page.getByRole('button', { name: supportPage.submit }).click();
  await expectToast(page, support.sentSuccess);
  await expect(contactField(page, supportPage.subjectLabel)).toHaveValue('');
  await expect(contactField(page, supportPage.messageLabel)).toHaveValue('');
  await expect(contactField(page, supportPage.nameLabel)).toHaveValue(user.user.display_name ?? '');
  await expect(page.locator('#contact').getByText(support.fillAllFields)).toHaveCount(0);

  // It shows under "Mes messages", open, waiting for an answer.
  const thread = page.getByRole('article', { name: subject });
  await expect(thread).toContainText(body);
  await expect(thread).toContainText(supportStatusLabels.open);
  await expect(thread).toContainText(supportPage.waitingAnswer);
  await dismissToasts(page);
  await expectNoA11yViolations(page);

  // The admin, in another browser, finds it on the console's support tab.
  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, adminUser);
  await adminPage.goto('/admin?tab=support');
  await expect(adminPage.getByRole('tab', { name: adminConsole.tabSupport, selected: true })).toBeVisible();
  const list = adminPage.getByRole('region', { name: adminConsole.supportListTitle });
  const row = list.getByRole('button').filter({ hasText: subject });
  await expect(row).toContainText(user.user.display_name ?? '');
  await expect(row).toContainText(adminConsole.supportStatus.open!);
  await expectNoA11yViolations(adminPage);
  await row.click();
  const detail = adminPage.locator('[aria-labelledby="support-detail-title"]');
  await expect(detail.getByRole('heading', { name: subject })).toBeVisible();
  await expect(detail).toContainText(body);
  await expect(detail).toContainText(adminConsole.supportFrom(user.user.display_name ?? '', user.email));

  // In progress, then a reply.
  await detail.getByRole('button', { name: adminConsole.markInProgress }).click();
  await expectToast(adminPage, support.statusUpdated);
  await expect(detail.getByText(adminConsole.supportStatus.in_progress!, { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: adminConsole.markInProgress })).toHaveCount(0);
  await expect(row).toContainText(adminConsole.supportStatus.in_progress!);
  await detail.getByLabel(adminConsole.replyLabel).fill(reply);
  await detail.getByRole('button', { name: adminConsole.sendReply }).click();
  await expectToast(adminPage, support.responseSent);
  await expect(detail.getByText(reply)).toBeVisible();
  await expect(detail.getByLabel(adminConsole.replyLabel)).toHaveValue('');
  await dismissToasts(adminPage);
  await expectNoA11yViolations(adminPage);

  // The user (after a reload) reads the team's answer under their message, now in progress.
  await page.reload();
  await expect(thread).toContainText(reply);
  await expect(thread).toContainText(supportPage.teamAnswer);
  await expect(thread).toContainText(supportStatusLabels.in_progress);
  await expect(thread).not.toContainText(supportPage.waitingAnswer);
  await expectNoA11yViolations(page);

  // The answer was mailed to the form's address: the reply, never the original subject or message.
  const mail = await supportMailTo(readOutbox, user.email);
  expect(mail.text).toContain(reply);
  expect(mail.text).not.toContain(body);
  expect(mail.text).not.toContain(subject);
  await adminContext.close();
});

test('a guest opens a live chat; the admin sees it at once, takes it and replies; the guest reads the reply live; the admin closes and archives it', async ({
  page,
  browser,
  baseURL,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const adminUser = await createUser({ role: 'admin' });
  const id = uniqueId();
  const guestName = `Camille ${id}`;
  const guestEmail = `invitee-${id}@appui.test`;
  const subject = `Je ne sais pas par où commencer ${id}`;
  const first = `Bonjour, je cherche quelqu’un à qui parler ${id}.`;
  const second = `Je suis toujours là ${id}.`;
  const reply = `Bonjour ${guestName}, je suis là pour vous aider ${id}.`;

  // The admin waits on the chats tab, app socket connected.
  const adminSocket = watchAppSocket(page);
  await loginAs(page, adminUser);
  await page.goto('/admin?tab=chats');
  await expect(page.getByRole('tab', { name: adminConsole.tabChats, selected: true })).toBeVisible();
  const list = page.getByRole('region', { name: adminConsole.chatListTitle });
  await expect(list.getByRole('button', { name: adminConsole.chatViewActive, pressed: true })).toBeVisible();
  await adminSocket.waitForHello();
  await markDocument(page);
  await expectNoA11yViolations(page);

  // The guest, on a phone, without an account: the urgent numbers on the page are tel: links.
  const guestContext = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 360, height: 740 },
  });
  const guestPage = await guestContext.newPage();
  const guestChat = watchChatSocket(guestPage);
  await guestPage.goto('/support');
  await expect(telLink(guestPage, '15')).toBeVisible();
  await expect(telLink(guestPage, '3114')).toBeVisible();
  await expectNoA11yViolations(guestPage);

  // The live chat dialog: the urgent numbers inside it too, then the guest's identity and a subject.
  await guestPage.getByRole('button', { name: liveChat.launch }).click();
  const dialog = guestPage.getByRole('dialog', { name: liveChat.title });
  await expect(dialog).toBeVisible();
  const crisis = dialog.getByRole('navigation', { name: liveChat.crisisLabel });
  await expect(crisis.getByRole('link', { name: liveChat.crisisNumbers[0].label })).toHaveAttribute('href', 'tel:15');
  await expect(crisis.getByRole('link', { name: liveChat.crisisNumbers[1].label })).toHaveAttribute('href', 'tel:3114');
  await expect(dialog.getByLabel(liveChat.nameLabel)).toBeVisible();
  await expectNoA11yViolations(guestPage);
  await dialog.getByLabel(liveChat.nameLabel).fill(guestName);
  await dialog.getByLabel(liveChat.emailLabel).fill(guestEmail);
  await dialog.getByLabel(chat.subjectLabel).fill(subject);
  const created = guestPage.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.replace(/\/$/, '') === `${API}/support/chat/sessions` &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: liveChat.start }).click();
  expect((await created).status()).toBe(201);
  const startedAt = Date.now();

  // The guest's chat is live; the input has the focus.
  const guestLog = dialog.getByRole('log', { name: liveChat.threadLabel });
  const input = dialog.getByRole('textbox', { name: liveChat.inputLabel });
  await expect(input).toBeFocused();
  await expect(dialog.getByText(liveChat.connectionLive)).toBeVisible();
  await expect(crisis.getByRole('link', { name: liveChat.crisisNumbers[1].label })).toBeVisible();

  // The admin's list shows the session, waiting, without a reload: measured against the 30 s refresh.
  const sessionRow = list.getByRole('button').filter({ hasText: subject });
  await expect(sessionRow).toBeVisible({ timeout: 35_000 });
  const appearedAfterMs = Date.now() - startedAt;
  test.info().annotations.push({
    type: 'admin list latency',
    description: `the new session showed in the admin's list ${appearedAfterMs} ms after it was created`,
  });
  console.log(`[support.spec] new live chat in the admin's list after ${appearedAfterMs} ms`);
  expect(adminSocket.events).toContainEqual({ type: 'support.activity' });
  expect(appearedAfterMs, 'the list should move at once (support.activity), not at the 30 s refresh').toBeLessThan(
    10_000,
  );
  await expect(sessionRow).toContainText(adminConsole.chatGuest(guestName));
  await expect(sessionRow).toContainText(adminConsole.chatStatus.open!);
  await expectNotReloaded(page);

  // The guest writes (Enter sends).
  await input.fill(first);
  await input.press('Enter');
  await expect(guestLog.getByText(first)).toBeVisible();
  await expect(input).toHaveValue('');
  await expectNoA11yViolations(guestPage);
  await markDocument(guestPage);

  // The admin selects the session: it becomes active; the guest's message is there.
  await sessionRow.click();
  const conversation = page.locator('[aria-labelledby="chat-detail-title"]');
  await expect(conversation.getByRole('heading', { name: subject })).toBeVisible();
  await expect(conversation.getByText(adminConsole.chatStatus.active!, { exact: true })).toBeVisible();
  await expect(sessionRow).toContainText(adminConsole.chatStatus.active!);
  const adminLog = conversation.getByRole('log', { name: subject });
  await expect(adminLog.getByText(first)).toBeVisible();
  await expect(conversation).toContainText(guestEmail);
  await expectNoA11yViolations(page);

  // The guest is told someone joined, and writes again: the admin sees it without reloading.
  await expect(guestLog.getByText(chat.socketSessionActive)).toBeVisible();
  await input.fill(second);
  await input.press('Enter');
  await expect(adminLog.getByText(second)).toBeVisible({ timeout: 15_000 });

  // The admin replies; the guest reads it at once, through the chat socket, without a reload.
  const replyBox = conversation.getByLabel(adminConsole.chatReplyLabel);
  await replyBox.fill(reply);
  await conversation.getByRole('button', { name: adminConsole.chatSend, exact: true }).click();
  await expect(adminLog.getByText(reply)).toBeVisible();
  await expect(replyBox).toHaveValue('');
  await expect(guestLog.getByText(reply)).toBeVisible({ timeout: 5_000 });
  await expect(guestLog.getByText(chat.adminSenderName, { exact: true })).toBeVisible();
  await expectNotReloaded(guestPage);
  expect(guestChat.frames).toContainEqual(
    expect.objectContaining({
      type: 'chat_message',
      message: expect.objectContaining({ sender: 'admin', content: reply }),
    }),
  );
  await expectNoA11yViolations(guestPage);

  // The admin closes it for good, after confirmation.
  await conversation.getByRole('button', { name: adminConsole.closeSession }).click();
  const closeDialog = page.getByRole('alertdialog', { name: adminConsole.closeSessionTitle });
  await expect(closeDialog).toContainText(adminConsole.closeSessionText);
  await expectNoA11yViolations(page);
  await closeDialog.getByRole('button', { name: adminConsole.closeSession }).click();
  await expectToast(page, adminConsole.sessionClosed);
  await expect(conversation.getByText(adminConsole.chatStatus.closed!, { exact: true })).toBeVisible();
  await expect(conversation.getByText(adminConsole.closedNoReply)).toBeVisible();
  await expect(conversation.getByLabel(adminConsole.chatReplyLabel)).toHaveCount(0);
  await expect(conversation.getByRole('button', { name: adminConsole.closeSession })).toHaveCount(0);

  // The guest's dialog says the chat ended; no input any more, a new conversation offered.
  await expect(dialog.getByRole('status').filter({ hasText: liveChat.ended })).toBeVisible();
  // Said once, by that status line: not a second time in the thread.
  await expect(guestLog.getByText(chat.sessionClosed, { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: liveChat.inputLabel })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: liveChat.newChat })).toBeFocused();
  await expect(guestLog.getByText(reply)).toBeVisible();
  await expectNotReloaded(guestPage);
  expect(guestChat.frames).toContainEqual(expect.objectContaining({ type: 'system_message', status: 'closed' }));
  await expectNoA11yViolations(guestPage);

  // The admin archives it, after confirmation; it leaves the active list for the archives.
  await dismissToasts(page);
  await conversation.getByRole('button', { name: adminConsole.archiveSession }).click();
  const archiveDialog = page.getByRole('alertdialog', { name: adminConsole.archiveSessionTitle });
  await expect(archiveDialog).toContainText(adminConsole.archiveSessionText);
  await expectNoA11yViolations(page);
  await archiveDialog.getByRole('button', { name: adminConsole.archiveSession }).click();
  await expectToast(page, adminConsole.sessionArchived);
  await expect(conversation.getByText(adminConsole.chatStatus.archived!, { exact: true })).toBeVisible();
  await expect(conversation.getByRole('button', { name: adminConsole.archiveSession })).toBeDisabled();
  await expect(sessionRow).toHaveCount(0);
  await list.getByRole('button', { name: adminConsole.chatViewArchived }).click();
  await expect(list.getByRole('button', { name: adminConsole.chatViewArchived, pressed: true })).toBeVisible();
  await expect(sessionRow).toContainText(adminConsole.chatStatus.archived!);
  await expect(sessionRow).toContainText(adminConsole.chatGuest(guestName));
  await expectNotReloaded(page);
  await dismissToasts(page);
  await expectNoA11yViolations(page);
  await guestContext.close();
});
