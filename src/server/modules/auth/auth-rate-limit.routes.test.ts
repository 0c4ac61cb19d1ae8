import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_ACCOUNT_ALERT,
  LOGIN_FAILURES_MAX,
  LOGIN_FAILURES_WINDOW_MINUTES,
  PASSWORD_RESET_MAILS_MAX,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth, passwordReset } from '#shared/messages/auth.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createSeeker, DEFAULT_TEST_PASSWORD as TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

// Dedicated apps with low limits (the other suites need high ones): `direct` trusts no proxy,
// `proxied` trusts one hop (TRUST_PROXY=1), as behind a reverse proxy. `accounts` trusts one hop too,
// with a per-address limit high enough that only the per-account counts answer 429.
let direct: TestApp;
let proxied: TestApp;
let accounts: TestApp;
beforeAll(async () => {
  [direct, proxied, accounts] = await Promise.all([
    buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', SIGNUP_RATE_LIMIT_PER_HOUR: '3' }),
    buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' }),
    buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' }),
  ]);
});
afterAll(() => Promise.all([direct.close(), proxied.close(), accounts.close()]));

const post = (t: TestApp, url: string, payload: object, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** A different address for each i: 10.0.x.y. */
const address = (i: number) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

describe('auth rate limits per client address (DESIGN.md section 14)', () => {
  it.each([
    ['/auth/login', { email: 'x@exemple.fr', password: 'mauvais' }],
    ['/auth/forgot-password', { email: 'x@exemple.fr' }],
    ['/auth/signup', { email: 'pas-un-email', password: 'secret1' }],
  ])('answers 429 with the French message after the limit on %s', async (url, payload) => {
    for (let i = 0; i < 3; i++) expect((await post(direct, url, payload)).statusCode).not.toBe(429);
    const res = await post(direct, url, payload);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ detail: apiErrors.rateLimited, code: ErrorCode.RATE_LIMITED });
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset: 100 guesses from "rotating" addresses still hit 429', async () => {
    const answers: { status: number; detail: unknown }[] = [];
    for (let i = 0; i < 100; i++) {
      // A new e-mail each time, so only the per-address limit can answer 429.
      const res = await post(direct, '/auth/login', { email: `devine-${i}@exemple.fr`, password: 'x' }, address(i));
      answers.push({ status: res.statusCode, detail: res.json<{ detail: unknown }>().detail });
    }
    // At most the limit (3 a minute, maybe spent by the test above) gets through, the rest is refused.
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(97);
    expect(refused.every((answer) => answer.detail === apiErrors.rateLimited)).toBe(true);
  });

  it('keys on the forwarded address with TRUST_PROXY=1', async () => {
    const guess = (i: number, from: string) =>
      post(proxied, '/auth/login', { email: `proxy-${i}@exemple.fr`, password: 'x' }, from);
    // Each client address has its own count...
    for (let i = 0; i < 10; i++) expect((await guess(i, address(100 + i))).statusCode).toBe(401);
    // ...and one address past the limit is refused while another still gets through.
    for (let i = 0; i < 3; i++) expect((await guess(i, '203.0.113.7')).statusCode).toBe(401);
    expect((await guess(3, '203.0.113.7')).statusCode).toBe(429);
    expect((await guess(4, '203.0.113.8')).statusCode).toBe(401);
  });
});

