import type { Page } from '@playwright/test';
import { auth as authDialogMessages } from '#shared/messages/auth.ts';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import {
  booking as bookingMessages,
  bookingPage,
  bookingsTab,
  cancellation,
  paymentReturn,
  reviewForm,
} from '#shared/messages/bookings.ts';
import { nav, pageTitles } from '#shared/messages/common.ts';
import { offerCard } from '#shared/messages/offer-card.ts';
import { helperProfile, offers } from '#shared/messages/offers.ts';
import { addDaysToWallDate, parisToday } from '#shared/rules/paris-time.ts';
import type { Booking } from '#shared/schemas/bookings.ts';
import type { Review } from '#shared/schemas/reviews.ts';
import { API, createFreeOffer, expect, test } from './fixtures.ts';

/**
 * Availability, booking, cancellation and reviews (spec 1 sections 2, 4, 5 and 8; spec 2 sections 2
 * and 5): a helper adds slots through the UI, a seeker books a free session, both see it with the
 * contact information, the seeker cancels with a reason and the time is free again; a seeker reviews
 * a completed session and the review shows on the helper's public profile.
 */

const CONTACT = '+33612345678';
const DEMO_SEEKER_EMAILS = ['camille.martin', 'lucas.bernard', 'emma.petit', 'hugo.roux'].map(
  (handle) => `${handle}@appui.demo`,
);
const DEMO_PASSWORD = 'appui-demo';

/**
 * Opens `path` as a member whose stored session is still being checked: GET /users/me is held until
 * the answered function is called. Answers once the app has started (the page rendered afresh for a
 * member: "Se connecter" gone while the session is checked).
 */
