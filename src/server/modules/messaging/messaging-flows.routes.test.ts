import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCELLATION_MARKER,
  CONVERSATIONS_PER_HOUR,
  MESSAGE_MAIL_THROTTLE_MINUTES,
  MESSAGES_PER_ADDRESS_PER_MINUTE,
  MESSAGES_PER_MINUTE,
} from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { messageMail } from '#shared/messages/messaging-mail.ts';
import type { Conversation, Message } from '#shared/schemas/messages.ts';
import { sql } from 'drizzle-orm';
import type { UserRow } from '#server/db/schema/users.ts';
import { setPresence } from '#server/lib/presence.ts';
import { subscribeToBus, type BusEvent } from '#server/lib/realtime-bus.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { openCheckout, simulatorOf } from '#tests/checkout.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '#tests/factories/offers.ts';
import { createSlot } from '#tests/factories/slots.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

const HOUR = 3_600_000;
const PHONE = 'Mon numéro : 06 12 34 56 78';

let t: TestApp;
let helper: UserRow;
let seeker: UserRow;
let offer: TestOffer;
let day: Date;
let events: BusEvent[];
let unsubscribe: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db, { displayName: 'Claire Aidante' });
  offer = await createOffer(db, helper, { title: 'Reprendre confiance' });
  day = new Date(Date.now() + 5 * 24 * HOUR);
  day.setUTCHours(0, 0, 0, 0);
  await createSlot(db, helper, {
    startAt: new Date(day.getTime() + 6 * HOUR),
    endAt: new Date(day.getTime() + 20 * HOUR),
  });
  events = [];
  unsubscribe = await subscribeToBus(t.app.ctx.database, (event) => events.push(event));
});
afterAll(async () => {
  await unsubscribe();
  await t.close();
});

beforeEach(async () => {
  seeker = await createSeeker(t.app.ctx.db, { displayName: 'Paul Martin' });
});

