import type { Page } from '@playwright/test';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import {
  booking as bookingMessages,
  bookingPage,
  bookingsTab,
  paymentReturn,
  paymentSuccess,
} from '#shared/messages/bookings.ts';
import {
  bookingPayment,
  financialDashboard,
  payoutPanel,
  paymentCancel,
  stripeTest,
} from '#shared/messages/payments-web.ts';
import { simulator } from '#shared/messages/payouts.ts';
import { commissionCents, helperNetCents } from '#shared/rules/commission.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { addDaysToWallDate, parisToday } from '#shared/rules/paris-time.ts';
import { API, DEMO_ADMIN, expect, test, type TestUser } from './fixtures.ts';

/**
 * The paid flow in simulator mode (issue 9 section 6): a helper finishes onboarding in the simulator
 * and publishes a paid offer; a seeker books and pays; the success page; both bookings tabs show
 * "Payée"; the helper's financial dashboard shows amount, commission and net; the receipt downloads;
 * the seeker cancels more than 24 h ahead and sees the refund. axe on each page.
 */

const PRICE_CENTS = 4500;
const money = (cents: number) => formatMoney(cents, 'eur');
const auth = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });
/** formatMoney separates with no-break spaces; the page text is compared with them folded. */
const folded = (text: string) => text.replace(/\s/g, ' ');

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

