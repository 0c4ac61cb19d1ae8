import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { validation } from '#shared/messages/common.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin, createSeeker } from '#tests/factories/users.ts';

// Nobody but an administrator may take a name that reads as the team's ("Équipe Appui", "Support",
// "Modération"… in any case, accents, spacing or look-alike letters): a member could otherwise sign
// their messages, reviews or chat lines as the team.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let counter = 0;
const freshAddress = () => `198.20.0.${++counter}`;
const signup = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress: freshAddress(),
    payload: { email: `nouveau-${++counter}@exemple.fr`, password: 'motdepasse-solide', ...payload },
  });

function expectFieldRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { detail: Array<{ loc: Array<string | number>; msg: string }> };
  expect(body.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg: validation.reservedName }));
}

describe('a visitor signing up', () => {
  it.each(['Équipe Appui', 'equipe-appui', 'Modératiоn', 'S u p p o r t', 'Adm1n'])(
    'cannot take the display name %j',
    async (name) => {
      expectFieldRefused(await signup({ display_name: name }), 'display_name');
    },
  );

  it.each(['support', 'supp0rt', 'admin', 'equipe.appui', 'moderation'])(
    'cannot take the username %j',
    async (name) => {
      expectFieldRefused(await signup({ username: name }), 'username');
    },
  );

  it('keeps an ordinary name, and gets no reserved username from a support@ address', async () => {
    expect((await signup({ display_name: 'Camille Martin' })).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: freshAddress(),
      payload: { email: 'support@exemple.fr', password: 'motdepasse-solide' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ username: string }>().username).toMatch(/^membre/);
  });
});

describe('PUT /users/me', () => {
  const put = async (user: Parameters<TestApp['injectAs']>[0], payload: object) =>
    t.injectAs(user, { method: 'PUT', url: '/api/v1/users/me', payload });

  it.each([
    { display_name: 'Équipe Appui' },
    { display_name: 'ÉQUIPE  APPUI' },
    { display_name: 'Mоdérаtiоn' },
    { display_name: 'Marie - Support' },
    { username: 'administrateur' },
    { username: 'adm1n' },
  ])('refuses a member %j (422 RESERVED_NAME)', async (payload) => {
    const member = await createSeeker(t.app.ctx.db, { displayName: 'Camille Martin' });
    const res = await put(member, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: ErrorCode.RESERVED_NAME, detail: validation.reservedName });
    const me = await t.injectAs(member, { method: 'GET', url: '/api/v1/users/me' });
    expect(me.json()).toMatchObject({ display_name: 'Camille Martin' });
  });

  it('lets a member keep an older name while saving the rest', async () => {
    const member = await createSeeker(t.app.ctx.db, { displayName: 'Support' });
    const res = await put(member, { display_name: 'Support', bio: 'Bonjour' });
    expect(res.statusCode).toBe(200);
  });

  it("lets an administrator take the team's name", async () => {
    const admin = await createAdmin(t.app.ctx.db);
    const res = await put(admin, { display_name: 'Équipe Appui', username: 'support' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ display_name: 'Équipe Appui', username: 'support' });
  });
});

describe('a guest of the live chat', () => {
  it.each(['Support', 'Équipe Appui', 'admin', 'Ｍｏｄｅｒａｔｉｏｎ'])('cannot call themselves %j', async (name) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/chat/sessions',
      remoteAddress: freshAddress(),
      payload: { guest_name: name, guest_email: 'camille@exemple.fr' },
    });
    expectFieldRefused(res, 'guest_name');
  });
});
