import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_MAILS_MAX, EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { emailVerification } from '#shared/messages/email-verification.ts';
import { profile } from '#shared/messages/profile.ts';
import { emailVerifications, users, type UserRow } from '#server/db/schema/users.ts';
import { hashLinkToken } from '#server/lib/link-tokens.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker, createUser, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail, type ReadMail } from '#tests/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;

async function mailsTo(address: string): Promise<ReadMail[]> {
  return (await t.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(address));
}

/** The token of the newest verification link mailed to `address`. */
async function linkTokenSentTo(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const withLink = mails.filter((mail) => /\/verify-email\?token=/.test(mail.text));
  const last = withLink.at(-1);
  if (!last) throw new Error(`no verification link mailed to ${address}`);
  return decodeURIComponent(/\/verify-email\?token=([^\s]+)/.exec(last.text)![1]!);
}

const verify = (token: string) => t.app.inject({ method: 'POST', url: api('/auth/verify-email'), payload: { token } });

async function signup(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/auth/signup'),
    payload: { email, password: DEFAULT_TEST_PASSWORD, display_name: 'Nina Lefort' },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
  return row!;
}

const row = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('signup and the link that proves the address', () => {
  it('mails a single-use link valid 24 h; until it is opened the account is unconfirmed', async () => {
    const user = await signup('nina@exemple.fr');
    expect(user.emailVerifiedAt).toBeNull();
    const me = await t.injectAs(user, { method: 'GET', url: api('/users/me') });
    expect(me.json()).toMatchObject({ email_verified: false, pending_email: null });

    const [mail] = await mailsTo('nina@exemple.fr');
    expect(mail!.subject).toBe(emailVerification.signupMailSubject);
    expect(mail!.text).toContain('Bonjour Nina Lefort');
    expect(mail!.text).toContain(`${t.config.publicUrl}/verify-email?token=`);
    const token = await linkTokenSentTo('nina@exemple.fr');
    // Only the token's hash is stored, with a 24-hour validity.
    const [link] = await t.app.ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(link!.tokenHash).toBe(hashLinkToken(token));
    expect(link!.tokenHash).not.toContain(token);
    const hours = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);

    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: emailVerification.confirmed, email: 'nina@exemple.fr', changed: false });
    expect((await row(user.id)).emailVerifiedAt).not.toBeNull();
    expect((await t.injectAs(user, { method: 'GET', url: api('/users/me') })).json().email_verified).toBe(true);

    // Single use.
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: ErrorCode.INVALID_VERIFICATION_TOKEN,
      detail: emailVerification.invalidToken,
    });
  });

  it('refuses an unknown, expired or missing token in French', async () => {
    expect((await verify('pas-un-vrai-jeton')).json().code).toBe(ErrorCode.INVALID_VERIFICATION_TOKEN);
    const user = await signup('expire@exemple.fr');
    const token = await linkTokenSentTo('expire@exemple.fr');
    await t.app.ctx.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, user.id));
    expect((await verify(token)).statusCode).toBe(400);
    expect((await row(user.id)).emailVerifiedAt).toBeNull();
    const empty = await t.app.inject({ method: 'POST', url: api('/auth/verify-email'), payload: { token: ' ' } });
    expect(empty.statusCode).toBe(422);
  });
});

describe('POST /auth/verify-email/resend', () => {
  const resend = (user: UserRow | null) => t.injectAs(user, { method: 'POST', url: api('/auth/verify-email/resend') });

  it('answers 401 to a visitor', async () => {
    expect((await resend(null)).statusCode).toBe(401);
  });

  it('mails a new link that replaces the older one, then refuses past the budget with 429', async () => {
    const user = await signup('renvoi@exemple.fr');
    const first = await linkTokenSentTo('renvoi@exemple.fr');
    const res = await resend(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: emailVerification.resent('renvoi@exemple.fr') });
    const second = await linkTokenSentTo('renvoi@exemple.fr');
    expect(second).not.toBe(first);
    // The older link is spent by the newer one.
    expect((await verify(first)).statusCode).toBe(400);
    for (let i = 1; i < EMAIL_VERIFICATION_MAILS_MAX; i++) expect((await resend(user)).statusCode).toBe(200);
    const limited = await resend(user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.VERIFICATION_MAILS_LIMITED);
    expect(limited.json().detail).toMatch(/réessayez dans \d+ minute/);
    expect((await mailsTo('renvoi@exemple.fr')).length).toBe(EMAIL_VERIFICATION_MAILS_MAX + 1);
  });

  it('sends nothing to an address already confirmed (owner, admin)', async () => {
    for (const user of [await createSeeker(t.app.ctx.db), await createAdmin(t.app.ctx.db)]) {
      const res = await resend(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: emailVerification.alreadyVerified });
      expect(await mailsTo(user.email)).toEqual([]);
    }
  });
});

