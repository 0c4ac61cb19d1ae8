import { verificationAnchors, verificationBadges, verificationPage } from '#shared/messages/verification.ts';
import { landing } from '#shared/messages/landing.ts';
import { bioReminder } from '#shared/messages/bio-reminder.ts';
import { charterDialog, helperCharter } from '#shared/messages/charter.ts';
import { expect, test } from './fixtures.ts';

/** "Comment nous vérifions les aidants", the landing's link to it, and the badges of a profile. */

const SHOTS = process.env.E2E_SHOTS_DIR;

for (const viewport of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`${viewport.name} ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the landing links the promise to the page, which explains each check and gives the charter', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      const promise = page.getByRole('listitem').filter({ hasText: 'Communauté vérifiée' });
      const link = promise.getByRole('link', { name: verificationBadges.howWeCheck });
      await expect(link).toHaveAttribute('href', '/verification-des-aidants');
      // Opened from its address: a click on the landing may land while the page hydrates.
      await page.goto('/verification-des-aidants');
      await expect(page.getByRole('heading', { level: 1, name: verificationPage.title })).toBeVisible();
      for (const check of verificationPage.checks) {
        await expect(page.getByRole('heading', { level: 2, name: new RegExp(check.title) })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 2, name: verificationPage.charterTitle })).toBeVisible();
      for (const section of helperCharter.sections) {
        await expect(page.getByRole('heading', { level: 3, name: new RegExp(section.title) })).toBeVisible();
      }
      await expect(page.getByRole('main')).toContainText('3114');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/verification-${viewport.name}.png`, fullPage: false });
      expect(landing.protections.some((item) => 'link' in item)).toBe(true);
    });

    test('"Je veux aider" shows the charter with its box, readable on this screen', async ({
      page,
      createUser,
      loginAs,
      expectNoA11yViolations,
    }) => {
      const seeker = await createUser();
      await loginAs(page, seeker);
      await page.goto('/');
      // The member's page, once the session is checked: a new member is asked for a bio.
      await expect(page.getByRole('button', { name: bioReminder.dismiss })).toBeVisible();
      await page.getByRole('button', { name: landing.wantToHelp }).first().click();
      const dialog = page.getByRole('dialog', { name: charterDialog.title });
      await expect(dialog.getByRole('checkbox', { name: charterDialog.checkbox })).toBeVisible();
      await expect(dialog.getByRole('button', { name: charterDialog.confirm })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/charter-${viewport.name}.png` });
    });

    test('a helper’s profile shows only the checks that passed, each linking to its explanation', async ({
      page,
      createUser,
      expectNoA11yViolations,
    }) => {
      // Through the API: the address confirmed, the charter accepted, no payout account.
      const helper = await createUser({ role: 'helper' });
      await page.goto(`/mentors/${helper.user.id}`);
      const badges = page.getByRole('list', { name: verificationBadges.listLabel });
      await expect(badges).toBeVisible();
      await expect(badges.getByRole('link')).toHaveCount(2);
      await expect(badges).toContainText(verificationBadges.charter);
      await expect(badges).toContainText(verificationBadges.email);
      await expect(badges).not.toContainText(verificationBadges.identity);
      await expect(page.getByText('Profil vérifié')).toHaveCount(0);
      await expectNoA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-${viewport.name}.png` });
      await badges.getByRole('link').filter({ hasText: verificationBadges.charter }).click();
      await expect(page).toHaveURL(new RegExp(`/verification-des-aidants#${verificationAnchors.charter}$`));
      await expect(page.locator(`#${verificationAnchors.charter}`)).toBeInViewport();
    });
  });
}