async function openWithSessionHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API}/users/me`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: nav.login, exact: true })).toHaveCount(0);
  return release;
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Chooses a day in the booking calendar, then a start time. */
async function chooseStart(page: Page, time: string) {
  await page
    .getByRole('button', { name: /horaires disponibles$/ })
    .first()
    .click();
  await page.getByRole('radio', { name: time }).check();
}

test('a helper adds slots, a seeker books, both see it, the seeker cancels and the time is free again', async ({
  page,
  browser,
  baseURL,
  api,
  createUser,
  loginAs,
  expectNoA11yViolations,
}) => {
  // Two people and eight pages: longer than the default minute on two shared cores.
  test.setTimeout(150_000);
  const helper = await createUser({ role: 'helper' });
  const seeker = await createUser();
  const title = `Parler d'un deuil récent ${helper.user.id.slice(0, 6)}`;
  const offer = {
    id: await createFreeOffer(api, helper, {
      title,
      description: 'Une heure pour parler librement de la perte d’un proche, sans jugement.',
      category: 'relations',
      contact: CONTACT,
    }),
  };

  // The helper adds a slot for tomorrow, 10:00-12:00 Paris time, through the add-slots page.
  await loginAs(page, helper);
  await page.goto(`/offers/${offer.id}/add-slots`);
  await expect(page.getByRole('heading', { level: 1, name: availability.addSlotsTitle })).toBeVisible();
  await page.getByRole('button', { name: availability.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(slotMessages.nothingToAdd);
  await expectNoA11yViolations(page);
  const tomorrow = addDaysToWallDate(parisToday(new Date()), 1);
  await page.getByLabel(availability.dateLabel).fill(tomorrow);
  await page.getByLabel(availability.startLabel).selectOption('10:00');
  await page.getByLabel(availability.endLabel).selectOption('12:00');
  await page.getByRole('button', { name: availability.submit }).click();
  await expectToast(page, slotMessages.added(1));
  await expect(page).toHaveURL(/\/dashboard\?tab=offers$/);

  // The seeker books the 10:00 session on the public booking page.
  const seekerContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const seekerPage = await seekerContext.newPage();
  await loginAs(seekerPage, seeker);
  await seekerPage.goto(`/book/${offer.id}`);
  await expect(seekerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(seekerPage).toHaveTitle(pageTitles.bookOffer(title));
  await expect(seekerPage.getByText(offers.contactAfterBooking)).toBeVisible();
  await seekerPage.getByRole('button', { name: bookingPage.book, exact: true }).click();
  await expect(seekerPage.getByRole('alert').filter({ hasText: bookingMessages.selectDateTime })).toBeVisible();
  await chooseStart(seekerPage, '10:00');
  await expect(seekerPage.getByRole('radio', { name: '11:00' })).toBeVisible();
  await expect(seekerPage.getByRole('radio', { name: '11:15' })).toHaveCount(0);
  await expectNoA11yViolations(seekerPage);
  await seekerPage.getByRole('button', { name: bookingPage.book, exact: true }).click();
  await expect(seekerPage).toHaveURL(/\/payment\/success\?booking_id=[0-9a-f-]+&free=true$/);
  await expectToast(seekerPage, paymentReturn.freeConfirmed);
  await expect(seekerPage.getByText(title)).toBeVisible();
  await expectNoA11yViolations(seekerPage);

  // Both see the booking with the contact information.
  await seekerPage.getByRole('link', { name: /Voir mes réservations/ }).click();
  const seekerCard = seekerPage.getByTestId('booking-card').filter({ hasText: title });
  await expect(seekerCard).toContainText(bookingMessages.statusScheduled);
  await expect(seekerCard.getByRole('link', { name: CONTACT })).toBeVisible();
  await expectNoA11yViolations(seekerPage);

  await page.goto('/dashboard?tab=bookings');
  const helperCard = page.getByTestId('booking-card').filter({ hasText: title });
  await expect(helperCard).toContainText(bookingsTab.bookedBy(seeker.user.display_name ?? ''));
  await expect(helperCard.getByRole('link', { name: CONTACT })).toBeVisible();
  await expectNoA11yViolations(page);

  // The seeker cancels with a reason; the reason is required.
  await seekerCard.getByRole('button', { name: bookingsTab.cancelLabel(title) }).click();
  const dialog = seekerPage.getByRole('dialog', { name: bookingsTab.dialogTitle });
  await dialog.getByRole('button', { name: bookingsTab.confirmCancel }).click();
  await expect(dialog.getByRole('alert')).toHaveText(cancellation.reasonRequired);
  await expectNoA11yViolations(seekerPage);
  await dialog.getByLabel(bookingsTab.reasonLabel).fill('Un empêchement professionnel');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: bookingsTab.confirmCancel }).click();
  await expectToast(seekerPage, cancellation.successTitle);
  await expect(seekerCard).toContainText(bookingMessages.statusCancelled);
  await expect(seekerCard).toContainText(bookingsTab.reason('Un empêchement professionnel'));
  await expect(seekerCard).toContainText(bookingsTab.cancelledByYou);
  // The "Annuler" button that had focus is gone: focus lands on the card's title, not on the page.
  await expect(seekerCard.getByRole('heading', { name: title })).toBeFocused();

  // The time is bookable again, and the calendar and times work from the keyboard.
  await seekerPage.goto(`/book/${offer.id}`);
  const day = seekerPage.getByRole('button', { name: /horaires disponibles$/ }).first();
  await day.focus();
  await seekerPage.keyboard.press('ArrowRight');
  await expect(seekerPage.locator(':focus')).toHaveAttribute('aria-label', /aucun horaire disponible$/);
  await seekerPage.keyboard.press('ArrowLeft');
  await expect(day).toBeFocused();
  await seekerPage.keyboard.press('Enter');
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await seekerPage.getByRole('radio', { name: '10:00' }).check();
  await seekerPage.keyboard.press('ArrowRight');
  await expect(seekerPage.getByRole('radio', { name: '10:15' })).toBeChecked();
  await expect(seekerPage.getByTestId('booking-summary-when')).toContainText('10 h 15');
  await seekerContext.close();
});

