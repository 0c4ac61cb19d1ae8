import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { profile } from '#shared/messages/profile.ts';
import { trust } from '#shared/messages/trust.ts';
import type { Conversation } from '#shared/schemas/messages.ts';
import type { SearchResponse, PublicOffer } from '#shared/schemas/offers.ts';
import type { BlockedUser } from '#shared/schemas/privacy.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout } from '#tests/checkout.ts';
import { createBooking } from '#tests/factories/bookings.ts';
import { createConversation } from '#tests/factories/messaging.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';

const HOUR = 3_600_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const api = (user: UserRow | null, method: Method, url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
const block = (user: UserRow | null, id: string) => api(user, 'POST', `/users/${id}/block`);
const unblock = (user: UserRow | null, id: string) => api(user, 'DELETE', `/users/${id}/block`);
const myBlocks = async (user: UserRow) => (await api(user, 'GET', '/users/me/blocks')).json<BlockedUser[]>();

/** A word of letters only, found by the French full-text search and by nothing else. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvz';
  let word = 'quok';
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** A helper with a free offer titled with a word of its own, and free time in four days. */
async function helperWithOffer(
  overrides: { priceCents?: number } = {},
): Promise<{ helper: UserRow; offer: TestOffer; word: string }> {
  const db = t.app.ctx.db;
  const word = uniqueWord();
  const helper = await createHelper(db);
  const offer = await createOffer(db, helper, {
    title: `Soutien ${word}`,
    options: [{ durationMinutes: 60, priceCents: overrides.priceCents ?? 0 }],
  });
  await createSlot(db, helper, { startAt: hoursFromNow(0, 4), endAt: hoursFromNow(12, 4) });
  return { helper, offer, word };
}

const bookingBody = (offerId: string, hourOffset = 1) => {
  const start = hoursFromNow(hourOffset, 4);
  return { offer_id: offerId, start_at: start.toISOString(), end_at: new Date(start.getTime() + HOUR).toISOString() };
};

const offerIdsOf = (body: SearchResponse | PublicOffer[]) => (Array.isArray(body) ? body : body.items).map((o) => o.id);

describe('POST /users/{id}/block', () => {
  it('asks for a login', async () => {
    const other = await createSeeker(t.app.ctx.db);
    const res = await block(null, other.id);
    expect(res.statusCode).toBe(401);
  });

  it('blocks (201), answers 200 when already blocked, and lists only the ones the caller blocked', async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const helper = await createHelper(db, { displayName: 'Claire Aidante' });
    const first = await block(seeker, helper.id);
    expect(first.statusCode).toBe(201);
    expect(first.json<BlockedUser>()).toMatchObject({ id: helper.id, display_name: 'Claire Aidante' });
    const again = await block(seeker, helper.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<BlockedUser>().blocked_at).toBe(first.json<BlockedUser>().blocked_at);

    expect((await myBlocks(seeker)).map((b) => b.id)).toEqual([helper.id]);
    // The blocked person never learns who blocked them.
    expect(await myBlocks(helper)).toEqual([]);
    const listed = (await api(seeker, 'GET', '/users/me/blocks')).json<Record<string, unknown>[]>()[0];
    expect(Object.keys(listed ?? {}).sort()).toEqual(['avatar_url', 'blocked_at', 'display_name', 'id', 'username']);
  });

  it('lists the newest block first', async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const a = await createHelper(db);
    const b = await createSeeker(db);
    expect((await block(seeker, a.id)).statusCode).toBe(201);
    expect((await block(seeker, b.id)).statusCode).toBe(201);
    expect((await myBlocks(seeker)).map((x) => x.id)).toEqual([b.id, a.id]);
  });

  it('refuses oneself (400 BLOCK_SELF), an unknown account (404) and a malformed id (422)', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const self = await block(seeker, seeker.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ code: ErrorCode.BLOCK_SELF, detail: trust.blockSelf });
    const unknown = await block(seeker, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.USER_NOT_FOUND, detail: profile.userNotFound });
    expect((await block(seeker, 'pas-un-id')).statusCode).toBe(422);
    expect(await myBlocks(seeker)).toEqual([]);
  });

  it(`allows ${BLOCKS_PER_HOUR} blocks and unblocks an hour per account, then 429`, async () => {
    const db = t.app.ctx.db;
    const seeker = await createSeeker(db);
    const other = await createSeeker(db);
    for (let i = 0; i < BLOCKS_PER_HOUR; i += 1) {
      const res = i % 2 === 0 ? await block(seeker, other.id) : await unblock(seeker, other.id);
      expect(res.statusCode).toBeLessThan(300);
    }
    const over = await block(seeker, other.id);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ code: string }>().code).toBe(ErrorCode.RATE_LIMITED);
    // Another account keeps its own budget.
    expect((await block(other, seeker.id)).statusCode).toBe(201);
  });
});

