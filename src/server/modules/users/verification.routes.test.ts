import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { charterErrors } from '#shared/messages/charter.ts';
import { role } from '#shared/messages/role.ts';
import { payoutAccounts } from '#server/db/schema/payouts.ts';
import { helperCharterAcceptances, users, type UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { givePayoutAccount } from '#tests/factories/offers.ts';
import { acceptCharter, createAdmin, createHelper, createSeeker, NOTHING_CHECKED } from '#tests/factories/users.ts';

/**
 * What a profile says was checked (GET /users/{id}, GET /users/me), and the helper charter
 * (POST /users/me/charter, the charter step of POST /users/toggle-role and of publishing an offer).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;
const db = () => t.app.ctx.db;

/** A helper all three checks passed for: address confirmed, payout account active, charter accepted. */
async function verifiedHelper(): Promise<UserRow> {
  const helper = await createHelper(db(), { emailVerifiedAt: new Date('2026-11-02T09:00:00Z') });
  await givePayoutAccount(db(), helper, true);
  return helper;
}

async function acceptanceOf(user: UserRow) {
  const [row] = await db().select().from(helperCharterAcceptances).where(eq(helperCharterAcceptances.userId, user.id));
  return row;
}

describe('GET /users/{id}: the verification of a profile', () => {
  it('shows the same three facts to a visitor, another user, the owner and an admin', async () => {
    const helper = await verifiedHelper();
    const acceptedAt = (await acceptanceOf(helper))!.acceptedAt.toISOString();
    const [other, admin] = await Promise.all([createSeeker(db()), createAdmin(db())]);
    for (const viewer of [null, other, helper, admin]) {
      const res = await t.injectAs(viewer, { method: 'GET', url: api(`/users/${helper.id}`) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.verification).toEqual({
        email_confirmed: true,
        identity_verified: true,
        charter_accepted: true,
        charter_version: HELPER_CHARTER_VERSION,
        charter_accepted_at: acceptedAt,
      });
      expect(body.is_verified).toBe(true);
      // Nothing private: no address, no provider account id, whoever asks.
      const text = res.body;
      expect(body).not.toHaveProperty('email');
      expect(text).not.toContain(helper.email);
      expect(text).not.toMatch(/acct_/);
    }
  });

  it('shows no identity check, and is not verified, without a payout account', async () => {
    // Before: is_verified was the seed's flag, set for every demo helper with nothing checked.
    const helper = await createHelper(db(), { emailVerifiedAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.json().verification.identity_verified).toBe(false);
    expect(res.json().verification.email_confirmed).toBe(true);
    expect(res.json().verification.charter_accepted).toBe(true);
    expect(res.json().is_verified).toBe(false);
  });

  it('shows no identity check while the payout account is not active', async () => {
    const helper = await createHelper(db(), { emailVerifiedAt: new Date() });
    await givePayoutAccount(db(), helper, false);
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.json().verification.identity_verified).toBe(false);
    expect(res.json().is_verified).toBe(false);
  });

  it('counts an account of another provider as no account', async () => {
    const helper = await createHelper(db(), { emailVerifiedAt: new Date() });
    await givePayoutAccount(db(), helper, true);
    await db().update(payoutAccounts).set({ provider: 'stripe' }).where(eq(payoutAccounts.userId, helper.id));
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.json().verification.identity_verified).toBe(false);
  });

  it('shows no e-mail check until the address is confirmed', async () => {
    const helper = await createHelper(db(), { emailVerifiedAt: null });
    await givePayoutAccount(db(), helper, true);
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.json().verification.email_confirmed).toBe(false);
    expect(res.json().verification.identity_verified).toBe(true);
    expect(res.json().is_verified).toBe(false);
  });

  it('shows an older charter with its version and date, but not as accepted', async () => {
    const helper = await verifiedHelper();
    await db().delete(helperCharterAcceptances).where(eq(helperCharterAcceptances.userId, helper.id));
    await acceptCharter(db(), helper, '0');
    const res = await t.app.inject({ method: 'GET', url: api(`/users/${helper.id}`) });
    expect(res.json().verification).toMatchObject({ charter_accepted: false, charter_version: '0' });
    expect(res.json().verification.charter_accepted_at).toEqual(expect.any(String));
    expect(res.json().is_verified).toBe(false);
  });

  it('shows nothing checked for a new seeker, on their own GET /users/me too', async () => {
    const seeker = await createSeeker(db(), { emailVerifiedAt: null });
    const res = await t.injectAs(seeker, { method: 'GET', url: api('/users/me') });
    expect(res.json()).toMatchObject({ is_verified: false, verification: NOTHING_CHECKED });
  });
});