test('a helper onboards, a seeker pays, both see "Payée", the ledger, the receipt and the refund', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  // Two people, the simulator's pages and a dozen app pages on two shared cores.
  test.setTimeout(240_000);
  const helper = await createUser({ role: 'helper' });
  const seeker = await createUser();

  // The helper creates the payout account from the overview and onboards in the simulator.
  await loginAs(page, helper);
  await page.goto('/dashboard');
  const panel = page.getByTestId('payout-panel');
  await expect(panel.getByTestId('payout-state')).toHaveText(payoutPanel.stateNone);
  await expectNoA11yViolations(page);
  await panel.getByRole('button', { name: payoutPanel.createAccount }).click();
  await expect(page.getByText(simulator.banner)).toBeVisible();
  await expect(page.getByRole('heading', { name: simulator.onboardingTitle })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel(simulator.fullNameLabel).fill('Camille Aidante');
  await page.getByLabel(simulator.ibanLabel).fill('FR7630006000011234567890189');
  await page.getByRole('button', { name: simulator.submitDetails }).click();
  await expect(page.getByText(simulator.statusPending).first()).toBeVisible();

  // Details sent, verification running: the overview says "Vérification".
  await page.goto('/dashboard');
  await expect(panel.getByTestId('payout-state')).toHaveText(
    new RegExp(`${payoutPanel.statePending}|${payoutPanel.stateActive}`),
  );
  await page.goBack();
  await page.getByRole('button', { name: simulator.finishVerification }).click();
  await expect(page.getByText(simulator.activeHint)).toBeVisible();

  await page.goto('/dashboard');
  await expect(panel.getByTestId('payout-state')).toHaveText(payoutPanel.stateActive);
  const dashboard = page.getByTestId('financial-dashboard');
  await expect(dashboard.getByText(financialDashboard.paymentsEmptyTitle)).toBeVisible();
  await expectNoA11yViolations(page);

  // The helper publishes a paid offer and opens a slot three days ahead (more than 24 h: refundable).
  const title = `Reprendre pied après un licenciement ${helper.user.id.slice(0, 6)}`;
  const created = await api.post(`${API}/offers/`, {
    headers: auth(helper),
    data: {
      title,
      description: 'Une heure pour faire le point et repartir, avec quelqu’un qui est passé par là.',
      category: 'carriere',
      currency: 'eur',
      meeting_contact_info: '+33612345678',
      pricing_options: [{ duration_minutes: 60, price_cents: PRICE_CENTS }],
    },
  });
  expect(created.status()).toBe(201);
  const offer = (await created.json()) as { id: string };
  await page.goto(`/offers/${offer.id}/add-slots`);
  await expect(page.getByRole('heading', { level: 1, name: availability.addSlotsTitle })).toBeVisible();
  await page.getByLabel(availability.dateLabel).fill(addDaysToWallDate(parisToday(new Date()), 3));
  await page.getByLabel(availability.startLabel).selectOption('10:00');
  await page.getByLabel(availability.endLabel).selectOption('12:00');
  await page.getByRole('button', { name: availability.submit }).click();
  await expectToast(page, slotMessages.added(1));

  // The seeker books the 10:00 session and pays in the simulator's checkout.
  const seekerContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const seekerPage = await seekerContext.newPage();
  await loginAs(seekerPage, seeker);
  await seekerPage.goto(`/book/${offer.id}`);
  await expect(seekerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await seekerPage
    .getByRole('button', { name: /horaires disponibles$/ })
    .first()
    .click();
  await seekerPage.getByRole('radio', { name: '10:00' }).check();
  await seekerPage.getByRole('button', { name: bookingPage.bookAndPay }).click();
  await expect(seekerPage.getByText(simulator.banner)).toBeVisible();
  await expect(seekerPage.getByText(folded(money(PRICE_CENTS))).first()).toBeVisible();
  await expectNoA11yViolations(seekerPage);
  await seekerPage.getByRole('button', { name: simulator.pay }).click();

  // The success page claims success only once the server has the payment.
  await expect(seekerPage).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(seekerPage.getByRole('heading', { level: 1, name: paymentSuccess.paidTitle })).toBeVisible();
  await expectToast(seekerPage, paymentReturn.paidConfirmed);
  await expect(seekerPage.getByText(title)).toBeVisible();
  await expectNoA11yViolations(seekerPage);

  // Both bookings tabs show "Payée".
  await seekerPage.getByRole('link', { name: paymentSuccess.goBookings }).click();
  const seekerCard = seekerPage.getByTestId('booking-card').filter({ hasText: title });
  await expect(seekerCard).toContainText(bookingMessages.statusPaid);
  await expectNoA11yViolations(seekerPage);
  await page.goto('/dashboard?tab=bookings');
  const helperCard = page.getByTestId('booking-card').filter({ hasText: title });
  await expect(helperCard).toContainText(bookingMessages.statusPaid);
  await expectNoA11yViolations(page);

  // The helper's financial dashboard: amount, commission and net of that payment.
  await page.goto('/dashboard');
  const row = page.getByTestId('ledger-row').filter({ hasText: title });
  await expect(row).toContainText(folded(money(PRICE_CENTS)));
  await expect(row).toContainText(folded(money(commissionCents(PRICE_CENTS))));
  await expect(row).toContainText(folded(money(helperNetCents(PRICE_CENTS))));
  await dashboard.getByRole('tab', { name: financialDashboard.tabPayouts }).click();
  await expect(dashboard.getByText(financialDashboard.balancePending)).toBeVisible();
  await expectNoA11yViolations(page);

  // The seeker downloads the receipt.
  const downloading = seekerPage.waitForEvent('download');
  await seekerCard.getByRole('button', { name: bookingPayment.receiptLabel(title) }).click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);

  // The seeker cancels three days ahead: the dialog says the refund, the card shows it afterwards.
  await seekerCard.getByRole('button', { name: bookingsTab.cancelLabel(title) }).click();
  const dialog = seekerPage.getByRole('dialog', { name: bookingsTab.dialogTitle });
  await expect(dialog.getByTestId('refund-notice')).toHaveText(folded(bookingPayment.refundSeeker(money(PRICE_CENTS))));
  await expectNoA11yViolations(seekerPage);
  await dialog.getByLabel(bookingsTab.reasonLabel).fill('Un entretien d’embauche ce jour-là');
  await dialog.getByRole('button', { name: bookingsTab.confirmCancel }).click();
  await expect(seekerCard).toContainText(bookingMessages.statusCancelled);
  await expect(seekerCard).toContainText(
    new RegExp(
      [bookingPayment.refundDone(money(PRICE_CENTS)), bookingPayment.refundPending(money(PRICE_CENTS))]
        .map((text) =>
          folded(text)
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/ /g, '\\s'),
        )
        .join('|'),
    ),
  );
  await expectNoA11yViolations(seekerPage);
  await seekerContext.close();
});

test('the cancel return page and the administrators’ test page', async ({
  page,
  api,
  loginAs,
  expectNoA11yViolations,
}) => {
  await page.goto('/payment/cancel');
  await expect(page.getByRole('heading', { level: 1, name: paymentCancel.title })).toBeVisible();
  await expect(page.getByText(paymentCancel.text)).toBeVisible();
  await expectNoA11yViolations(page);

  const login = await api.post(`${API}/auth/login`, { data: DEMO_ADMIN });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  await loginAs(page, { token });
  await page.goto('/stripe-test');
  await expect(page.getByRole('heading', { level: 1, name: stripeTest.title })).toBeVisible();
  await expect(page.getByLabel(stripeTest.amountLabel)).toHaveValue('5000');
  await expect(page.getByLabel(stripeTest.feeLabel)).toHaveValue('1000');
  await expectNoA11yViolations(page);
});
