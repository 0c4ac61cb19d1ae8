import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth, passwordReset } from '#shared/messages/auth.ts';
import { validation } from '#shared/messages/common.ts';
import { passwordResets, users } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createUser, DEFAULT_TEST_PASSWORD, NOTHING_CHECKED } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';
import { hashResetToken } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

async function loginToken(email: string, password: string): Promise<string> {
  const res = await post('/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });

/** The reset link of the newest mail to `email`, and the token it carries. */
async function lastResetLink(email: string): Promise<{ link: string; token: string }> {
  const mails = (await t.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(email));
  const mail = mails.at(-1);
  expect(mail).toBeDefined();
  const link = /http:\/\/appui\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link).not.toBeNull();
  return { link: link![0], token: link![1]! };
}

describe('POST /auth/signup', () => {
  it('creates a helpee and answers 201 with the current user, e-mail lower-cased, no secrets', async () => {
    const res = await post('/auth/signup', {
      email: '  Nouvelle.Personne@Exemple.FR ',
      password: 'secret1',
      display_name: 'Nouvelle Personne',
      username: 'nouvelle',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'nouvelle.personne@exemple.fr',
      username: 'nouvelle',
      display_name: 'Nouvelle Personne',
      role: 'helpee',
      avatar_url: null,
      profile_image_url: null,
      tags: [],
      is_verified: false,
      verification: NOTHING_CHECKED,
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('secret1');

    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lets the new account log in right after (spec 1 section 4)', async () => {
    await post('/auth/signup', { email: 'enchaine@exemple.fr', password: 'secret1' });
    const token = await loginToken('enchaine@exemple.fr', 'secret1');
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('enchaine@exemple.fr');
  });

  it('derives a unique username from the e-mail when none is given', async () => {
    const first = await post('/auth/signup', { email: 'Elise.Durand+appui@exemple.fr', password: 'secret1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().username).toBe('elise.durand');
    const second = await post('/auth/signup', { email: 'elise.durand@autre.fr', password: 'secret1' });
    expect(second.statusCode).toBe(201);
    expect(second.json().username).toMatch(/^elise\.durand\d+$/);
  });

  it('refuses an e-mail already used, whatever its case, with 409 EMAIL_TAKEN', async () => {
    await createUser(t.app.ctx.db, { email: 'deja.pris@exemple.fr' });
    const res = await post('/auth/signup', { email: 'DEJA.Pris@exemple.fr', password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.EMAIL_TAKEN, detail: auth.emailTaken });
  });

  it('refuses a username already used with 409 USERNAME_TAKEN', async () => {
    await createUser(t.app.ctx.db, { username: 'pseudo_pris' });
    const res = await post('/auth/signup', {
      email: 'autre.pseudo@exemple.fr',
      password: 'secret1',
      username: 'pseudo_pris',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.USERNAME_TAKEN, detail: auth.usernameTaken });
  });

  it('lets the database settle simultaneous signups with one e-mail: one 201, the others 409', async () => {
    const attempts = await Promise.all(
      ['ensemble', 'ensemble2', 'ensemble3'].map((username) =>
        post('/auth/signup', { email: 'Meme.Adresse@exemple.fr', password: 'secret1', username }),
      ),
    );
    expect(attempts.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    for (const res of attempts.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe(ErrorCode.EMAIL_TAKEN);
  });

  it.each([
    [{ email: 'pas-un-email', password: 'secret1' }, ['body', 'email'], validation.invalidEmail],
    [{ email: 'court@exemple.fr', password: '12345' }, ['body', 'password'], auth.passwordTooShort],
    [{ password: 'secret1' }, ['body', 'email'], validation.required],
    [{ email: 'sans.mdp@exemple.fr' }, ['body', 'password'], validation.required],
    [
      { email: 'format@exemple.fr', password: 'secret1', username: 'Pas Valide!' },
      ['body', 'username'],
      validation.usernameFormat,
    ],
    [
      { email: 'vide@exemple.fr', password: 'secret1', display_name: '   ' },
      ['body', 'display_name'],
      validation.required,
    ],
  ])('answers 422 with a French message and its location for %j', async (payload, loc, msg) => {
    const res = await post('/auth/signup', payload);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.detail).toContainEqual(expect.objectContaining({ loc, msg }));
  });
});

describe('POST /auth/login', () => {
  let email: string;
  beforeAll(async () => {
    email = (await createUser(t.app.ctx.db)).email;
  });

  it('answers a bearer token that authenticates the user', async () => {
    const res = await post('/auth/login', { email, password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect((await me(body.access_token)).json().email).toBe(email);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await post('/auth/login', { email: ` ${email.toUpperCase()} `, password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers one generic 401 for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await post('/auth/login', { email, password: 'pas-le-bon' });
    const unknownEmail = await post('/auth/login', { email: 'inconnu@exemple.fr', password: DEFAULT_TEST_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ code: ErrorCode.INVALID_CREDENTIALS, detail: auth.invalidCredentials });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it.each([
    [{ email: '', password: 'x' }, ['body', 'email'], auth.emailRequired],
    [{ email: 'a@exemple.fr', password: '' }, ['body', 'password'], auth.passwordRequired],
    [{ email: 'a@exemple.fr' }, ['body', 'password'], validation.required],
  ])('answers 422 for %j', async (payload, loc, msg) => {
    const res = await post('/auth/login', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, msg }));
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /auth/forgot-password', () => {
  it('answers the same generic message for an unknown address and sends nothing', async () => {
    const before = (await t.readOutbox()).length;
    const res = await post('/auth/forgot-password', { email: 'personne@nulle-part.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordReset.forgotGeneric });
    expect(await t.readOutbox()).toHaveLength(before);
  });

  it('mails a French link with a single-use token to a known address, storing only its hash', async () => {
    const user = await createUser(t.app.ctx.db, { displayName: 'Inès Garnier' });
    const res = await post('/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordReset.forgotGeneric });

    const mails = (await t.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(passwordReset.mailSubject);
    const { link, token } = await lastResetLink(user.email);
    expect(mails[0]!.text).toContain('Bonjour Inès Garnier');
    expect(mails[0]!.text).toContain(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const rows = await t.app.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const ttlMinutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(59);
    expect(ttlMinutes).toBeLessThan(61);
  });

  it('answers 422 when the e-mail is missing', async () => {
    const res = await post('/auth/forgot-password', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'email'] }));
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, spends the link and revokes every older token', async () => {
    const user = await createUser(t.app.ctx.db);
    const oldToken = await loginToken(user.email, DEFAULT_TEST_PASSWORD);
    expect((await me(oldToken)).statusCode).toBe(200);

    await post('/auth/forgot-password', { email: user.email });
    const { token } = await lastResetLink(user.email);
    const res = await post('/auth/reset-password', { token, new_password: 'nouveau-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: passwordReset.resetSuccess });

    const afterReset = await me(oldToken);
    expect(afterReset.statusCode).toBe(401);
    expect(afterReset.json().code).toBe(ErrorCode.INVALID_TOKEN);
    expect((await post('/auth/login', { email: user.email, password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(401);
    const newToken = await loginToken(user.email, 'nouveau-secret');
    expect((await me(newToken)).statusCode).toBe(200);

    const reused = await post('/auth/reset-password', { token, new_password: 'encore-autre' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: ErrorCode.INVALID_RESET_TOKEN, detail: passwordReset.invalidOrExpiredToken });
    expect((await post('/auth/login', { email: user.email, password: 'encore-autre' })).statusCode).toBe(401);
  });

  it('spends the other pending links of the user once one is used', async () => {
    const user = await createUser(t.app.ctx.db);
    await post('/auth/forgot-password', { email: user.email });
    const first = await lastResetLink(user.email);
    await post('/auth/forgot-password', { email: user.email });
    const second = await lastResetLink(user.email);
    expect(second.token).not.toBe(first.token);
    expect(
      (await post('/auth/reset-password', { token: second.token, new_password: 'nouveau-secret' })).statusCode,
    ).toBe(200);
    expect((await post('/auth/reset-password', { token: first.token, new_password: 'autre-secret' })).statusCode).toBe(
      400,
    );
  });

  it('refuses an expired link with 400 INVALID_RESET_TOKEN and leaves the password unchanged', async () => {
    const user = await createUser(t.app.ctx.db);
    const token = 'jeton-expire-0123456789';
    await t.app.ctx.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() - 60_000),
    });
    const res = await post('/auth/reset-password', { token, new_password: 'nouveau-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.INVALID_RESET_TOKEN);
    expect((await post('/auth/login', { email: user.email, password: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an unknown token with 400', async () => {
    const res = await post('/auth/reset-password', { token: 'inconnu', new_password: 'nouveau-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.INVALID_RESET_TOKEN, detail: passwordReset.invalidOrExpiredToken });
  });

  it.each([
    [{ token: 'abc', new_password: '123' }, ['body', 'new_password'], auth.passwordTooShort],
    [{ token: '', new_password: 'secret1' }, ['body', 'token'], passwordReset.tokenMissing],
    [{ new_password: 'secret1' }, ['body', 'token'], validation.required],
  ])('answers 422 for %j', async (payload, loc, msg) => {
    const res = await post('/auth/reset-password', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, msg }));
  });
});
