import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES, LOGIN_FAILURES_MAX } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { auth } from '#shared/messages/auth.ts';
import { role } from '#shared/messages/role.ts';
import { apiErrors, validation } from '#shared/messages/common.ts';
import { profile } from '#shared/messages/profile.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '#tests/build-test-app.ts';
import {
  acceptCharter,
  createAdmin,
  createHelper,
  createSeeker,
  createUser,
  DEFAULT_TEST_PASSWORD,
  NOTHING_CHECKED,
} from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';
import { fileUpload, multipartBody } from '#tests/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;

describe('GET /users/me', () => {
  it('answers the current user with the e-mail', async () => {
    const user = await createSeeker(t.app.ctx.db, { bio: 'Une bio', tags: ['deuil'], emailVerifiedAt: null });
    const res = await t.injectAs(user, { method: 'GET', url: api('/users/me') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      username: user.username,
      first_name: null,
      last_name: null,
      bio: 'Une bio',
      avatar_url: null,
      profile_image_url: null,
      tags: ['deuil'],
      is_verified: false,
      verification: NOTHING_CHECKED,
      role: 'helpee',
      created_at: user.createdAt.toISOString(),
      email_verified: false,
      pending_email: null,
    });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/me') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: ErrorCode.NOT_AUTHENTICATED, detail: apiErrors.notAuthenticated });
  });

  it('answers 401 with an expired token', async () => {
    const user = await createUser(t.app.ctx.db);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: ErrorCode.INVALID_TOKEN, detail: apiErrors.invalidToken });
  });

  it('answers 401 with a token signed by another secret', async () => {
    const user = await createUser(t.app.ctx.db);
    const forged = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const res = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a well-signed token whose subject is not a user id', async () => {
    const odd = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${odd}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.INVALID_TOKEN);
  });

  it.each(['abc', 'a.b.c', '..', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'e30.e30.e30', `${'x'.repeat(5000)}.y.z`])(
    'answers 401 to the garbage token %s',
    async (token) => {
      const res = await t.app.inject({
        method: 'GET',
        url: api('/users/me'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.INVALID_TOKEN);
    },
  );

  it('does not answer 401 when the database fails: the client would drop a valid session', async () => {
    const user = await createUser(t.app.ctx.db);
    const spy = vi.spyOn(t.app.ctx.db, 'select').mockImplementationOnce(() => {
      throw new Error('connection terminated');
    });
    try {
      const res = await t.injectAs(user, { method: 'GET', url: api('/users/me') });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: ErrorCode.INTERNAL_ERROR, detail: apiErrors.internal });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /users/{id}', () => {
  it('answers the public profile, never the e-mail', async () => {
    const helper = await createHelper(t.app.ctx.db, {
      bio: 'Aidante depuis longtemps',
      avatarUrl: '/uploads/avatars/x.webp',
    });
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: helper.id,
      role: 'helper',
      bio: 'Aidante depuis longtemps',
      avatar_url: '/uploads/avatars/x.webp',
      profile_image_url: '/uploads/avatars/x.webp',
    });
    expect(body).not.toHaveProperty('email');
    expect(JSON.stringify(body)).not.toContain(helper.email);
  });

  it('answers 404 USER_NOT_FOUND for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/00000000-0000-4000-8000-000000000000') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.USER_NOT_FOUND, detail: profile.userNotFound });
  });

  it('answers 422 for an id that is not a uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/users/pas-un-uuid') });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['params', 'id'], msg: validation.invalidUuid }),
    );
  });
});

