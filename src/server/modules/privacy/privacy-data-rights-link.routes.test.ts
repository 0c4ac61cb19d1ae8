import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_RIGHTS_LINK_TTL_HOURS,
  DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR,
  DATA_RIGHTS_MAILS_MAX,
  DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { dataRights, trust } from '#shared/messages/trust.ts';
import { DataExportSchema } from '#shared/schemas/privacy.ts';
import { dataRightsLinks, users, type UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { hashLinkToken } from '#server/lib/link-tokens.ts';
import { buildTestApp, capturedLogger, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin, createHelper, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

// Data rights by mailed link: whoever cannot log in, a suspended account above all, can still
// download their data and erase their account.

let t: TestApp;
let other: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  other = await createHelper(t.app.ctx.db);
  admin = await createAdmin(t.app.ctx.db);
});
afterAll(() => t.close());

// Each test calls from addresses of its own: the per-address budgets of one do not reach another.
let addressCounter = 1;
const nextAddress = () => `203.0.113.${addressCounter++}`;

const call = (who: UserRow | null, url: string, payload: object, remoteAddress = nextAddress()) =>
  t.injectAs(who, { method: 'POST', url: `/api/v1/privacy/data-requests${url}`, payload, remoteAddress });

const request = (email: string, remoteAddress?: string) => call(null, '', { email }, remoteAddress);

async function mailsTo(email: string) {
  return (await t.readOutbox()).map(parseMail).filter((mail) => mail.to.includes(email));
}

/** Asks for a link for `user` and reads its token from the mail (the only place it exists in clear). */
async function linkFor(user: UserRow): Promise<string> {
  const before = (await mailsTo(user.email)).length;
  expect((await request(user.email)).statusCode).toBe(200);
  const mails = (await mailsTo(user.email)).slice(before);
  expect(mails).toHaveLength(1);
  const match = /\/mes-donnees\?token=([^\s]+)/.exec(mails[0]!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const suspend = (user: UserRow) =>
  t.app.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));

const login = (user: UserRow) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
    remoteAddress: nextAddress(),
  });

const invalidLink = { code: ErrorCode.INVALID_DATA_RIGHTS_LINK, detail: dataRights.linkInvalid };

describe('POST /privacy/data-requests', () => {
  it('answers the same to a known, a suspended and an unknown address; mails a French link to the accounts only', async () => {
    const known = await createSeeker(t.app.ctx.db, { displayName: 'Inès Garnier' });
    const suspended = await createSeeker(t.app.ctx.db);
    await suspend(suspended);
    const unknown = `personne-${Date.now()}@exemple.fr`;
    const answers = [await request(known.email), await request(suspended.email), await request(unknown)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: dataRights.linkRequested });
    }
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(suspended.email)).toHaveLength(1);
    const [mail] = await mailsTo(known.email);
    expect(mail!.subject).toBe(dataRights.linkMailSubject);
    expect(mail!.text).toContain('Bonjour Inès Garnier');
    expect(mail!.text).toContain(`${t.config.publicUrl}/mes-donnees?token=`);
  });

  it('stores only the digest of the token, valid 24 hours', async () => {
    const user = await createSeeker(t.app.ctx.db);
    const asked = Date.now();
    const token = await linkFor(user);
    const rows = await t.app.ctx.db.select().from(dataRightsLinks).where(eq(dataRightsLinks.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const validity = rows[0]!.expiresAt.getTime() - asked;
    expect(validity).toBeGreaterThan(DATA_RIGHTS_LINK_TTL_HOURS * 3_600_000 - 60_000);
    expect(validity).toBeLessThanOrEqual(DATA_RIGHTS_LINK_TTL_HOURS * 3_600_000 + 60_000);
  });

  it(`mails at most ${DATA_RIGHTS_MAILS_MAX} links per e-mail address, with the same answer past it`, async () => {
    const user = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < DATA_RIGHTS_MAILS_MAX + 2; i++) {
      const answer = await request(user.email);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: dataRights.linkRequested });
    }
    expect(await mailsTo(user.email)).toHaveLength(DATA_RIGHTS_MAILS_MAX);
  });

  it(`answers 429 past ${DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour from one client address`, async () => {
    const from = nextAddress();
    for (let i = 0; i < DATA_RIGHTS_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await request(`devine-${i}-${Date.now()}@exemple.fr`, from)).statusCode).toBe(200);
    }
    const refused = await request(`encore-${Date.now()}@exemple.fr`, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect((await request(`ailleurs-${Date.now()}@exemple.fr`)).statusCode).toBe(200);
  });

  it('answers 422 without an address', async () => {
    expect((await call(null, '', { email: '  ' })).statusCode).toBe(422);
    expect((await call(null, '', {})).statusCode).toBe(422);
  });
});

