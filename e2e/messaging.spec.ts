import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { bookingPage, paymentReturn } from '#shared/messages/bookings.ts';
import { sendMessageDialog, unreadBadge } from '#shared/messages/messaging-actions.ts';
import { messagesTab, messaging } from '#shared/messages/messaging.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import { explore } from '#shared/messages/offers.ts';
import { dashboard } from '#shared/messages/pages.ts';
import { addDaysToWallDate, parisToday } from '#shared/rules/paris-time.ts';
import {
  API,
  createFreeOffer,
  expect,
  expectNotReloaded,
  markDocument,
  test,
  watchAppSocket,
  type AppSocketWatch,
  type TestUser,
} from './fixtures.ts';

/**
 * Messaging in two browsers (issue 10 sections 1 to 4 and 6): a seeker writes from an explore card
 * and the helper, already on the dashboard, sees the badge rise and the conversation appear through
 * the app socket without reloading, reads it (badge back to nothing), replies, and the seeker reads
 * the reply live. A message carrying a phone number reaches the helper masked, never as text, and is
 * revealed in the open thread when the seeker books. After a first message without a booking the
 * seeker's thread says "Chat désactivé"; the thread's back button removes conversation= from the
 * address. axe on every page, and the thread and list at 360×740.
 */

/** The offers' meeting contact is a link, so the only phone number on any page is the message's. */
const MEETING_LINK = 'https://meet.google.com/abc-defg-hij';
const PHONE = '06 12 34 56 78';
const PHONE_DIGITS = /0?6[\s.-]?12[\s.-]?34[\s.-]?56[\s.-]?78/;