describe('PUT /users/me', () => {
  const put = (user: UserRow | null, payload: object) =>
    t.injectAs(user, { method: 'PUT', url: api('/users/me'), payload });

  it('updates the given fields and leaves the others', async () => {
    const user = await createSeeker(t.app.ctx.db, { bio: 'Ancienne bio' });
    const res = await put(user, { display_name: '  Lou Renard ', username: 'lou.renard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: 'Lou Renard',
      username: 'lou.renard',
      email: user.email,
      bio: 'Ancienne bio',
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ displayName: 'Lou Renard', username: 'lou.renard', email: user.email });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
  });

  it('clears the bio and the display name when sent empty', async () => {
    const user = await createSeeker(t.app.ctx.db, { bio: 'À effacer' });
    const res = await put(user, { bio: '', display_name: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: null, display_name: null });
  });

  it('accepts the user’s own username and e-mail unchanged', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const res = await put(user, { username: user.username!, email: user.email, bio: 'Une bio suffisamment longue' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('Une bio suffisamment longue');
  });

  it('refuses a username taken by someone else with 409', async () => {
    const other = await createUser(t.app.ctx.db, { username: 'deja_la' });
    const user = await createSeeker(t.app.ctx.db);
    const res = await put(user, { username: other.username! });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.USERNAME_TAKEN, detail: auth.usernameTaken });
  });

  it.each([
    ['seeker', createSeeker],
    ['helper', createHelper],
    ['admin', createAdmin],
  ])('refuses a new e-mail or password without the current password (%s): 400, nothing changes', async (_, create) => {
    const user = await create(t.app.ctx.db);
    const taken = await createUser(t.app.ctx.db);
    for (const payload of [
      { email: 'nouvelle@exemple.fr' },
      { new_password: 'nouveau-secret' },
      { email: taken.email },
    ]) {
      const res = await put(user, payload);
      // 400 even for a taken address: a token alone does not learn which addresses exist.
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: ErrorCode.CURRENT_PASSWORD_REQUIRED,
        detail: profile.currentPasswordRequired,
      });
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, passwordHash: user.passwordHash, tokenVersion: user.tokenVersion });
  });

  it('refuses a wrong current password with 403, then 429 after too many failures', async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      const res = await put(user, { email: 'autre@exemple.fr', current_password: 'pas-le-bon' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: ErrorCode.CURRENT_PASSWORD_WRONG, detail: profile.currentPasswordWrong });
    }
    const locked = await put(user, { email: 'autre@exemple.fr', current_password: DEFAULT_TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ErrorCode.RATE_LIMITED);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('holds a token to the budget of guesses of one source: a stolen token does not add guesses', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const change = (password: string) => put(user, { email: 'autre@exemple.fr', current_password: password });
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) expect((await change('pas-le-bon')).statusCode).toBe(403);
    // The token's budget is spent: even the right password is refused through it until the window ends...
    expect((await change(DEFAULT_TEST_PASSWORD)).statusCode).toBe(429);
    // ...while the owner, on the login form from an address that has not failed, still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
      remoteAddress: '198.51.100.77',
    });
    expect(login.statusCode).toBe(200);
  });

  it('spends the reset links already sent when the password changes', async () => {
    // A link that reached the old (maybe stolen) mailbox must not undo the change an hour later.
    const user = await createSeeker(t.app.ctx.db);
    const forgot = await t.app.inject({
      method: 'POST',
      url: api('/auth/forgot-password'),
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = (await t.readOutbox()).map(parseMail).find((m) => m.to.includes(user.email));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    const res = await put(user, { new_password: 'nouveau-secret', current_password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: api('/auth/reset-password'),
      payload: { token, new_password: 'pris-par-un-autre' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe(ErrorCode.INVALID_RESET_TOKEN);
  });

  it('changes the password with the current one: the new one logs in, the old one and old tokens no longer do', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const oldToken = await t.tokenFor(user);
    const res = await put(user, { new_password: 'nouveau-secret', current_password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: api('/auth/login'), payload: { email: user.email, password } });
    expect((await login('nouveau-secret')).statusCode).toBe(200);
    expect((await login(DEFAULT_TEST_PASSWORD)).statusCode).toBe(401);
    const stale = await t.app.inject({
      method: 'GET',
      url: api('/users/me'),
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(stale.statusCode).toBe(401);
    const told = (await t.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(user.email));
    expect(told.map((mail) => mail.text.includes(profile.accountChangedPassword))).toEqual([true]);
  });

  it('keeps the tokens and sends no mail for a change of name or bio (no password asked)', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const before = (await t.readOutbox()).length;
    const res = await put(user, { display_name: 'Nouveau nom', bio: 'Une bio' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('access_token');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.tokenVersion).toBe(user.tokenVersion);
    expect(await t.readOutbox()).toHaveLength(before);
  });

  it.each([
    [{ email: 'pas-un-email' }, ['body', 'email'], validation.invalidEmail],
    [{ username: 'Avec Espace' }, ['body', 'username'], validation.usernameFormat],
    [{ username: 'a' }, ['body', 'username'], validation.tooShort(2)],
    [{ bio: 'x'.repeat(2001) }, ['body', 'bio'], validation.tooLong(2000)],
    [{ role: 'admin' }, ['body'], validation.unknownField],
  ])('answers 422 for %j', async (payload, loc, msg) => {
    const user = await createSeeker(t.app.ctx.db);
    const res = await put(user, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc, msg }));
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('helpee');
  });

  it('answers 401 without a token', async () => {
    const res = await put(null, { bio: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses, with a French 422 and not a 500, text PostgreSQL cannot store (a NUL character)', async () => {
    const user = await createSeeker(t.app.ctx.db, { bio: 'Avant' });
    const res = await put(user, { bio: 'a\u0000b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'bio'], msg: validation.controlCharacter }),
    );
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.bio).toBe('Avant');
  });
});

describe('POST /users/toggle-role', () => {
  const toggle = (user: UserRow | null) => t.injectAs(user, { method: 'POST', url: api('/users/toggle-role') });

  it('switches a seeker who accepted the charter to helper and back', async () => {
    const user = await createSeeker(t.app.ctx.db);
    await acceptCharter(t.app.ctx.db, user);
    const first = await toggle(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ role: 'helper', message: role.changeSuccess });
    const meAfter = await t.injectAs(user, { method: 'GET', url: api('/users/me') });
    expect(meAfter.json().role).toBe('helper');
    const second = await toggle(user);
    expect(second.json()).toEqual({ role: 'helpee', message: role.changeSuccess });
  });

  it('refuses an admin with 403 ADMIN_ROLE_CHANGE_NOT_ALLOWED', async () => {
    const admin = await createAdmin(t.app.ctx.db);
    const res = await toggle(admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED, detail: role.adminCannotChange });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.role).toBe('admin');
  });

  it('answers 401 without a token', async () => {
    expect((await toggle(null)).statusCode).toBe(401);
  });
});

describe('POST /users/me/avatar', () => {
  const upload = (user: UserRow | null, body: { payload: Buffer; headers: Record<string, string> }) =>
    t.injectAs(user, { method: 'POST', url: api('/users/me/avatar'), payload: body.payload, headers: body.headers });

  /** A real photo-like PNG with EXIF data, larger than the avatar and not square. */
  const photoPng = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 60 } } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Appareil photo' } })
      .toBuffer();

  const storedFile = (avatarUrl: string) => path.join(t.config.dataDir, avatarUrl);

  it('re-encodes the image into a 256 px square WebP without metadata and stores it', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const png = await photoPng();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const res = await upload(user, fileUpload('file', 'photo.png', 'image/png', png));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, avatar_url: expect.any(String), message: profile.avatarUploaded });
    expect(body.avatar_url).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[A-Za-z0-9_-]+\\.webp$`));

    const stored = await readFile(storedFile(body.avatar_url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    const me = await t.injectAs(user, { method: 'GET', url: api('/users/me') });
    expect(me.json()).toMatchObject({ avatar_url: body.avatar_url, profile_image_url: body.avatar_url });
    const served = await t.app.inject({ method: 'GET', url: body.avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('accepts JPEG and WebP too, and removes the previous file on replacement', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const image = sharp({ create: { width: 300, height: 900, channels: 3, background: '#3366aa' } });
    const jpeg = await image.clone().jpeg().toBuffer();
    const webp = await image.clone().webp().toBuffer();
    const first = await upload(user, fileUpload('file', 'a.jpg', 'image/jpeg', jpeg));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().avatar_url as string;
    expect(existsSync(storedFile(firstUrl))).toBe(true);

    const second = await upload(user, fileUpload('file', 'b.webp', 'image/webp', webp));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().avatar_url as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(storedFile(secondUrl))).toBe(true);
    expect(existsSync(storedFile(firstUrl))).toBe(false);
  });

  it('judges the type by the bytes: a .png name with text inside is refused with 400', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const res = await upload(
      user,
      fileUpload('file', 'photo.png', 'image/png', Buffer.from('ceci n’est pas une image')),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.AVATAR_UNSUPPORTED_TYPE, detail: profile.unsupportedFileType });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarUrl).toBeNull();
  });

  it('refuses a real image of another type (GIF) with 400', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(user, fileUpload('file', 'anim.png', 'image/png', gif));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.AVATAR_UNSUPPORTED_TYPE);
  });

  it('refuses a file that starts like a PNG but cannot be decoded with 400', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const png = await photoPng();
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 7)]);
    const res = await upload(user, fileUpload('file', 'casse.png', 'image/png', broken));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.AVATAR_UNSUPPORTED_TYPE, detail: profile.avatarUnreadable });
  });

  it('refuses a file over 5 MB with 413 AVATAR_TOO_LARGE', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const png = await photoPng();
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length + 10, 1)]);
    const res = await upload(user, fileUpload('file', 'grand.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: ErrorCode.AVATAR_TOO_LARGE, detail: profile.fileTooLarge });
  });

  it('answers 400 when the multipart body has no `file` part', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const png = await photoPng();
    const noFile = await upload(user, multipartBody([{ name: 'bio', value: 'rien' }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ code: ErrorCode.BAD_REQUEST, detail: profile.avatarFileRequired });
    const wrongField = await upload(user, fileUpload('photo', 'p.png', 'image/png', png));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toBe(profile.avatarFileRequired);
  });

  it('answers 415, not 500, to a request that is not multipart', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const json = await t.injectAs(user, { method: 'POST', url: api('/users/me/avatar'), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    const empty = await t.injectAs(user, { method: 'POST', url: api('/users/me/avatar') });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    const octets = await t.injectAs(user, {
      method: 'POST',
      url: api('/users/me/avatar'),
      payload: Buffer.from('abc'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(octets.statusCode).toBe(415);
  });

  it('answers 400, not 500, to a malformed multipart body', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const send = (contentType: string, payload: string) =>
      t.injectAs(user, {
        method: 'POST',
        url: api('/users/me/avatar'),
        payload,
        headers: { 'content-type': contentType },
      });
    for (const res of [
      await send('multipart/form-data', '--x\r\n'),
      await send(
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: ErrorCode.BAD_REQUEST, detail: profile.avatarFileRequired });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await upload(null, fileUpload('file', 'p.png', 'image/png', await photoPng()));
    expect(res.statusCode).toBe(401);
  });
});