const api = (user: UserRow, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

async function openConversation(user: UserRow = seeker, offerId = offer.id): Promise<Conversation> {
  const res = await api(user, 'POST', `/messages/conversations?offer_id=${offerId}`);
  expect([200, 201]).toContain(res.statusCode);
  return res.json<Conversation>();
}
const send = (user: UserRow, id: string, content: string) =>
  api(user, 'POST', `/messages/conversations/${id}/messages`, { content });
const threadOf = async (user: UserRow, id: string) =>
  (await api(user, 'GET', `/messages/conversations/${id}/messages`)).json<Message[]>();

let hour = 6;
/** A free booking through the API (POST /bookings/), so the bookings service runs its hooks. */
async function bookFree(user: UserRow = seeker): Promise<string> {
  const start = new Date(day.getTime() + hour++ * HOUR);
  const res = await api(user, 'POST', '/bookings/', {
    offer_id: offer.id,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + HOUR).toISOString(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const messageMails = async () =>
  (await t.readOutbox()).map(parseMail).filter((mail) => mail.subject === messageMail.subject('Paul Martin'));

describe('masking and bookings', () => {
  it('reveals masked messages when a free booking is made, and publishes the events', async () => {
    const conversation = await openConversation();
    expect((await send(seeker, conversation.id, PHONE)).json()).toMatchObject({ visible: false });
    expect((await threadOf(helper, conversation.id))[0]).toMatchObject({ content: '', masked: true });
    // The seeker may not write a second message before a booking.
    expect((await send(seeker, conversation.id, 'Alors ?')).statusCode).toBe(403);

    events.length = 0;
    const bookingId = await bookFree();
    expect((await threadOf(helper, conversation.id))[0]).toMatchObject({
      content: PHONE,
      masked: false,
      visible: true,
    });
    // Now the seeker may write again.
    expect((await send(seeker, conversation.id, 'Merci pour la séance')).statusCode).toBe(201);
    await vi.waitFor(() => {
      expect(events).toContainEqual({
        type: 'booking.changed',
        booking_id: bookingId,
        change: 'created',
        user_ids: [seeker.id, helper.id],
      });
      expect(events).toContainEqual({
        type: 'conversation.updated',
        conversation_id: conversation.id,
        user_ids: [helper.id, seeker.id],
      });
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'message.created', conversation_id: conversation.id }),
      );
    });
  });

  it('reveals masked messages when a paid booking is paid, not while it waits for payment', async () => {
    const paidHelper = await createHelper(t.app.ctx.db);
    await givePayoutAccount(t.app.ctx.db, paidHelper, true);
    const paidOffer = await createOffer(t.app.ctx.db, paidHelper, {
      options: [{ durationMinutes: 60, priceCents: 3000 }],
    });
    const start = new Date(day.getTime() + 8 * HOUR);
    await createSlot(t.app.ctx.db, paidHelper, { startAt: start, endAt: new Date(start.getTime() + HOUR) });
    const conversation = await openConversation(seeker, paidOffer.id);
    await send(seeker, conversation.id, PHONE);

    const checkout = await openCheckout(t, seeker, paidOffer.id, start);
    expect(checkout.statusCode).toBe(200);
    const { booking_id: bookingId, session_id: sessionId } = checkout.json<{
      booking_id: string;
      session_id: string;
    }>();
    // A hold waiting for payment is not a confirmed booking: still masked.
    expect((await threadOf(paidHelper, conversation.id))[0]).toMatchObject({ content: '', masked: true });

    events.length = 0;
    expect(await simulatorOf(t).payCheckoutSession(sessionId)).toHaveProperty('redirectTo');
    await backgroundSettled(t.app.ctx);
    expect((await threadOf(paidHelper, conversation.id))[0]).toMatchObject({ content: PHONE, masked: false });
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        type: 'booking.changed',
        booking_id: bookingId,
        change: 'paid',
        user_ids: [seeker.id, paidHelper.id],
      }),
    );
  });

  it('a cancelled booking posts a notice with the reason and no longer enables the chat', async () => {
    const conversation = await openConversation();
    await send(seeker, conversation.id, 'Bonjour');
    const bookingId = await bookFree();
    events.length = 0;
    const cancelled = await api(seeker, 'POST', `/bookings/${bookingId}/cancel`, {
      cancellation_reason: 'Un empêchement de dernière minute',
    });
    expect(cancelled.statusCode).toBe(200);
    const helperView = await threadOf(helper, conversation.id);
    expect(helperView.at(-1)).toMatchObject({
      kind: 'cancellation',
      content: `${CANCELLATION_MARKER} Un empêchement de dernière minute`,
      sender_id: seeker.id,
      visible: true,
      masked: false,
    });
    // The notice is unread for the other party only.
    const list = (await api(helper, 'GET', '/messages/conversations')).json<Conversation[]>();
    expect(list.find((c) => c.id === conversation.id)?.unread_count).toBe(2);
    const seekerList = (await api(seeker, 'GET', '/messages/conversations')).json<Conversation[]>();
    expect(seekerList.find((c) => c.id === conversation.id)).toMatchObject({ unread_count: 0, chat_enabled: false });
    expect((await send(seeker, conversation.id, 'Et maintenant ?')).statusCode).toBe(403);
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        type: 'booking.changed',
        booking_id: bookingId,
        change: 'cancelled',
        user_ids: [seeker.id, helper.id],
      }),
    );
  });

  it('a cancellation creates the conversation when there was none', async () => {
    const bookingId = await bookFree();
    const res = await api(helper, 'POST', `/bookings/${bookingId}/cancel`, { cancellation_reason: 'Malade' });
    expect(res.statusCode).toBe(200);
    const list = (await api(seeker, 'GET', '/messages/conversations')).json<Conversation[]>();
    expect(list).toHaveLength(1);
    expect(list[0]?.last_message).toMatchObject({ kind: 'cancellation', content: `${CANCELLATION_MARKER} Malade` });
  });
});

