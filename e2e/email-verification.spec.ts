import { emailVerification } from '#shared/messages/email-verification.ts';
import { expect, test, verificationLinkSentTo } from './fixtures.ts';

/**
 * Proving one's address: while it is unconfirmed a calm banner says what waits, "Renvoyer le lien"
 * sends a new link, and the link from the mail confirms the address and takes the banner away.
 */
for (const [device, viewport] of [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('an unconfirmed account sees the banner, asks for a new link and confirms from the mail', async ({
      page,
      createUser,
      loginAs,
      expectNoA11yViolations,
    }) => {
      const person = await createUser({ confirmEmail: false });
      const firstLink = await verificationLinkSentTo(person.email);
      await loginAs(page, person);
      await page.goto('/recherche');

      const banner = page.getByRole('region', { name: emailVerification.bannerTitle });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(person.email);
      await expectNoA11yViolations(page);
      // Nothing wider than the screen on a phone, the address included.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await banner.getByRole('button', { name: emailVerification.resend }).click();
      await expect(banner.getByRole('status')).toHaveText(emailVerification.resent(person.email));
      // The new link replaces the first one: the first is spent.
      await expect.poll(() => verificationLinkSentTo(person.email)).not.toBe(firstLink);
      const link = await verificationLinkSentTo(person.email);

      await page.goto(firstLink);
      await expect(page.getByRole('alert').filter({ hasText: emailVerification.invalidToken })).toBeVisible();

      await page.goto(link);
      await expect(page.getByRole('status').filter({ hasText: emailVerification.confirmed })).toBeVisible();
      await expectNoA11yViolations(page);
      await expect(banner).toHaveCount(0);
      await page.getByRole('link', { name: emailVerification.continue }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('region', { name: emailVerification.bannerTitle })).toHaveCount(0);
    });
  });
}
