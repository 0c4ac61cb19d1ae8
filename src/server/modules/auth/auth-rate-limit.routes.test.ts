import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_MAX, LOGIN_FAILURES_WINDOW_MINUTES, PASSWORD_RESET_MAILS_MAX } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth, passwordReset } from '#shared/messages/auth.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createSeeker, DEFAULT_TEST_PASSWORD as TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

// Dedicated apps with low limits (the other suites need high ones): `direct` trusts no proxy,
// `proxied` trusts one hop (TRUST_PROXY=1), as behind a reverse proxy.
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', SIGNUP_RATE_LIMIT_PER_HOUR: '3' }),
    buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' }),
  ]);
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

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

describe('per-account limits', () => {
  it('locks an account after LOGIN_FAILURES_MAX failures, whatever the addresses, and names the wait', async () => {
    const user = await createSeeker(proxied.app.ctx.db);
    const login = (password: string, i: number) =>
      post(proxied, '/auth/login', { email: user.email, password }, address(200 + i));
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) expect((await login('mauvais', i)).statusCode).toBe(401);
    // Even the right password, from yet another address, waits for the window to end.
    const locked = await login(TEST_PASSWORD, LOGIN_FAILURES_MAX);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: auth.tooManyLoginAttempts(LOGIN_FAILURES_WINDOW_MINUTES),
      code: ErrorCode.RATE_LIMITED,
    });
    expect(auth.tooManyLoginAttempts(12)).toBe(
      'Trop de tentatives de connexion. Réessayez dans 12 minutes, ou réinitialisez votre mot de passe avec « Mot de passe oublié ».',
    );
    // Another account is not affected.
    const other = await createSeeker(proxied.app.ctx.db);
    const res = await post(proxied, '/auth/login', { email: other.email, password: TEST_PASSWORD }, address(240));
    expect(res.statusCode).toBe(200);
  });

  it('clears the failures of an account on a successful login', async () => {
    const user = await createSeeker(proxied.app.ctx.db);
    const login = (password: string, i: number) =>
      post(proxied, '/auth/login', { email: user.email, password }, address(300 + i));
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) expect((await login('mauvais', i)).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD, 20)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_MAX - 1; i++) expect((await login('mauvais', 30 + i)).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD, 50)).statusCode).toBe(200);
  });

  it('lifts the lock once the owner resets the password: a stranger cannot keep them out for good', async () => {
    const user = await createSeeker(proxied.app.ctx.db);
    const login = (password: string, i: number) =>
      post(proxied, '/auth/login', { email: user.email, password }, address(500 + i));
    for (let i = 0; i <= LOGIN_FAILURES_MAX; i++) await login('mauvais', i);
    expect((await login(TEST_PASSWORD, 20)).statusCode).toBe(429);

    expect((await post(proxied, '/auth/forgot-password', { email: user.email }, address(521))).statusCode).toBe(200);
    const mail = (await proxied.readOutbox()).map(parseMail).find((m) => m.to.includes(user.email));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    const reset = await post(proxied, '/auth/reset-password', { token, new_password: 'nouveau-secret' }, address(522));
    expect(reset.statusCode).toBe(200);

    expect((await login('nouveau-secret', 23)).statusCode).toBe(200);
  });

  it('counts an address spelled with a dotted capital İ against the same account, or rather against none', async () => {
    // PostgreSQL's lower('İ') is 'i' but JavaScript's is 'i̇': if the lookup folded in SQL and the
    // counter key in JavaScript, each spelling would get its own LOGIN_FAILURES_MAX guesses.
    const email = `lina-${Date.now()}@exemple.fr`;
    await createSeeker(proxied.app.ctx.db, { email });
    const variant = email.replace('i', 'İ');
    const login = (spelling: string, password: string, i: number) =>
      post(proxied, '/auth/login', { email: spelling, password }, address(600 + i));
    for (let i = 0; i <= LOGIN_FAILURES_MAX; i++) await login(email, 'mauvais', i);
    expect((await login(email, TEST_PASSWORD, 20)).statusCode).toBe(429);
    expect((await login(variant, TEST_PASSWORD, 21)).statusCode).not.toBe(200);

    for (let i = 0; i < PASSWORD_RESET_MAILS_MAX; i++) {
      await post(proxied, '/auth/forgot-password', { email }, address(630 + i));
    }
    await post(proxied, '/auth/forgot-password', { email: variant }, address(640));
    const mails = (await proxied.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(PASSWORD_RESET_MAILS_MAX);
  });

  it('sends at most PASSWORD_RESET_MAILS_MAX reset mails per account, with the same answer past it', async () => {
    const user = await createSeeker(proxied.app.ctx.db);
    const mailsTo = async () =>
      (await proxied.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(user.email)).length;
    for (let i = 0; i <= PASSWORD_RESET_MAILS_MAX; i++) {
      const res = await post(proxied, '/auth/forgot-password', { email: user.email }, address(400 + i));
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