describe('a suspended account keeps its data rights', () => {
  it('cannot log in, yet downloads its data once and erases its account with the link', async () => {
    const user = await createSeeker(t.app.ctx.db, { displayName: 'Paul Suspendu' });
    await suspend(user);
    const refused = await login(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.ACCOUNT_SUSPENDED, detail: trust.accountSuspended });

    const token = await linkFor(user);
    const exported = await call(null, '/export', { token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="appui-mes-donnees-/);
    expect(exported.headers['cache-control']).toBe('private, no-store');
    const data = DataExportSchema.parse(exported.json());
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, display_name: 'Paul Suspendu' });
    expect(data.profile.suspended_at).not.toBeNull();

    // One download per link.
    const again = await call(null, '/export', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);

    const erased = await call(null, '/erase', { token });
    expect(erased.statusCode).toBe(204);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.erasedAt).not.toBeNull();
    expect(row!.email).not.toBe(user.email);
    expect(row!.displayName).toBe(trust.deletedAccount);
    const confirmations = (await mailsTo(user.email)).filter((mail) => mail.subject === dataRights.erasureMailSubject);
    expect(confirmations).toHaveLength(1);
    // The links of the account went with it.
    expect(await t.app.ctx.db.select().from(dataRightsLinks).where(eq(dataRightsLinks.userId, user.id))).toEqual([]);
    expect((await call(null, '/erase', { token })).json()).toEqual(invalidLink);
    // The address is now unknown: the same answer, no mail.
    const before = (await mailsTo(user.email)).length;
    expect((await request(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(before);
  });

  it('erases with a fresh link whose download was not made, and the link is spent', async () => {
    const user = await createHelper(t.app.ctx.db);
    await suspend(user);
    const token = await linkFor(user);
    expect((await call(null, '/erase', { token })).statusCode).toBe(204);
    expect((await call(null, '/export', { token })).json()).toEqual(invalidLink);
  });
});

describe('the link decides whose data, whoever calls', () => {
  it.each([
    ['a visitor', () => null],
    ['the owner, signed in', () => 'owner' as const],
    ['another user', () => other],
    ['an admin', () => admin],
  ])('%s: the export is the link’s account; an unknown link is refused', async (_name, who) => {
    const owner = await createSeeker(t.app.ctx.db);
    const caller = who() === 'owner' ? owner : (who() as UserRow | null);
    const token = await linkFor(owner);
    const exported = await call(caller, '/export', { token });
    expect(exported.statusCode).toBe(200);
    expect(DataExportSchema.parse(exported.json()).profile.id).toBe(owner.id);

    const unknown = await call(caller, '/export', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidLink);
    const erase = await call(caller, '/erase', { token: 'x'.repeat(43) });
    expect(erase.json()).toEqual(invalidLink);
    // Nobody was erased by the refused calls.
    for (const user of [owner, other, admin]) {
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.erasedAt).toBeNull();
    }
  });

  it('refuses an expired link, and one without a token (422)', async () => {
    const owner = await createSeeker(t.app.ctx.db);
    const token = await linkFor(owner);
    await t.app.ctx.db
      .update(dataRightsLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataRightsLinks.userId, owner.id));
    expect((await call(null, '/export', { token })).json()).toEqual(invalidLink);
    expect((await call(null, '/erase', { token })).json()).toEqual(invalidLink);
    expect((await call(null, '/export', {})).statusCode).toBe(422);
    expect((await call(null, '/erase', { token: '' })).statusCode).toBe(422);
  });

  it('an erasure made while signed in spends the links the account had', async () => {
    const owner = await createSeeker(t.app.ctx.db);
    const token = await linkFor(owner);
    const erased = await t.injectAs(owner, {
      method: 'DELETE',
      url: '/api/v1/users/me',
      payload: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(erased.statusCode).toBe(204);
    expect((await call(null, '/export', { token })).json()).toEqual(invalidLink);
  });

  it(`answers 429 past ${DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR} uses of links an hour from one client address`, async () => {
    const from = nextAddress();
    for (let i = 0; i < DATA_RIGHTS_LINK_USES_PER_ADDRESS_PER_HOUR; i++) {
      const url = i % 2 === 0 ? '/export' : '/erase';
      expect((await call(null, url, { token: `devine-${i}` }, from)).statusCode).toBe(400);
    }
    const refused = await call(null, '/export', { token: 'devine-encore' }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
  });
});

describe('logs (DESIGN.md section 14)', () => {
  it('keep neither the link’s token nor the address', async () => {
    const { logger, lines } = capturedLogger();
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, { logger });
    try {
      const user = await createSeeker(logged.app.ctx.db);
      const asked = await logged.app.inject({
        method: 'POST',
        url: '/api/v1/privacy/data-requests',
        payload: { email: user.email },
      });
      expect(asked.statusCode).toBe(200);
      // The token is only in the mail.
      const [mail] = (await logged.readOutbox()).map(parseMail);
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
      for (const url of ['/export', '/erase']) {
        const res = await logged.app.inject({
          method: 'POST',
          url: `/api/v1/privacy/data-requests${url}`,
          payload: { token },
        });
        expect(res.statusCode).toBeLessThan(300);
      }
      await backgroundSettled(logged.app.ctx);
      const log = lines.join('');
      expect(log).toContain('mail written to the local outbox');
      expect(log).toContain('account erased');
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
      expect(log).not.toContain(user.email);
    } finally {
      await logged.close();
    }
  });
});