describe('DELETE /users/{id}/block', () => {
  it('asks for a login', async () => {
    const other = await createSeeker(t.app.ctx.db);
    expect((await unblock(null, other.id)).statusCode).toBe(401);
  });

  it('lifts the caller’s own block (204, and 204 again), never the other’s', async () => {
    const db = t.app.ctx.db;
    const a = await createSeeker(db);
    const b = await createHelper(db);
    await block(a, b.id);
    await block(b, a.id);
    expect((await unblock(a, b.id)).statusCode).toBe(204);
    expect((await unblock(a, b.id)).statusCode).toBe(204);
    expect(await myBlocks(a)).toEqual([]);
    // b's block of a stands: a still cannot see b's profile.
    expect((await myBlocks(b)).map((x) => x.id)).toEqual([a.id]);
    expect((await api(a, 'GET', `/users/${b.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown account', async () => {
    const seeker = await createSeeker(t.app.ctx.db);
    const res = await unblock(seeker, UNKNOWN_ID);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe(ErrorCode.USER_NOT_FOUND);
  });
});

describe('GET /users/me/blocks', () => {
  it('asks for a login', async () => {
    expect((await api(null, 'GET', '/users/me/blocks')).statusCode).toBe(401);
  });
});

describe('messaging between blocked people', () => {
  const blockedError = { code: ErrorCode.USER_BLOCKED, detail: trust.blockedInteraction };

  it('refuses a new conversation, either way round (403 USER_BLOCKED)', async () => {
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(t.app.ctx.db);
    await block(seeker, helper.id);
    const res = await api(seeker, 'POST', `/messages/conversations?offer_id=${offer.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(blockedError);

    const { helper: other, offer: otherOffer } = await helperWithOffer();
    const seeker2 = await createSeeker(t.app.ctx.db);
    await block(other, seeker2.id);
    const reverse = await api(seeker2, 'POST', `/messages/conversations?offer_id=${otherOffer.id}`);
    expect(reverse.statusCode).toBe(403);
    expect(reverse.json()).toEqual(blockedError);
  });

  it('stops messages both ways in an existing conversation, shows it blocked, and opens again on unblock', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(db);
    const opened = await api(seeker, 'POST', `/messages/conversations?offer_id=${offer.id}`);
    expect(opened.statusCode).toBe(201);
    const conversation = opened.json<Conversation>();
    expect(conversation).toMatchObject({ blocked: false, chat_enabled: true });
    const send = (user: UserRow, content: string) =>
      api(user, 'POST', `/messages/conversations/${conversation.id}/messages`, { content });
    expect((await send(seeker, 'Bonjour, êtes-vous disponible ?')).statusCode).toBe(201);

    expect((await block(seeker, helper.id)).statusCode).toBe(201);
    const fromBlocker = await send(seeker, 'Encore une question');
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json()).toEqual(blockedError);
    const fromBlocked = await send(helper, 'Oui, bien sûr');
    expect(fromBlocked.statusCode).toBe(403);
    expect(fromBlocked.json()).toEqual(blockedError);
    // Reopening the existing conversation is refused as well.
    expect((await api(seeker, 'POST', `/messages/conversations?offer_id=${offer.id}`)).statusCode).toBe(403);

    // The thread stays readable, shown blocked with its chat disabled, to both.
    for (const user of [seeker, helper]) {
      const list = (await api(user, 'GET', '/messages/conversations')).json<Conversation[]>();
      expect(list.find((c) => c.id === conversation.id)).toMatchObject({ blocked: true, chat_enabled: false });
      const one = (await api(user, 'GET', `/messages/conversations/${conversation.id}`)).json<Conversation>();
      expect(one).toMatchObject({ blocked: true, chat_enabled: false });
      expect((await api(user, 'GET', `/messages/conversations/${conversation.id}/messages`)).statusCode).toBe(200);
    }

    expect((await unblock(seeker, helper.id)).statusCode).toBe(204);
    expect((await send(helper, 'Oui, bien sûr')).statusCode).toBe(201);
    // The seeker's own chat rule applies again (spec 2 section 4: a first message, then a booking).
    const after = (await api(helper, 'GET', `/messages/conversations/${conversation.id}`)).json<Conversation>();
    expect(after).toMatchObject({ blocked: false, chat_enabled: true });
  });

  it('a conversation with a third person is not shown blocked', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(db);
    const stranger = await createSeeker(db);
    const conversation = await createConversation(db, { offer, seeker });
    await block(helper, stranger.id);
    const one = (await api(seeker, 'GET', `/messages/conversations/${conversation.id}`)).json<Conversation>();
    expect(one.blocked).toBe(false);
  });
});

describe('bookings between blocked people', () => {
  it('refuses a free booking of each other’s offers, either way round', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(db);
    await block(seeker, helper.id);
    const res = await api(seeker, 'POST', '/bookings/', bookingBody(offer.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: ErrorCode.USER_BLOCKED, detail: trust.blockedInteraction });

    const { helper: other, offer: otherOffer } = await helperWithOffer();
    const seeker2 = await createSeeker(db);
    await block(other, seeker2.id);
    const reverse = await api(seeker2, 'POST', '/bookings/', bookingBody(otherOffer.id));
    expect(reverse.statusCode).toBe(403);
    expect(reverse.json<{ code: string }>().code).toBe(ErrorCode.USER_BLOCKED);

    // A third person books as before.
    const third = await createSeeker(db);
    expect((await api(third, 'POST', '/bookings/', bookingBody(otherOffer.id, 3))).statusCode).toBe(201);
  });

  it('refuses a checkout of a paid offer, either way round', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer({ priceCents: 4000 });
    await givePayoutAccount(db, helper, true);
    const seeker = await createSeeker(db);
    const seeker2 = await createSeeker(db);
    await block(seeker, helper.id);
    await block(helper, seeker2.id);
    for (const who of [seeker, seeker2]) {
      const res = await openCheckout(t, who, offer.id, hoursFromNow(2, 4));
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe(ErrorCode.USER_BLOCKED);
    }
    const third = await createSeeker(db);
    expect((await openCheckout(t, third, offer.id, hoursFromNow(2, 4))).statusCode).toBe(200);
  });

  it('keeps an existing booking, which either party may still cancel', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(db);
    const booking = await createBooking(db, { offer, seeker, startAt: hoursFromNow(5, 4) });
    await block(helper, seeker.id);
    const seen = await api(seeker, 'GET', `/bookings/${booking.id}`);
    expect(seen.statusCode).toBe(200);
    const cancelled = await api(seeker, 'POST', `/bookings/${booking.id}/cancel`, {
      cancellation_reason: 'Je préfère arrêter là',
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await api(seeker, 'GET', `/bookings/${booking.id}`)).json<{ status: string }>().status).toBe('cancelled');
  });
});