describe('what an unconfirmed address may and may not do', () => {
  const refused = { code: ErrorCode.EMAIL_NOT_VERIFIED, detail: emailVerification.required };

  it('browses, edits the profile and reads support, but cannot book, pay, write, publish or become a helper', async () => {
    const seeker = await createSeeker(t.app.ctx.db, { emailVerifiedAt: null });
    const helper = await createHelper(t.app.ctx.db);
    const free = await createOffer(t.app.ctx.db, helper);
    const paid = await createOffer(t.app.ctx.db, helper, { options: [{ durationMinutes: 60, priceCents: 4000 }] });
    const start = hoursFromNow(48);
    const end = new Date(start.getTime() + 3_600_000);
    await createSlot(t.app.ctx.db, helper, { startAt: start, endAt: new Date(start.getTime() + 3 * 3_600_000) });
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.injectAs(seeker, { method, url: api(url), ...(payload ? { payload } : {}) });

    // Allowed.
    expect((await as('GET', `/offers/${free.id}`)).statusCode).toBe(200);
    expect((await as('PUT', '/users/me', { bio: 'Une bio toute neuve' })).statusCode).toBe(200);
    expect((await as('GET', '/support/my-messages')).statusCode).toBe(200);
    expect((await as('GET', '/users/me')).statusCode).toBe(200);

    // Refused, each with the same French 403.
    const attempts = [
      as('POST', '/bookings/', { offer_id: free.id, start_at: start.toISOString(), end_at: end.toISOString() }),
      as('POST', '/payments/checkout-session', {
        offer_id: paid.id,
        start_at: start.toISOString(),
        end_at: end.toISOString(),
        success_url: `${t.config.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${t.config.publicUrl}/payment/cancel`,
      }),
      as('POST', `/messages/conversations?offer_id=${free.id}`),
      as('POST', '/users/toggle-role'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    expect((await row(seeker.id)).role).toBe('helpee');
  });

  it('reads its bookings and conversations, but cannot review or publish availability', async () => {
    const seeker = await createSeeker(t.app.ctx.db, { emailVerifiedAt: null });
    expect((await t.injectAs(seeker, { method: 'GET', url: api('/bookings/') })).statusCode).toBe(200);
    expect((await t.injectAs(seeker, { method: 'GET', url: api('/messages/conversations') })).statusCode).toBe(200);
    const review = await t.injectAs(seeker, {
      method: 'POST',
      url: api('/reviews'),
      payload: { booking_id: '00000000-0000-4000-8000-000000000000', rating: 5, comment: 'Merci beaucoup.' },
    });
    expect(review.json()).toEqual(refused);
    const helper = await createHelper(t.app.ctx.db, { emailVerifiedAt: null });
    const slot = await t.injectAs(helper, {
      method: 'POST',
      url: api('/time-slots/bulk'),
      payload: { time_slots: [] },
    });
    expect(slot.statusCode).toBe(403);
    expect(slot.json().code).toBe(ErrorCode.EMAIL_NOT_VERIFIED);
  });

  it('an unconfirmed helper cannot publish or change an offer, nor write in a conversation', async () => {
    const helper = await createHelper(t.app.ctx.db, { emailVerifiedAt: null });
    const offer = await createOffer(t.app.ctx.db, helper);
    const create = await t.injectAs(helper, {
      method: 'POST',
      url: api('/offers/'),
      payload: {
        title: 'Traverser un deuil',
        description: 'Une heure pour parler de la perte, à votre rythme.',
        category: 'deuil',
        prices: [{ duration: 60, price: 0 }],
      },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe(ErrorCode.EMAIL_NOT_VERIFIED);
    const update = await t.injectAs(helper, {
      method: 'PUT',
      url: api(`/offers/${offer.id}`),
      payload: { title: 'Autre' },
    });
    expect(update.statusCode).toBe(403);
    expect(update.json().code).toBe(ErrorCode.EMAIL_NOT_VERIFIED);
    const write = await t.injectAs(helper, {
      method: 'POST',
      url: api('/messages/conversations/00000000-0000-4000-8000-000000000000/messages'),
      payload: { content: 'Bonjour' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe(ErrorCode.EMAIL_NOT_VERIFIED);
    // Going back to seeker is always allowed.
    const back = await t.injectAs(helper, { method: 'POST', url: api('/users/toggle-role') });
    expect(back.statusCode).toBe(200);
    expect(back.json().role).toBe('helpee');
  });

  it('the same account, once confirmed, books', async () => {
    const user = await signup('apres@exemple.fr');
    const helper = await createHelper(t.app.ctx.db);
    const offer = await createOffer(t.app.ctx.db, helper);
    const start = hoursFromNow(72);
    const end = new Date(start.getTime() + 3_600_000);
    await createSlot(t.app.ctx.db, helper, { startAt: start, endAt: end });
    const book = () =>
      t.injectAs(user, {
        method: 'POST',
        url: api('/bookings/'),
        payload: { offer_id: offer.id, start_at: start.toISOString(), end_at: end.toISOString() },
      });
    expect((await book()).statusCode).toBe(403);
    expect((await verify(await linkTokenSentTo('apres@exemple.fr'))).statusCode).toBe(200);
    expect((await book()).statusCode).toBe(201);
  });
});

describe('changing the e-mail', () => {
  // Each call from an address of its own: the budget per client address is tested on its own below.
  let caller = 0;
  const put = (user: UserRow, payload: object) =>
    t.injectAs(user, { method: 'PUT', url: api('/users/me'), payload, remoteAddress: `10.0.${++caller}.1` });

  it('changes nothing until the new address opens its link; the old one keeps working and is told', async () => {
    const user = await createSeeker(t.app.ctx.db, { displayName: 'Inès Garnier' });
    const oldToken = await t.tokenFor(user);
    const res = await put(user, { email: 'Ines.Nouvelle@Exemple.fr', current_password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: user.email,
      email_verified: true,
      pending_email: 'ines.nouvelle@exemple.fr',
    });
    expect(res.json().access_token).toBeUndefined();

    // Still the old address: it logs in, the token still works, and GET /users/me shows the wait.
    const [unchanged] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.email).toBe(user.email);
    const me = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(me.json().pending_email).toBe('ines.nouvelle@exemple.fr');
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email, password: DEFAULT_TEST_PASSWORD } });
    expect((await login(user.email)).statusCode).toBe(200);

    const notice = await mailsTo(user.email);
    expect(notice.map((mail) => mail.subject)).toEqual([emailVerification.changeNoticeMailSubject]);
    expect(notice[0]!.text).toContain('ines.nouvelle@exemple.fr');
    const [link] = await mailsTo('ines.nouvelle@exemple.fr');
    expect(link!.subject).toBe(emailVerification.changeMailSubject);

    // The link: the account moves, every older token is revoked, the old address is told again.
    const ok = await verify(await linkTokenSentTo('ines.nouvelle@exemple.fr'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: emailVerification.confirmedChange('ines.nouvelle@exemple.fr'),
      email: 'ines.nouvelle@exemple.fr',
      changed: true,
    });
    const moved = await row(user.id);
    expect(moved.email).toBe('ines.nouvelle@exemple.fr');
    expect(moved.emailVerifiedAt).not.toBeNull();
    const stale = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(stale.statusCode).toBe(401);
    expect((await login('ines.nouvelle@exemple.fr')).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);
    const told = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(told).toEqual([emailVerification.changeNoticeMailSubject, profile.accountChangedMailSubject]);
  });

  it('answers the same whether the new address is free or another account’s (no enumeration)', async () => {
    const owner = await createUser(t.app.ctx.db, { displayName: 'Paul Martin' });
    const asker = await createSeeker(t.app.ctx.db);
    const control = await createSeeker(t.app.ctx.db);
    const taken = await put(asker, { email: owner.email.toUpperCase(), current_password: DEFAULT_TEST_PASSWORD });
    const free = await put(control, {
      email: `libre-${control.id.slice(0, 8)}@exemple.fr`,
      current_password: DEFAULT_TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(shape(taken.json())).toEqual(shape(free.json()));
    expect(taken.json().pending_email).toBe(owner.email.toLowerCase());
    // No link goes to the taken address: its owner is told someone tried, and nothing changes.
    const ownerMails = await mailsTo(owner.email);
    expect(ownerMails.map((mail) => mail.subject)).toEqual([emailVerification.addressInUseMailSubject]);
    expect(ownerMails[0]!.text).not.toMatch(/verify-email/);
    expect((await row(asker.id)).email).toBe(asker.email);
    expect((await row(owner.id)).email).toBe(owner.email);
  });

  it('limits the requests per account (the same budget as the resends)', async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < EMAIL_VERIFICATION_MAILS_MAX; i++) {
      const res = await put(user, {
        email: `essai-${i}-${user.id.slice(0, 6)}@exemple.fr`,
        current_password: DEFAULT_TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await put(user, {
      email: `encore-${user.id.slice(0, 6)}@exemple.fr`,
      current_password: DEFAULT_TEST_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.VERIFICATION_MAILS_LIMITED);
  });

  it('limits the changes of address per client address too, whatever the account', async () => {
    const from = (user: UserRow, i: number) =>
      t.injectAs(user, {
        method: 'PUT',
        url: api('/users/me'),
        remoteAddress: '203.0.113.77',
        payload: { email: `cible-${i}-${user.id.slice(0, 6)}@exemple.fr`, current_password: DEFAULT_TEST_PASSWORD },
      });
    for (let i = 0; i < EMAIL_VERIFICATION_RESENDS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await from(await createSeeker(t.app.ctx.db), i)).statusCode).toBe(200);
    }
    const limited = await from(await createSeeker(t.app.ctx.db), 99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCode.VERIFICATION_MAILS_LIMITED);
  });

  it('spends the reset links already sent once the new address is confirmed', async () => {
    const user = await createSeeker(t.app.ctx.db);
    await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email: user.email } });
    const mail = (await mailsTo(user.email)).find((m) => /reset-password/.test(m.text));
    const resetToken = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    const email = `apres-${user.id.slice(0, 8)}@exemple.fr`;
    expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    expect((await verify(await linkTokenSentTo(email))).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: api('/auth/reset-password'),
      payload: { token: resetToken, new_password: 'pris-par-un-autre' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('a link whose address became another account’s meanwhile changes nothing (409)', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const email = `course-${user.id.slice(0, 8)}@exemple.fr`;
    expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    await createUser(t.app.ctx.db, { email });
    const res = await verify(await linkTokenSentTo(email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.EMAIL_TAKEN, detail: emailVerification.addressTakenMeanwhile });
    expect((await row(user.id)).email).toBe(user.email);
  });

  it('a suspended or erased account’s links are dead', async () => {
    for (const state of ['suspended', 'erased'] as const) {
      const user = await createSeeker(t.app.ctx.db, { emailVerifiedAt: null });
      const email = `${state}-${user.id.slice(0, 8)}@exemple.fr`;
      expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
      const token = await linkTokenSentTo(email);
      await t.app.ctx.db
        .update(users)
        .set(state === 'suspended' ? { suspendedAt: new Date() } : { erasedAt: new Date() })
        .where(eq(users.id, user.id));
      expect((await verify(token)).statusCode).toBe(400);
      expect((await row(user.id)).email).toBe(user.email);
    }
  });

  it('a password reset or change spends a pending change of address (asked by whoever had the password)', async () => {
    for (const how of ['reset', 'change'] as const) {
      const user = await createSeeker(t.app.ctx.db);
      const email = `voleur-${how}-${user.id.slice(0, 8)}@exemple.fr`;
      expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
      const stolen = await linkTokenSentTo(email);
      if (how === 'change') {
        const res = await put(user, { new_password: 'un-autre-secret', current_password: DEFAULT_TEST_PASSWORD });
        expect(res.statusCode).toBe(200);
      } else {
        await t.app.inject({ method: 'POST', url: api('/auth/forgot-password'), payload: { email: user.email } });
        const mail = (await mailsTo(user.email)).find((m) => /reset-password/.test(m.text));
        const resetToken = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
        const reset = await t.app.inject({
          method: 'POST',
          url: api('/auth/reset-password'),
          payload: { token: resetToken, new_password: 'un-autre-secret' },
        });
        expect(reset.statusCode).toBe(200);
      }
      expect((await verify(stolen)).statusCode).toBe(400);
      expect((await row(user.id)).email).toBe(user.email);
    }
  });

  it('asking for a new password and a new address at once keeps the new address’s link', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const email = `ensemble-${user.id.slice(0, 8)}@exemple.fr`;
    const res = await put(user, { email, new_password: 'un-autre-secret', current_password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBe(email);
    expect((await verify(await linkTokenSentTo(email))).statusCode).toBe(200);
    expect((await row(user.id)).email).toBe(email);
  });

  it('GET /users/me then shows the same pending address for a taken address as for a free one', async () => {
    const owner = await createUser(t.app.ctx.db);
    const asker = await createSeeker(t.app.ctx.db);
    expect((await put(asker, { email: owner.email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    const me = await t.injectAs(asker, { method: 'GET', url: api('/users/me') });
    expect(me.json().pending_email).toBe(owner.email.toLowerCase());
  });

  it('"Renvoyer le lien" does not cancel a pending change of address', async () => {
    const user = await createSeeker(t.app.ctx.db, { emailVerifiedAt: null });
    const email = `corrigee-${user.id.slice(0, 8)}@exemple.fr`;
    expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    const change = await linkTokenSentTo(email);
    expect((await t.injectAs(user, { method: 'POST', url: api('/auth/verify-email/resend') })).statusCode).toBe(200);
    expect((await verify(change)).statusCode).toBe(200);
    expect((await row(user.id)).email).toBe(email);
  });

  it('erasure deletes the account’s links, with the addresses they hold', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const email = `oubli-${user.id.slice(0, 8)}@exemple.fr`;
    expect((await put(user, { email, current_password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    const erase = await t.injectAs(user, {
      method: 'DELETE',
      url: api('/users/me'),
      payload: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(erase.statusCode).toBeLessThan(300);
    const left = await t.app.ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(left).toEqual([]);
  });
});
