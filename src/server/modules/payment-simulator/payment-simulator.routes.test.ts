import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator as text } from '#shared/messages/payouts.ts';
import type { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout, simulatorOf } from '#tests/checkout.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { escapeHtml } from './simulator-pages.ts';

const HOUR = 3_600_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let simulator: LocalProvider;
let admin: UserRow;
let seeker: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  simulator = simulatorOf(t);
  admin = await createAdmin(t.app.ctx.db);
  seeker = await createSeeker(t.app.ctx.db);
});
afterAll(() => t.close());

/** The path and query of an absolute URL of the app (inject takes paths). */
const local = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe('http://appui.test');
  return `${parsed.pathname}${parsed.search}`;
};
const get = (url: string) => t.app.inject({ method: 'GET', url: local(url) });
const post = (url: string, payload = '') => t.app.inject({ method: 'POST', url: local(url), headers: form, payload });
const accountStatus = (user: UserRow) => t.injectAs(user, { method: 'GET', url: '/api/v1/payments/account-status' });

/** A helper through the simulator's onboarding pages, as in the browser: form, then "Terminer la vérification". */
async function onboardThroughPages(helper: UserRow): Promise<void> {
  const created = await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' });
  const onboardingUrl = created.json<{ onboarding_url: string }>().onboarding_url;
  const submitted = await post(onboardingUrl, 'full_name=Claire+Dubois&iban=FR7630006000011234567890189');
  expect(submitted.statusCode).toBe(303);
  const verified = await post(
    `http://appui.test${submitted.headers.location as string}`.replace('?token', '/verifier?token'),
  );
  expect(verified.statusCode).toBe(303);
}