describe('search, lists and profiles between blocked people', () => {
  const search = (user: UserRow | null, params: string, path = '/offers/search-for-user') =>
    api(user, 'GET', `${path}?${params}`);

  it('the blocker no longer finds the helper’s offers, by words or by helper; others still do', async () => {
    const db = t.app.ctx.db;
    const { helper, offer, word } = await helperWithOffer();
    const seeker = await createSeeker(db);
    const bystander = await createSeeker(db);
    expect(offerIdsOf((await search(seeker, `query=${word}`)).json<SearchResponse>())).toEqual([offer.id]);

    await block(seeker, helper.id);
    for (const path of ['/offers/search-for-user', '/offers/search']) {
      const res = await search(seeker, `query=${word}`, path);
      expect(res.statusCode, res.body).toBe(200);
      const byWord = res.json<SearchResponse>();
      expect(byWord.items).toEqual([]);
      expect(byWord.total).toBe(0);
      expect((await search(seeker, `helper_id=${helper.id}`, path)).json<SearchResponse>().items).toEqual([]);
    }
    // The newest-first listing (no words) leaves it out too.
    const newest = (await search(seeker, 'limit=100')).json<SearchResponse>();
    expect(offerIdsOf(newest)).not.toContain(offer.id);
    expect(offerIdsOf((await api(seeker, 'GET', '/offers/?limit=100')).json<PublicOffer[]>())).not.toContain(offer.id);
    expect(offerIdsOf((await api(seeker, 'GET', '/offers/for-user?limit=100')).json<PublicOffer[]>())).not.toContain(
      offer.id,
    );

    // Nobody else's results change: a visitor and another seeker (same filters, so the same reuse keys).
    expect(offerIdsOf((await search(null, `query=${word}`, '/offers/search')).json<SearchResponse>())).toEqual([
      offer.id,
    ]);
    expect(offerIdsOf((await search(bystander, `query=${word}`)).json<SearchResponse>())).toEqual([offer.id]);
    expect(offerIdsOf((await api(bystander, 'GET', '/offers/?limit=100')).json<PublicOffer[]>())).toContain(offer.id);

    await unblock(seeker, helper.id);
    expect(offerIdsOf((await search(seeker, `query=${word}`)).json<SearchResponse>())).toEqual([offer.id]);
  });

  it('the blocked helper no longer finds the offers of a blocker who is a helper too', async () => {
    const { helper: blocker, offer: blockerOffer, word } = await helperWithOffer();
    const { helper: blocked, offer: blockedOffer } = await helperWithOffer();
    await block(blocker, blocked.id);
    expect((await search(blocked, `query=${word}`)).json<SearchResponse>().items).toEqual([]);
    expect((await search(blocked, `helper_id=${blocker.id}`)).json<SearchResponse>().items).toEqual([]);
    // The blocked helper still sees their own offer; the blocker does not see it.
    expect(offerIdsOf((await search(blocked, `helper_id=${blocked.id}`)).json<SearchResponse>())).toEqual([
      blockedOffer.id,
    ]);
    expect((await search(blocker, `helper_id=${blocked.id}`)).json<SearchResponse>().items).toEqual([]);
    expect(offerIdsOf((await search(blocker, `query=${word}`)).json<SearchResponse>())).toEqual([blockerOffer.id]);
  });

  it('profile and offer pages answer 404 both ways; visitors, others and admins still read them', async () => {
    const db = t.app.ctx.db;
    const { helper, offer } = await helperWithOffer();
    const seeker = await createSeeker(db);
    const admin = await createAdmin(db);
    await block(helper, seeker.id);

    const profileOf = (user: UserRow | null, id: string) => api(user, 'GET', `/users/${id}`);
    const blockedProfile = await profileOf(seeker, helper.id);
    expect(blockedProfile.statusCode).toBe(404);
    expect(blockedProfile.json()).toEqual({ code: ErrorCode.USER_NOT_FOUND, detail: profile.userNotFound });
    expect((await profileOf(helper, seeker.id)).statusCode).toBe(404);
    const offerOf = (user: UserRow | null) => api(user, 'GET', `/offers/${offer.id}`);
    expect((await offerOf(seeker)).statusCode).toBe(404);
    expect((await offerOf(seeker)).json<{ code: string }>().code).toBe(ErrorCode.OFFER_NOT_FOUND);

    expect((await profileOf(null, helper.id)).statusCode).toBe(200);
    expect((await profileOf(admin, helper.id)).statusCode).toBe(200);
    expect((await profileOf(await createSeeker(db), helper.id)).statusCode).toBe(200);
    expect((await profileOf(helper, helper.id)).statusCode).toBe(200);
    expect((await offerOf(null)).statusCode).toBe(200);
    expect((await offerOf(admin)).statusCode).toBe(200);
    expect((await offerOf(helper)).statusCode).toBe(200);

    await unblock(helper, seeker.id);
    expect((await profileOf(seeker, helper.id)).statusCode).toBe(200);
    expect((await offerOf(seeker)).statusCode).toBe(200);
  });
});