describe('the "new message" mail', () => {
  it('goes once per throttle window to a recipient connected nowhere, without the content', async () => {
    const before = (await messageMails()).length;
    const conversation = await openConversation();
    await send(seeker, conversation.id, 'Un contenu très personnel');
    const mails = (await messageMails()).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toContain(helper.email);
    expect(mail?.text).toContain('Reprendre confiance');
    expect(mail?.text).toContain(`http://appui.test/dashboard?tab=messages&conversation=${conversation.id}`);
    expect(mail?.text).not.toContain('personnel');

    // A second message within the window: no second mail.
    await send(helper, conversation.id, 'Réponse');
    await bookFree();
    await send(seeker, conversation.id, 'Encore un');
    expect((await messageMails()).slice(before)).toHaveLength(1);

    // Once the window has passed, a new mail.
    await t.app.ctx.db.execute(
      sql`UPDATE conversation_reads SET last_notified_at = now() - make_interval(mins => ${MESSAGE_MAIL_THROTTLE_MINUTES + 1})
          WHERE conversation_id = ${conversation.id} AND user_id = ${helper.id}`,
    );
    await send(seeker, conversation.id, 'Vous êtes là ?');
    expect((await messageMails()).slice(before)).toHaveLength(2);
  });

  it('is not sent to a recipient with an open app socket', async () => {
    const connected = await createHelper(t.app.ctx.db);
    const theirOffer = await createOffer(t.app.ctx.db, connected);
    await setPresence(t.app.ctx.db, 'test-instance', connected.id, 1);
    const before = (await t.readOutbox()).length;
    const conversation = await openConversation(seeker, theirOffer.id);
    expect((await send(seeker, conversation.id, 'Bonjour')).statusCode).toBe(201);
    const after = (await t.readOutbox()).map(parseMail).slice(before);
    expect(after.filter((mail) => mail.to.includes(connected.email))).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it(`refuses the message after ${MESSAGES_PER_MINUTE} in a minute with a French 429`, async () => {
    const busy = await createHelper(t.app.ctx.db);
    const busyOffer = await createOffer(t.app.ctx.db, busy);
    const conversation = await openConversation(seeker, busyOffer.id);
    // From an address of its own, so the per-address budget of the other tests stays out of it.
    const sendFrom = (user: UserRow, content: string) =>
      t.injectAs(user, {
        method: 'POST',
        url: `/api/v1/messages/conversations/${conversation.id}/messages`,
        payload: { content },
        remoteAddress: '198.51.100.20',
      });
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      expect((await sendFrom(busy, `message ${i}`)).statusCode).toBe(201);
    }
    const refused = await sendFrom(busy, 'un de trop');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED, detail: apiErrors.rateLimited });
    // Another account is not affected.
    expect((await send(seeker, conversation.id, 'Bonjour')).statusCode).toBe(201);
  });

  it(`refuses messages from one address after ${MESSAGES_PER_ADDRESS_PER_MINUTE} a minute, all accounts together`, async () => {
    const crowdHelper = await createHelper(t.app.ctx.db);
    const crowdOffer = await createOffer(t.app.ctx.db, crowdHelper);
    const address = { remoteAddress: '203.0.113.7' };
    const accounts = Math.ceil(MESSAGES_PER_ADDRESS_PER_MINUTE / MESSAGES_PER_MINUTE);
    const conversation = await openConversation(seeker, crowdOffer.id);
    let sentCount = 0;
    // Helpers may always write: each of these accounts helps on its own offer, same address.
    for (let a = 0; a < accounts && sentCount < MESSAGES_PER_ADDRESS_PER_MINUTE; a++) {
      const writer = a === 0 ? crowdHelper : await createHelper(t.app.ctx.db);
      const target =
        a === 0 ? conversation : await openConversation(seeker, (await createOffer(t.app.ctx.db, writer)).id);
      for (let i = 0; i < MESSAGES_PER_MINUTE && sentCount < MESSAGES_PER_ADDRESS_PER_MINUTE; i++, sentCount++) {
        const res = await t.injectAs(writer, {
          method: 'POST',
          url: `/api/v1/messages/conversations/${target.id}/messages`,
          payload: { content: `n° ${sentCount}` },
          ...address,
        });
        expect(res.statusCode).toBe(201);
      }
    }
    const fresh = await createHelper(t.app.ctx.db);
    const freshConversation = await openConversation(seeker, (await createOffer(t.app.ctx.db, fresh)).id);
    const refused = await t.injectAs(fresh, {
      method: 'POST',
      url: `/api/v1/messages/conversations/${freshConversation.id}/messages`,
      payload: { content: 'Bonjour' },
      ...address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED, detail: apiErrors.rateLimited });
  });

  it(`refuses a conversation after ${CONVERSATIONS_PER_HOUR} new ones in an hour`, async () => {
    const other = await createHelper(t.app.ctx.db);
    for (let i = 0; i < CONVERSATIONS_PER_HOUR; i++) {
      const each = await createOffer(t.app.ctx.db, other);
      expect((await api(seeker, 'POST', `/messages/conversations?offer_id=${each.id}`)).statusCode).toBe(201);
    }
    const last = await createOffer(t.app.ctx.db, other);
    const refused = await api(seeker, 'POST', `/messages/conversations?offer_id=${last.id}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
  });
});
