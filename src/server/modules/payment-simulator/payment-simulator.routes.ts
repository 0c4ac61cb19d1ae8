import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { LOCAL_ACCOUNT_VERIFICATION_SECONDS } from '#shared/constants.ts';
import { simulator as text } from '#shared/messages/payouts.ts';
import { formatMoney } from '#shared/rules/format.ts';
import { LocalProvider, SIMULATOR_BASE_PATH } from '../../adapters/payments/local-provider.ts';
import type { App, AppContext } from '../../app-types.ts';
import { requestPayouts } from '../payments/payments.service.ts';
import { html, notice, page, postButton, type Html } from './simulator-pages.ts';

type CheckoutSession = NonNullable<Awaited<ReturnType<LocalProvider['findCheckoutSession']>>>;
type LocalAccount = NonNullable<Awaited<ReturnType<LocalProvider['findAccount']>>>;

const SessionParams = z.object({ id: z.string().min(1).max(200) });
const AccountParams = z.object({ accountId: z.string().min(1).max(200) });
const TokenQuery = z.object({ token: z.string().max(200).optional() });
const hidden = { hide: true } as const;
const sessionRoute = { schema: { ...hidden, params: SessionParams } };
const accountRoute = { schema: { ...hidden, params: AccountParams, querystring: TokenQuery } };

const send = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * The payment simulator's pages (LocalProvider, no Stripe keys), where Stripe's hosted pages would be:
 * checkout, onboarding and the Express-dashboard stand-in, under the "Mode démonstration" banner.
 * Only the person concerned may act: the checkout page by its URL secret (the session id, as Stripe
 * does), onboarding and dashboard by the signed, expiring token of their link. Registered only in
 * simulator mode.
 */