const auth = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** A word no other offer holds, letters only, so the French full-text search finds this offer alone. */
const uniqueWord = () =>
  `zef${randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

/** A free offer of `helper` with tomorrow 10:00-12:00 (Paris time) open, created through the API. */
async function createFreeOfferWithSlot(api: APIRequestContext, helper: TestUser, title: string): Promise<string> {
  const offer = {
    id: await createFreeOffer(api, helper, {
      title,
      description: 'Une heure pour parler de ce qui pèse, à votre rythme, avec quelqu’un qui est passé par là.',
      category: 'relations',
      contact: MEETING_LINK,
    }),
  };
  const slots = await api.post(`${API}/time-slots/bulk`, {
    headers: auth(helper),
    data: {
      offer_id: offer.id,
      time_slots: [{ date: addDaysToWallDate(parisToday(new Date()), 1), start_time: '10:00', end_time: '12:00' }],
    },
  });
  expect(slots.ok(), await slots.text()).toBe(true);
  return offer.id;
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** The unread badge of the page's header (the dashboard's tab has its own). */
const headerBadge = (page: Page) => page.getByRole('banner').getByRole('img', { name: /messages? non lus?$/ });

const threadLog = (page: Page, otherName: string) =>
  page.getByRole('log', { name: messagesTab.threadLabel(otherName) });

const conversationIdOf = (page: Page) => new URL(page.url()).searchParams.get('conversation') ?? '';

/** Opens the messages tab of a logged-in page and waits for its app socket to be connected. */
async function openMessagesTabLive(page: Page, socket: AppSocketWatch) {
  await page.goto('/dashboard?tab=messages');
  await expect(page.getByRole('heading', { name: messagesTab.listTitle })).toBeVisible();
  await socket.waitForHello();
  await markDocument(page);
}

test('a seeker writes from an explore card; the helper sees it arrive live, reads it and replies; the seeker reads the reply', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  // Two people, two live pages and eight axe runs on two shared cores.
  test.setTimeout(180_000);
  const helper = await createUser({ role: 'helper' });
  const seeker = await createUser();
  const helperName = helper.user.display_name ?? '';
  const seekerName = seeker.user.display_name ?? '';
  const word = uniqueWord();
  const title = `Marcher pour aller mieux ${word}`;
  await createFreeOfferWithSlot(api, helper, title);
  const first = `Bonjour, j’aimerais parler de mes promenades ${word}.`;
  const reply = `Avec plaisir, parlons-en ${word} !`;

  // The helper waits on the messages tab, socket connected, nothing unread yet.
  const helperSocket = watchAppSocket(page);
  await loginAs(page, helper);
  await openMessagesTabLive(page, helperSocket);
  await expect(page.getByRole('heading', { name: messagesTab.emptyTitle })).toBeVisible();
  await expect(headerBadge(page)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The seeker finds the offer on /explore and writes from its card.
  const seekerContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const seekerPage = await seekerContext.newPage();
  const seekerSocket = watchAppSocket(seekerPage);
  await loginAs(seekerPage, seeker);
  await seekerPage.goto('/explore');
  await seekerPage.getByRole('searchbox', { name: explore.searchLabel }).fill(word);
  await seekerPage.getByRole('searchbox', { name: explore.searchLabel }).press('Enter');
  const card = seekerPage.getByRole('article').filter({ has: seekerPage.getByRole('heading', { name: title }) });
  await expect(card).toHaveCount(1);
  await expectNoA11yViolations(seekerPage);
  await card.getByRole('button', { name: offerCard.messageHelper(helperName) }).click();
  const dialog = seekerPage.getByRole('dialog', { name: sendMessageDialog.title });
  await expect(dialog).toContainText(sendMessageDialog.description(helperName, title));
  const sendButton = dialog.getByRole('button', { name: sendMessageDialog.send, exact: true });
  await expect(sendButton).toBeDisabled();
  await dialog.getByLabel(sendMessageDialog.fieldLabel).fill('   ');
  await expect(sendButton).toBeDisabled();
  await expectNoA11yViolations(seekerPage);
  await dialog.getByLabel(sendMessageDialog.fieldLabel).fill(first);
  await sendButton.click();

  // The seeker lands on the conversation and sees the message.
  await expect(seekerPage).toHaveURL(/\/dashboard\?tab=messages&conversation=[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(seekerPage);
  await expectToast(seekerPage, messaging.sentToast);
  const seekerLog = threadLog(seekerPage, helperName);
  await expect(seekerLog.getByText(first)).toBeVisible();
  await expect(seekerPage.getByRole('link', { name: messagesTab.offerLink(title) })).toBeVisible();

  // Chat disabled: the first message is used and there is no booking (spec 2 section 4).
  await expect(seekerPage.getByText(messaging.chatDisabled, { exact: true })).toBeVisible();
  await expect(seekerPage.getByText(messaging.chatDisabledHint)).toBeVisible();
  await expect(seekerPage.getByRole('textbox', { name: messagesTab.inputLabel })).toHaveCount(0);
  await expectNoA11yViolations(seekerPage);
  await seekerSocket.waitForHello();
  await markDocument(seekerPage);

  // The helper's header badge rises and the conversation appears, over the socket, without a reload.
  await expect(headerBadge(page)).toHaveText('1');
  await expect(headerBadge(page)).toHaveAccessibleName(unreadBadge.label(1));
  const row = page.getByRole('link', {
    name: `${messagesTab.openConversation(seekerName, title)}, ${unreadBadge.label(1)}`,
  });
  await expect(row).toBeVisible();
  await expect(row).toContainText(first);
  await expectNotReloaded(page);
  expect(helperSocket.events).toContainEqual(
    expect.objectContaining({ type: 'message.created', conversation_id: conversationId }),
  );
  await expectNoA11yViolations(page);

  // The helper opens it: the badge goes back to nothing; the helper replies.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`[?&]conversation=${conversationId}$`));
  const helperLog = threadLog(page, seekerName);
  await expect(helperLog.getByText(first)).toBeVisible();
  await expect(headerBadge(page)).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: messagesTab.openConversation(seekerName, title), exact: true }),
  ).toBeVisible();
  const input = page.getByRole('textbox', { name: messagesTab.inputLabel });
  await expect(page.getByRole('button', { name: messagesTab.send, exact: true })).toBeDisabled();
  await expectNoA11yViolations(page);
  await input.fill(reply);
  await input.press('Enter');
  await expect(helperLog.getByText(reply)).toBeVisible();
  await expect(input).toHaveValue('');

  // The seeker, whose thread is open, sees the reply arrive without a reload and reads it at once.
  await expect(seekerLog.getByText(reply)).toBeVisible();
  await expectNotReloaded(seekerPage);
  expect(seekerSocket.events).toContainEqual(
    expect.objectContaining({ type: 'message.created', conversation_id: conversationId }),
  );
  await expect(headerBadge(seekerPage)).toHaveCount(0);
  // Still no booking: the reply does not give the seeker the chat back.
  await expect(seekerPage.getByText(messaging.chatDisabled, { exact: true })).toBeVisible();

  // On a phone: one pane at a time; the back button removes conversation= and shows the list.
  await seekerPage.setViewportSize({ width: 360, height: 740 });
  await expect(seekerLog.getByText(reply)).toBeVisible();
  await expect(seekerPage.getByRole('heading', { name: messagesTab.listTitle })).toBeHidden();
  await expectNoA11yViolations(seekerPage);
  await seekerPage.getByRole('button', { name: messagesTab.back }).click();
  await expect(seekerPage).toHaveURL(/\/dashboard\?tab=messages$/);
  await expect(seekerLog).toHaveCount(0);
  await expect(seekerPage.getByRole('heading', { name: messagesTab.listTitle })).toBeVisible();
  await expect(
    seekerPage.getByRole('link', { name: messagesTab.openConversation(helperName, title), exact: true }),
  ).toContainText(reply);
  await expectNoA11yViolations(seekerPage);
  await expectNotReloaded(seekerPage);
  await seekerContext.close();
});

test('a phone number reaches the helper masked, never as text, and is revealed in the open thread when the seeker books', async ({
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
  const helperName = helper.user.display_name ?? '';
  const seekerName = seeker.user.display_name ?? '';
  const word = uniqueWord();
  const title = `Sortir de l’isolement ${word}`;
  const offerId = await createFreeOfferWithSlot(api, helper, title);
  const withPhone = `Bonjour, appelez-moi au ${PHONE} quand vous voulez.`;

  // This time the helper waits on the overview, whose unread figure is live too.
  const helperSocket = watchAppSocket(page);
  await loginAs(page, helper);
  await page.goto('/dashboard');
  const unreadFigure = page
    .getByRole('region', { name: dashboard.statsTitle })
    .getByText(dashboard.unreadMessages, { exact: true })
    .locator('xpath=following-sibling::p');
  await expect(unreadFigure).toHaveText('0');
  await helperSocket.waitForHello();
  await markDocument(page);
  await expectNoA11yViolations(page);

  // The seeker writes from the booking page (no booking yet: this first message is allowed).
  const seekerContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const seekerPage = await seekerContext.newPage();
  const seekerSocket = watchAppSocket(seekerPage);
  await loginAs(seekerPage, seeker);
  await seekerPage.goto(`/book/${offerId}`);
  await expect(seekerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoA11yViolations(seekerPage);
  await seekerPage.getByRole('button', { name: sendMessageDialog.trigger, exact: true }).click();
  const dialog = seekerPage.getByRole('dialog', { name: sendMessageDialog.title });
  await dialog.getByLabel(sendMessageDialog.fieldLabel).fill(withPhone);
  await dialog.getByRole('button', { name: sendMessageDialog.send, exact: true }).click();
  await expect(seekerPage).toHaveURL(/\/dashboard\?tab=messages&conversation=[0-9a-f-]{36}$/);
  const conversationId = conversationIdOf(seekerPage);

  // Its sender reads it, with the note saying why it is held back; then "Chat désactivé".
  const seekerLog = threadLog(seekerPage, helperName);
  await expect(seekerLog.getByText(withPhone)).toBeVisible();
  await expect(seekerLog.getByText(messaging.maskedForSender)).toBeVisible();
  await expect(seekerPage.getByText(messaging.chatDisabled, { exact: true })).toBeVisible();
  await expectNoA11yViolations(seekerPage);
  // Its sender's own socket carries it whole: the frame check below does look at such frames.
  await expect.poll(() => seekerSocket.frames.some((frame) => PHONE_DIGITS.test(frame))).toBe(true);

  // The helper's figure and badge rise; the header's link leads to the messages tab (no reload).
  await expect(unreadFigure).toHaveText('1');
  await expect(headerBadge(page)).toHaveText('1');
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(`^${unreadBadge.headerLink}`) })
    .click();
  await expect(page).toHaveURL(/\/dashboard\?tab=messages$/);

  // The helper gets it masked, in the list and in the thread, and the number is nowhere: not on the
  // page, not in its markup, not in any socket frame.
  const row = page.getByRole('link', {
    name: `${messagesTab.openConversation(seekerName, title)}, ${unreadBadge.label(1)}`,
  });
  await expect(row).toContainText(messaging.maskedForRecipient);
  await row.click();
  const helperLog = threadLog(page, seekerName);
  await expect(helperLog.getByText(messaging.maskedForRecipient)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(PHONE_DIGITS);
  expect(await page.content()).not.toMatch(PHONE_DIGITS);
  expect(helperSocket.frames.filter((frame) => PHONE_DIGITS.test(frame))).toEqual([]);
  expect(helperSocket.events).toContainEqual(
    expect.objectContaining({ type: 'message.created', conversation_id: conversationId }),
  );
  await expectNotReloaded(page);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(helperLog.getByText(messaging.maskedForRecipient)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The seeker books a free session on the booking page.
  await seekerPage.goto(`/book/${offerId}`);
  await seekerPage
    .getByRole('button', { name: /horaires disponibles$/ })
    .first()
    .click();
  await seekerPage.getByRole('radio', { name: '10:00' }).check();
  await seekerPage.getByRole('button', { name: bookingPage.book, exact: true }).click();
  await expect(seekerPage).toHaveURL(/\/payment\/success\?booking_id=[0-9a-f-]+&free=true$/);
  await expectToast(seekerPage, paymentReturn.freeConfirmed);
  await expectNoA11yViolations(seekerPage);

  // The helper's open thread shows the number, revealed without a reload (conversation.updated).
  await expect(helperLog.getByText(withPhone)).toBeVisible();
  await expect(helperLog.getByText(messaging.maskedForRecipient)).toHaveCount(0);
  await expect(page.locator('body')).toContainText(PHONE_DIGITS);
  await expectNotReloaded(page);
  expect(helperSocket.events).toContainEqual(
    expect.objectContaining({ type: 'conversation.updated', conversation_id: conversationId }),
  );
  await expectNoA11yViolations(page);

  // The seeker's thread: no note any more, and the booking gives the chat back.
  await seekerPage.goto(`/dashboard?tab=messages&conversation=${conversationId}`);
  await expect(seekerLog.getByText(withPhone)).toBeVisible();
  await expect(seekerLog.getByText(messaging.maskedForSender)).toHaveCount(0);
  await expect(seekerPage.getByText(messaging.chatDisabled, { exact: true })).toHaveCount(0);
  await expect(seekerPage.getByRole('textbox', { name: messagesTab.inputLabel })).toBeVisible();
  await expectNoA11yViolations(seekerPage);
  await seekerContext.close();
});