describe('per-account limits (docs/decisions/0010-login-failures-per-source.md)', () => {
  it('refuses an address past LOGIN_FAILURES_MAX attempts on an account, even with the right password, and names the wait', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const from = address(200);
    const login = (password: string) => post(accounts, '/auth/login', { email: user.email, password }, from);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) expect((await login('mauvais')).statusCode).toBe(401);
    const locked = await login(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: auth.tooManyLoginAttempts(LOGIN_FAILURES_WINDOW_MINUTES),
      code: ErrorCode.RATE_LIMITED,
    });
    expect(auth.tooManyLoginAttempts(12)).toBe(
      'Trop de tentatives de connexion. Réessayez dans 12 minutes, ou réinitialisez votre mot de passe avec « Mot de passe oublié ».',
    );
    // Another account is not affected, from the same address.
    const other = await createSeeker(accounts.app.ctx.db);
    const res = await post(accounts, '/auth/login', { email: other.email, password: TEST_PASSWORD }, from);
    expect(res.statusCode).toBe(200);
  });

  it('failures from addresses A..Z do not lock out the owner, who signs in from an address that has not failed', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const login = (password: string, i: number) =>
      post(accounts, '/auth/login', { email: user.email, password }, address(250 + i));
    // 26 strangers, two guesses each: far past the account's alert.
    for (let i = 0; i < 26; i++) expect((await login('mauvais', i)).statusCode).toBe(401);
    expect(26).toBeGreaterThan(LOGIN_FAILURES_ACCOUNT_ALERT);
    for (let i = 0; i < 26; i++) expect((await login('mauvais', i)).statusCode).toBe(429);
    // The owner, from home, with the right password.
    const owner = await login(TEST_PASSWORD, 40);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ token_type: 'bearer' });
  });

  it('still refuses the guessers: per address past its budget, and per account one guess an address once many try', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const login = (password: string, i: number) =>
      post(accounts, '/auth/login', { email: user.email, password }, address(300 + i));
    // Below the alert each address has its budget: two addresses, then one guess each from others...
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) expect((await login('mauvais', 0)).statusCode).toBe(401);
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) expect((await login('mauvais', 1)).statusCode).toBe(401);
    for (let i = 2; i < 2 + LOGIN_FAILURES_ACCOUNT_ALERT - 2 * LOGIN_FAILURES_MAX + 1; i++) {
      expect((await login('mauvais', i)).statusCode).toBe(401);
    }
    // ...past it, an address that already tried is refused at once, even with the right password,
    expect((await login('mauvais', 1)).statusCode).toBe(429);
    expect((await login(TEST_PASSWORD, 1)).statusCode).toBe(429);
    // and each new address gets one answer, then is refused too.
    for (let i = 10; i <= 15; i++) {
      expect((await login('mauvais', i)).statusCode).toBe(401);
      const again = await login('mauvais', i);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    }
  });

  it('counts guesses made in parallel from one address before any password is checked', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const answers = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_MAX + 5 }, () =>
        post(accounts, '/auth/login', { email: user.email, password: 'mauvais' }, address(350)),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(LOGIN_FAILURES_MAX);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(5);
  });

  it('clears the failures of an address on a successful login from it', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const login = (password: string) => post(accounts, '/auth/login', { email: user.email, password }, address(400));
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) expect((await login('mauvais')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login('mauvais')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the refusal once the owner resets the password, from the address they reset from', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const home = address(500);
    const login = (password: string) => post(accounts, '/auth/login', { email: user.email, password }, home);
    for (let i = 0; i <= LOGIN_FAILURES_MAX; i++) await login('mauvais');
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);

    expect((await post(accounts, '/auth/forgot-password', { email: user.email }, home)).statusCode).toBe(200);
    const mail = (await accounts.readOutbox()).map(parseMail).find((m) => m.to.includes(user.email));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    const reset = await post(accounts, '/auth/reset-password', { token, new_password: 'nouveau-secret' }, home);
    expect(reset.statusCode).toBe(200);

    expect((await login('nouveau-secret')).statusCode).toBe(200);
  });

  it('counts an address spelled with a dotted capital İ against the same account, or rather against none', async () => {
    // PostgreSQL's lower('İ') is 'i' but JavaScript's is 'i̇': if the lookup folded in SQL and the
    // counter key in JavaScript, each spelling would get its own LOGIN_FAILURES_MAX guesses.
    const email = `lina-${Date.now()}@exemple.fr`;
    await createSeeker(accounts.app.ctx.db, { email });
    const variant = email.replace('i', 'İ');
    const from = address(600);
    const login = (spelling: string, password: string) =>
      post(accounts, '/auth/login', { email: spelling, password }, from);
    for (let i = 0; i <= LOGIN_FAILURES_MAX; i++) await login(email, 'mauvais');
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(variant, TEST_PASSWORD)).statusCode).not.toBe(200);

    for (let i = 0; i < PASSWORD_RESET_MAILS_MAX; i++) {
      await post(accounts, '/auth/forgot-password', { email }, address(630 + i));
    }
    await post(accounts, '/auth/forgot-password', { email: variant }, address(640));
    const mails = (await accounts.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(PASSWORD_RESET_MAILS_MAX);
  });

  it('sends at most PASSWORD_RESET_MAILS_MAX reset mails per account, with the same answer past it', async () => {
    const user = await createSeeker(accounts.app.ctx.db);
    const mailsTo = async () =>
      (await accounts.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(user.email)).length;
    for (let i = 0; i <= PASSWORD_RESET_MAILS_MAX; i++) {
      const res = await post(accounts, '/auth/forgot-password', { email: user.email }, address(400 + i));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: passwordReset.forgotGeneric });
    }
    expect(await mailsTo()).toBe(PASSWORD_RESET_MAILS_MAX);
  });
});

describe('limits that need no counting', () => {
  it('does not limit reset-password, whose 256-bit tokens cannot be guessed', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(direct, '/auth/reset-password', { token: 'inconnu', new_password: 'secret1' })).statusCode,
      ).toBe(400);
    }
  });
});