export async function paymentSimulatorRoutes(app: App, { ctx }: { ctx: AppContext }): Promise<void> {
  if (!(ctx.payments instanceof LocalProvider)) return;
  const provider: LocalProvider = ctx.payments;
  // The forms post url-encoded bodies; their fields are not kept (nothing real is collected here).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const checkoutPath = (id: string) => `${SIMULATOR_BASE_PATH}/paiement/${encodeURIComponent(id)}`;
  const onboardingPath = (accountId: string, token: string, action = '') =>
    `${SIMULATOR_BASE_PATH}/inscription/${encodeURIComponent(accountId)}${action}?token=${encodeURIComponent(token)}`;
  const appHome = `${ctx.config.publicUrl}/dashboard?tab=overview`;

  function checkoutPage(session: CheckoutSession, message?: Html): string {
    const summary = html`<dl>
      <dt>${text.productLabel}</dt>
      <dd>${session.productName}</dd>
      <dt>${text.amountLabel}</dt>
      <dd class="amount">${formatMoney(session.amountCents, session.currency)}</dd>
    </dl>`;
    if (session.status === 'complete') {
      const success = session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
      return page(
        text.checkoutTitle,
        html`${summary}${notice(text.checkoutDone)}
          <p><a class="button" href="${success}">${text.backToApp}</a></p>`,
      );
    }
    if (session.status === 'expired' || session.expiresAt <= new Date()) {
      return page(
        text.checkoutTitle,
        html`${summary}${notice(text.checkoutExpired)}
          <p><a class="button" href="${session.cancelUrl}">${text.back}</a></p>`,
      );
    }
    return page(
      text.checkoutTitle,
      html`<p>${text.checkoutIntro}</p>
        ${summary}${message}
        <div class="actions">
          ${postButton(`${checkoutPath(session.id)}/payer`, text.pay, true)}
          ${postButton(`${checkoutPath(session.id)}/refuser`, text.cardRefused)}
          <a class="button" href="${session.cancelUrl}">${text.back}</a>
        </div>`,
    );
  }

  /** The checkout page of a session with the given status, or the "unknown session" page (404). */
  async function sendCheckout(reply: FastifyReply, id: string, status: number, message?: Html) {
    const session = await provider.findCheckoutSession(id);
    if (!session) return send(reply, 404, page(text.checkoutTitle, notice(text.checkoutUnknown, 'error')));
    return send(reply, status, checkoutPage(session, message));
  }

  app.get(`${SIMULATOR_BASE_PATH}/paiement/:id`, sessionRoute, async (request, reply) =>
    sendCheckout(reply, request.params.id, 200),
  );

  app.post(`${SIMULATOR_BASE_PATH}/paiement/:id/payer`, sessionRoute, async (request, reply) => {
    const outcome = await provider.payCheckoutSession(request.params.id);
    if ('redirectTo' in outcome) return reply.redirect(outcome.redirectTo, 303);
    return sendCheckout(reply, request.params.id, 410);
  });

  app.post(
    `${SIMULATOR_BASE_PATH}/paiement/:id/refuser`,
    sessionRoute,
    // A refused card changes nothing: the session stays open, the person may try again or leave.
    async (request, reply) => sendCheckout(reply, request.params.id, 402, notice(text.cardRefusedMessage, 'error')),
  );

  const accountStatus = (account: LocalAccount) =>
    account.chargesEnabled ? text.statusActive : account.detailsSubmitted ? text.statusPending : text.statusIncomplete;

  function onboardingPage(account: LocalAccount, token: string): string {
    const status = accountStatus(account);
    const head = html`<dl>
      <dt>${text.statusLabel}</dt>
      <dd><strong>${status}</strong></dd>
    </dl>`;
    if (account.chargesEnabled) {
      return page(
        text.onboardingTitle,
        html`${head}${notice(text.activeHint)}
          <p><a class="button" href="${appHome}">${text.backToApp}</a></p>`,
      );
    }
    if (account.detailsSubmitted) {
      return page(
        text.onboardingTitle,
        html`${head}${notice(text.pendingHint(LOCAL_ACCOUNT_VERIFICATION_SECONDS))}
          <div class="actions">
            ${postButton(onboardingPath(account.id, token, '/verifier'), text.finishVerification, true)}
            <a class="button" href="${onboardingPath(account.id, token)}">${text.refresh}</a>
            <a class="button" href="${appHome}">${text.backToApp}</a>
          </div>`,
      );
    }
    return page(
      text.onboardingTitle,
      html`${head}
        <p>${text.onboardingIntro}</p>
        <form method="post" action="${onboardingPath(account.id, token)}">
          <label for="full_name">${text.fullNameLabel}</label>
          <input id="full_name" name="full_name" autocomplete="name" required maxlength="100" />
          <label for="iban">${text.ibanLabel}</label>
          <input id="iban" name="iban" required maxlength="40" aria-describedby="iban-hint" />
          <p class="hint" id="iban-hint">${text.ibanHint}</p>
          <div class="actions">
            <button type="submit" class="primary">${text.submitDetails}</button>
            <a class="button" href="${appHome}">${text.back}</a>
          </div>
        </form>`,
    );
  }

  /** The account of a signed link, or the "link expired" page (403, the same for an unknown account). */
  async function linkedAccount(purpose: 'onboarding' | 'dashboard', accountId: string, token: string | undefined) {
    if (!provider.verifyLinkToken(purpose, accountId, token)) return undefined;
    return provider.findAccount(accountId);
  }
  const invalidLink = (reply: FastifyReply, title: string) =>
    send(
      reply,
      403,
      page(
        title,
        html`${notice(text.linkInvalid, 'error')}
          <p><a class="button" href="${appHome}">${text.backToApp}</a></p>`,
      ),
    );

  app.get(`${SIMULATOR_BASE_PATH}/inscription/:accountId`, accountRoute, async (request, reply) => {
    const { accountId } = request.params;
    const token = request.query.token ?? '';
    const account = await linkedAccount('onboarding', accountId, token);
    if (!account) return invalidLink(reply, text.onboardingTitle);
    // Reading the status also ends the simulated verification once its delay has passed.
    await provider.getAccountStatus(accountId);
    const fresh = (await provider.findAccount(accountId)) ?? account;
    return send(reply, 200, onboardingPage(fresh, token));
  });

  app.post(`${SIMULATOR_BASE_PATH}/inscription/:accountId`, accountRoute, async (request, reply) => {
    const { accountId } = request.params;
    const token = request.query.token ?? '';
    if (!(await linkedAccount('onboarding', accountId, token))) return invalidLink(reply, text.onboardingTitle);
    await provider.submitAccountDetails(accountId);
    return reply.redirect(onboardingPath(accountId, token), 303);
  });

  app.post(`${SIMULATOR_BASE_PATH}/inscription/:accountId/verifier`, accountRoute, async (request, reply) => {
    const { accountId } = request.params;
    const token = request.query.token ?? '';
    const account = await linkedAccount('onboarding', accountId, token);
    if (!account) return invalidLink(reply, text.onboardingTitle);
    // Verification follows the details, never replaces them.
    if (account.detailsSubmitted) await provider.completeVerification(accountId);
    return reply.redirect(onboardingPath(accountId, token), 303);
  });

  const dashboardPath = (accountId: string, token: string, action = '') =>
    `${SIMULATOR_BASE_PATH}/tableau-de-bord/${encodeURIComponent(accountId)}${action}?token=${encodeURIComponent(token)}`;

  function dashboardPage(account: LocalAccount, token: string, message?: Html): string {
    const status = accountStatus(account);
    return page(
      text.dashboardTitle,
      html`<p>${text.dashboardIntro}</p>
        <dl>
          <dt>${text.accountIdLabel}</dt>
          <dd>${account.id}</dd>
          <dt>${text.statusLabel}</dt>
          <dd><strong>${status}</strong></dd>
        </dl>
        ${message}
        <p class="hint">${text.triggerPayoutHint}</p>
        <div class="actions">
          ${postButton(dashboardPath(account.id, token, '/versement'), text.triggerPayout, true)}
          <a class="button" href="${appHome}">${text.backToApp}</a>
        </div>`,
    );
  }

  app.get(`${SIMULATOR_BASE_PATH}/tableau-de-bord/:accountId`, accountRoute, async (request, reply) => {
    const { accountId } = request.params;
    const account = await linkedAccount('dashboard', accountId, request.query.token);
    if (!account) return invalidLink(reply, text.dashboardTitle);
    return send(reply, 200, dashboardPage(account, request.query.token ?? ''));
  });

  app.post(`${SIMULATOR_BASE_PATH}/tableau-de-bord/:accountId/versement`, accountRoute, async (request, reply) => {
    const { accountId } = request.params;
    const token = request.query.token ?? '';
    const account = await linkedAccount('dashboard', accountId, token);
    if (!account) return invalidLink(reply, text.dashboardTitle);
    // The whole available balance of each currency, as the ledger computes it (less what is
    // already paid out or on its way), in one payout per currency, recorded under the helper's lock
    // in the database (two clicks on two processes pay once); nothing available, no event.
    const paid = await requestPayouts(ctx, account.userId, () => provider.newPayoutId());
    for (const payout of paid) {
      await provider.payOut(accountId, payout.amountCents, payout.currency, payout.providerPayoutId);
    }
    const message =
      paid.length === 0
        ? notice(text.nothingToPayOut)
        : notice(text.payoutSent(paid.map((p) => formatMoney(p.amountCents, p.currency)).join(', ')));
    return send(reply, 200, dashboardPage(account, token, message));
  });
}