describe('POST /users/me/charter', () => {
  const accept = (user: UserRow | null, body: unknown = { version: HELPER_CHARTER_VERSION }) =>
    t.injectAs(user, { method: 'POST', url: api('/users/me/charter'), payload: body as object });

  it('records the current version for the caller, and keeps the first date when sent again', async () => {
    const seeker = await createSeeker(db());
    const first = await accept(seeker);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ charter_accepted: true, charter_version: HELPER_CHARTER_VERSION });
    const stored = await acceptanceOf(seeker);
    expect(stored).toMatchObject({ userId: seeker.id, version: HELPER_CHARTER_VERSION });
    const again = await accept(seeker);
    expect(again.json().charter_accepted_at).toBe(stored!.acceptedAt.toISOString());
  });

  it('records it for the caller only: another user and an admin accept for themselves', async () => {
    const [seeker, other, admin] = await Promise.all([createSeeker(db()), createSeeker(db()), createAdmin(db())]);
    expect((await accept(other)).statusCode).toBe(200);
    expect((await accept(admin)).statusCode).toBe(200);
    expect(await acceptanceOf(seeker)).toBeUndefined();
    expect(await acceptanceOf(other)).toBeDefined();
    expect(await acceptanceOf(admin)).toBeDefined();
  });

  it('refuses a visitor with 401', async () => {
    const res = await accept(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.NOT_AUTHENTICATED);
  });

  it('refuses a version that is not the current one with 409 CHARTER_VERSION_OUTDATED', async () => {
    const seeker = await createSeeker(db());
    const res = await accept(seeker, { version: '0' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ErrorCode.CHARTER_VERSION_OUTDATED, detail: charterErrors.versionOutdated });
    expect(await acceptanceOf(seeker)).toBeUndefined();
  });

  it('answers 422 without a version or with other fields', async () => {
    const seeker = await createSeeker(db());
    expect((await accept(seeker, {})).statusCode).toBe(422);
    expect((await accept(seeker, { version: HELPER_CHARTER_VERSION, user_id: seeker.id })).statusCode).toBe(422);
  });
});

describe('POST /users/toggle-role and the charter', () => {
  const toggle = (user: UserRow) => t.injectAs(user, { method: 'POST', url: api('/users/toggle-role') });
  const roleOf = async (user: UserRow) =>
    (await db().select({ role: users.role }).from(users).where(eq(users.id, user.id)))[0]?.role;

  it('refuses a seeker who has not accepted the charter with 403 CHARTER_NOT_ACCEPTED', async () => {
    const seeker = await createSeeker(db());
    const res = await toggle(seeker);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: ErrorCode.CHARTER_NOT_ACCEPTED,
      detail: charterErrors.notAcceptedToBecomeHelper,
    });
    expect(await roleOf(seeker)).toBe('helpee');
  });

  it('refuses a seeker whose accepted charter is an older version', async () => {
    const seeker = await createSeeker(db());
    await acceptCharter(db(), seeker, '0');
    expect((await toggle(seeker)).json().code).toBe(ErrorCode.CHARTER_NOT_ACCEPTED);
  });

  it('switches a seeker who accepted the current charter, with the spec’s empty body', async () => {
    const seeker = await createSeeker(db());
    expect(
      (
        await t.injectAs(seeker, {
          method: 'POST',
          url: api('/users/me/charter'),
          payload: { version: HELPER_CHARTER_VERSION },
        })
      ).statusCode,
    ).toBe(200);
    const res = await toggle(seeker);
    expect(res.json()).toEqual({ role: 'helper', message: role.changeSuccess });
  });

  it('lets a helper go back to seeker without any charter', async () => {
    const helper = await createHelper(db(), { charter: false });
    const res = await toggle(helper);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('helpee');
  });

  it('still answers an admin 403 ADMIN_ROLE_CHANGE_NOT_ALLOWED, charter or not', async () => {
    const admin = await createAdmin(db());
    expect((await toggle(admin)).json().code).toBe(ErrorCode.ADMIN_ROLE_CHANGE_NOT_ALLOWED);
  });
});

describe('publishing an offer needs the current charter', () => {
  const offerBody = {
    title: 'Parler du deuil',
    description: 'Un temps d’écoute pour parler de la perte d’un proche, sans jugement.',
    category: 'sante-mentale',
    duration_minutes: 30,
    price_cents: 0,
    currency: 'eur',
    meeting_contact_info: 'https://meet.google.com/abc-defg-hij',
    pricing_options: [{ duration_minutes: 30, price_cents: 0 }],
  };

  it('refuses a new offer from a helper whose charter is missing or older, and accepts it once accepted', async () => {
    const helper = await createHelper(db(), { charter: false });
    const refused = await t.injectAs(helper, { method: 'POST', url: api('/offers/'), payload: offerBody });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: ErrorCode.CHARTER_NOT_ACCEPTED,
      detail: charterErrors.notAcceptedToPublish,
    });
    await acceptCharter(db(), helper, '0');
    expect((await t.injectAs(helper, { method: 'POST', url: api('/offers/'), payload: offerBody })).statusCode).toBe(
      403,
    );
    await acceptCharter(db(), helper);
    const created = await t.injectAs(helper, { method: 'POST', url: api('/offers/'), payload: offerBody });
    expect(created.statusCode).toBe(201);
  });

  it('refuses showing a hidden offer again without it, but lets an ordinary edit through', async () => {
    const helper = await createHelper(db());
    const created = await t.injectAs(helper, {
      method: 'POST',
      url: api('/offers/'),
      payload: { ...offerBody, visible: false },
    });
    const offerId = created.json().id as string;
    await db().delete(helperCharterAcceptances).where(eq(helperCharterAcceptances.userId, helper.id));
    const edit = await t.injectAs(helper, {
      method: 'PUT',
      url: api(`/offers/${offerId}`),
      payload: { title: 'Parler du deuil, doucement' },
    });
    expect(edit.statusCode).toBe(200);
    const shown = await t.injectAs(helper, {
      method: 'PUT',
      url: api(`/offers/${offerId}`),
      payload: { visible: true },
    });
    expect(shown.statusCode).toBe(403);
    expect(shown.json().code).toBe(ErrorCode.CHARTER_NOT_ACCEPTED);
  });
});