test('a seeker reviews a completed session and the review shows on the helper profile', async ({
  page,
  api,
  loginAs,
  expectNoA11yViolations,
}) => {
  // The demo seed holds past completed sessions without a review (no API moves a booking into the past).
  let found: { token: string; booking: Booking } | null = null;
  for (const email of DEMO_SEEKER_EMAILS) {
    const login = await api.post(`${API}/auth/login`, { data: { email, password: DEMO_PASSWORD } });
    if (!login.ok()) continue;
    const { access_token: token } = (await login.json()) as { access_token: string };
    const bookings = (await (
      await api.get(`${API}/bookings/?limit=100`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Booking[];
    for (const booking of bookings.filter(
      (candidate) => candidate.status === 'completed' && candidate.user_id !== candidate.helper_id,
    )) {
      const reviews = (await (
        await api.get(`${API}/reviews/?helper_id=${booking.helper_id}&limit=100`)
      ).json()) as Review[];
      if (!reviews.some((review) => review.booking_id === booking.id)) {
        found = { token, booking };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'the demo seed must give a demo seeker a completed booking without a review').not.toBeNull();
  const { token, booking } = found!;

  await loginAs(page, { token });
  await page.goto('/dashboard?tab=bookings');
  const card = page.locator(`[data-booking-id="${booking.id}"]`);
  await expect(card).toContainText(bookingMessages.statusCompleted);
  await card.getByRole('button', { name: reviewForm.submit }).click();
  await expect(card.getByRole('alert')).toHaveText(reviewForm.ratingRequired);
  await expectNoA11yViolations(page);
  const comment = `Écoute précieuse, merci ${booking.id.slice(0, 8)}`;
  await card.getByRole('radio', { name: reviewForm.star(4) }).check();
  await card.getByLabel(reviewForm.commentLabel).fill(comment);
  await card.getByRole('button', { name: reviewForm.submit }).click();
  await expectToast(page, reviewForm.successTitle);
  await expect(card).toContainText(reviewForm.alreadyReviewed(4));

  await page.goto(`/mentors/${booking.helper_id}`);
  await page.getByRole('tab', { name: helperProfile.tabReviews }).click();
  await expect(page.getByText(comment)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a member who presses "Réserver" while their session is still being checked gets the booking\'s own answer, never the login', async ({
  page,
  api,
  createUser,
  loginAs,
}) => {
  const helper = await createUser({ role: 'helper' });
  const offerId = await createFreeOffer(api, helper, {
    title: `Reprendre pied après un burn-out ${helper.user.id.slice(0, 6)}`,
    description: 'Une heure pour faire le point, à votre rythme, sans jugement ni conseil plaqué.',
    category: 'sante-mentale',
    contact: CONTACT,
  });

  await loginAs(page, await createUser());
  const releaseSession = await openWithSessionHeld(page, `/book/${offerId}`);
  await page.getByRole('button', { name: bookingPage.book, exact: true }).click();
  releaseSession();
  await expect(page.getByRole('alert').filter({ hasText: bookingMessages.selectDateTime })).toBeVisible();
  await expect(page.getByRole('dialog', { name: authDialogMessages.loginTitle })).toHaveCount(0);
});

test('a member who presses "Réserver" on a search card while their session is still being checked goes to the booking page, not to the login', async ({
  page,
  api,
  createUser,
  loginAs,
}) => {
  const helper = await createUser({ role: 'helper' });
  const word = `carte${helper.user.id.slice(0, 8)}`;
  const title = `Se relever après une séparation ${word}`;
  const offerId = await createFreeOffer(api, helper, {
    title,
    description: 'Une heure pour déposer ce qui pèse après une rupture, à votre rythme.',
    category: 'relations',
    contact: CONTACT,
  });

  await loginAs(page, await createUser());
  const releaseSession = await openWithSessionHeld(page, `/recherche?search=${word}`);
  await page.getByRole('link', { name: offerCard.bookHelper(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${offerId}$`));
  await expect(page.getByRole('dialog', { name: authDialogMessages.loginTitle })).toHaveCount(0);
  releaseSession();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