describe('onboarding pages', () => {
  it('take the helper from the form through "Vérification" to "Actif", the app following each step', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const created = await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' });
    const onboardingUrl = created.json<{ onboarding_url: string }>().onboarding_url;

    const formPage = await get(onboardingUrl);
    expect(formPage.statusCode).toBe(200);
    expect(formPage.headers['content-type']).toContain('text/html');
    expect(formPage.headers['content-security-policy']).toContain("script-src 'self'");
    expect(formPage.body).toContain(escapeHtml(text.banner));
    expect(formPage.body).toContain('<html lang="fr">');
    expect(formPage.body).not.toContain('<script');
    expect(formPage.body).toContain(escapeHtml(text.submitDetails));

    const submitted = await post(onboardingUrl, 'full_name=Claire+Dubois&iban=FR7630006000011234567890189');
    expect(submitted.statusCode).toBe(303);
    expect(local(`http://appui.test${submitted.headers.location as string}`)).toBe(local(onboardingUrl));
    const pending = await get(onboardingUrl);
    expect(pending.body).toContain(escapeHtml(text.statusPending));
    expect(pending.body).toContain(escapeHtml(text.finishVerification));
    // The app says "Vérification" too (account.updated, or its own read of the provider).
    expect((await accountStatus(helper)).json()).toMatchObject({ details_submitted: true, charges_enabled: false });

    const verifyUrl = onboardingUrl.replace('?token', '/verifier?token');
    expect((await post(verifyUrl)).statusCode).toBe(303);
    expect((await get(onboardingUrl)).body).toContain(escapeHtml(text.statusActive));
    const publicStatus = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/helper/${helper.id}/stripe-status`,
    });
    expect(publicStatus.json()).toEqual({ charges_enabled: true, details_submitted: true });
  });

  it('refuse a link without its token, with another account’s token, or a dashboard token', async () => {
    const helper = await createHelper(t.app.ctx.db);
    const other = await createHelper(t.app.ctx.db);
    const mine = (await t.injectAs(helper, { method: 'POST', url: '/api/v1/payments/create-account' })).json<{
      account_id: string;
      onboarding_url: string;
    }>();
    const theirs = (await t.injectAs(other, { method: 'POST', url: '/api/v1/payments/create-account' })).json<{
      onboarding_url: string;
    }>();
    const theirToken = new URL(theirs.onboarding_url).searchParams.get('token') ?? '';
    const path = `/simulateur/inscription/${mine.account_id}`;

    for (const url of [path, `${path}?token=${encodeURIComponent(theirToken)}`, `${path}?token=123.abc`]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(escapeHtml(text.linkInvalid));
      const submit = await t.app.inject({ method: 'POST', url, headers: form, payload: 'full_name=X' });
      expect(submit.statusCode).toBe(403);
    }
    const dashboardToken =
      new URL(await simulator.createDashboardLink(mine.account_id)).searchParams.get('token') ?? '';
    expect(
      (await t.app.inject({ method: 'GET', url: `${path}?token=${encodeURIComponent(dashboardToken)}` })).statusCode,
    ).toBe(403);
    // Nothing was submitted by any of these.
    expect((await accountStatus(helper)).json()).toMatchObject({ details_submitted: false });
  });
});

describe('dashboard stand-in page', () => {
  it('shows the account to the holder of a dashboard link only', async () => {
    const helper = await createHelper(t.app.ctx.db);
    await onboardThroughPages(helper);
    const { url } = (
      await t.injectAs(helper, { method: 'GET', url: `/api/v1/payments/stripe/dashboard-link/${helper.id}` })
    ).json<{ url: string }>();
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(escapeHtml(text.dashboardTitle));
    expect(page.body).toContain(escapeHtml(text.statusActive));
    expect((await get(url.replace(/token=.*/, 'token=0.x'))).statusCode).toBe(403);
  });
});

describe('checkout pages', () => {
  it('a seeker pays a paid booking: "Payer" confirms it through the webhook handler, then success_url', async () => {
    const db = t.app.ctx.db;
    const helper = await createHelper(db);
    await onboardThroughPages(helper);
    const offer = await createOffer(db, helper, {
      title: 'Préparer un entretien <difficile>',
      options: [{ durationMinutes: 60, priceCents: 4500 }],
    });
    const start = new Date(Date.now() + 3 * 24 * HOUR);
    start.setUTCHours(9, 0, 0, 0);
    await createSlot(db, helper, { startAt: start, endAt: new Date(start.getTime() + 4 * HOUR), offerId: offer.id });

    const checkout = await openCheckout(t, seeker, offer.id, start);
    expect(checkout.statusCode).toBe(200);
    const { checkout_url: url, session_id: sessionId } = checkout.json<{ checkout_url: string; session_id: string }>();

    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(escapeHtml(text.banner));
    expect(page.body).toContain('45,00');
    // The offer's title is shown escaped, never as markup.
    expect(page.body).toContain('&lt;difficile&gt;');
    expect(page.body).not.toContain('<difficile>');
    expect(page.body).toContain('href="http://appui.test/payment/cancel"');

    const refused = await post(`${url}/refuser`);
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain(escapeHtml(text.cardRefusedMessage));
    const stillOpen = await t.injectAs(seeker, {
      method: 'GET',
      url: `/api/v1/payments/checkout-session/${sessionId}`,
    });
    expect(stillOpen.json()).toMatchObject({ booking_status: 'pending_payment', payment_status: 'open' });

    const paid = await post(`${url}/payer`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://appui.test/payment/success?session_id=${sessionId}`);
    const confirmed = await t.injectAs(seeker, {
      method: 'GET',
      url: `/api/v1/payments/checkout-session/${sessionId}`,
    });
    expect(confirmed.json()).toMatchObject({ booking_status: 'paid', payment_status: 'succeeded', amount_cents: 4500 });

    const again = await get(url);
    expect(again.body).toContain(escapeHtml(text.checkoutDone));
    expect(again.body).not.toContain(escapeHtml(text.pay));
  });

  it('the admin’s test checkout pays nothing into the ledger, and unknown sessions are 404', async () => {
    const helper = await createHelper(t.app.ctx.db);
    await onboardThroughPages(helper);
    const res = await t.injectAs(admin, { method: 'GET', url: `/api/v1/checkout/${helper.id}` });
    const { checkout_url: url } = res.json<{ checkout_url: string }>();
    expect((await get(url)).body).toContain('50,00');
    const paid = await post(`${url}/payer`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://appui.test/stripe-test?paiement_test=paid');

    const unknown = await t.app.inject({ method: 'GET', url: '/simulateur/paiement/cs_local_inconnu' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(escapeHtml(text.checkoutUnknown));
    expect(
      (await t.app.inject({ method: 'POST', url: '/simulateur/paiement/cs_local_inconnu/payer', headers: form }))
        .statusCode,
    ).toBe(404);
  });

  it('an expired session cannot be paid', async () => {
    const session = await simulator.createCheckoutSession({
      bookingId: crypto.randomUUID(),
      amountCents: 1000,
      applicationFeeCents: 100,
      currency: 'eur',
      destinationAccountId: 'acct_local_x',
      productName: 'Séance',
      customerEmail: 'paul@exemple.fr',
      successUrl: 'http://appui.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://appui.test/payment/cancel',
      expiresAt: new Date(Date.now() - 1000),
      idempotencyKey: crypto.randomUUID(),
    });
    const paid = await post(`${session.url}/payer`);
    expect(paid.statusCode).toBe(410);
    expect(paid.body).toContain(escapeHtml(text.checkoutExpired));
  });
});
