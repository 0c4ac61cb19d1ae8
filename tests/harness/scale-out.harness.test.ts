// Scale-out (issue 14 section 1): two server processes on one PostgreSQL database, as behind a load
// balancer. What one process writes reaches the sockets held by the other (only PostgreSQL's NOTIFY
// can carry it there), the rate limits count across both, and the periodic jobs, run by both every
// 200 ms, change each row once: one reminder mail per party, one sweep of an expired hold or a past
// session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessageSchema, ChatSessionSchema } from '#shared/schemas/chat.ts';
import { MessageSchema } from '#shared/schemas/messages.ts';
import { bookingMail } from '#shared/messages/bookings.ts';
import { MESSAGES_PER_MINUTE } from '#shared/constants.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { connectChatOk, nextChatMessage } from '../chat-sockets.ts';
import { createBooking } from '../factories/bookings.ts';
import { createConversation } from '../factories/messaging.ts';
import { createOffer } from '../factories/offers.ts';
import { createSlot, hoursFromNow } from '../factories/slots.ts';
import { createAdmin, createHelper, createSeeker, DEFAULT_TEST_PASSWORD } from '../factories/users.ts';
import { connectOk, eventually, freshAddress, type TestSocket } from '../sockets.ts';
import { api, mintToken, printFigures } from './fixtures.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';

const SWEEP_INTERVAL_MS = 200;
/** The login limit per client address and minute (AUTH_RATE_LIMIT_PER_MINUTE's default). */
const LOGIN_LIMIT = 10;

let processes: TwoProcesses;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  processes = await startTwoProcesses({ SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS) });
  proxy = await startRoundRobinProxy([processes.a, processes.b]);
});

afterAll(async () => {
  await proxy?.close();
  await processes?.close();
});

const db = () => processes.scratch.db;

/** A JSON request from a client address of its own (no per-address limit is reached unless meant). */
const call = (base: string, method: string, url: string, options: { token?: string; body?: object } = {}) =>
  api(base, method, url, { ...options, headers: { 'x-forwarded-for': freshAddress() } });

/** The frames of `socket` (taken from it) until `count` match `wanted`, within `timeoutMs`. */
async function framesOf(socket: TestSocket, wanted: (frame: unknown) => boolean, count: number, timeoutMs = 10_000) {
  const found = [];
  const deadline = Date.now() + timeoutMs;
  while (found.length < count) {
    const frame = await socket.next(Math.max(1, deadline - Date.now()));
    if (wanted(frame)) found.push(frame);
  }
  return found;
}

describe('two processes on one PostgreSQL database', () => {
  it("delivers a message posted through A to the recipient's app socket on B", async () => {
    const helper = await createHelper(db());
    const seeker = await createSeeker(db());
    const offer = await createOffer(db(), helper);
    const conversation = await createConversation(db(), { offer, seeker });
    const onB = await connectOk(processes.b.wsUrl, { token: await mintToken(seeker) });
    const posted = await call(processes.a.url, 'POST', `/messages/conversations/${conversation.id}/messages`, {
      token: await mintToken(helper),
      body: { content: 'Bonjour, je peux vous aider jeudi.' },
    });
    expect(posted.status).toBe(201);
    const sent = MessageSchema.parse(posted.body);
    const [frame] = await framesOf(onB, (f) => (f as { type: string }).type === 'message.created', 1);
    expect(frame).toMatchObject({ conversation_id: conversation.id, message: { id: sent.id, content: sent.content } });
    await onB.close();
  });

  it("delivers an admin's live chat reply posted through A to the guest's chat socket on B", async () => {
    const admin = await createAdmin(db());
    const opened = await call(processes.a.url, 'POST', '/support/chat/sessions', {
      body: { guest_name: 'Camille', guest_email: 'camille@exemple.fr' },
    });
    expect(opened.status).toBe(201);
    const session = ChatSessionSchema.parse(opened.body);
    const guest = await connectChatOk(processes.b.wsUrl, {
      session_id: session.id,
      session_token: session.session_token!,
    });
    const reply = await call(processes.a.url, 'POST', `/support/chat/sessions/${session.id}/messages`, {
      token: await mintToken(admin),
      body: { content: 'Bonjour Camille, un membre de l’équipe vous répond.' },
    });
    expect(reply.status).toBe(201);
    expect(await nextChatMessage(guest, 10_000)).toEqual(ChatMessageSchema.parse(reply.body));
    await guest.close();
  });

  it("tells the other party's socket on B of a booking created, then cancelled, through A", async () => {
    const helper = await createHelper(db());
    const seeker = await createSeeker(db());
    const offer = await createOffer(db(), helper);
    const start = hoursFromNow(10, 2);
    await createSlot(db(), helper, { startAt: start, endAt: new Date(start.getTime() + 4 * 3_600_000) });
    const helperOnB = await connectOk(processes.b.wsUrl, { token: await mintToken(helper) });
    const seekerToken = await mintToken(seeker);
    const created = await call(processes.a.url, 'POST', '/bookings/', {
      token: seekerToken,
      body: {
        offer_id: offer.id,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const bookingId = (created.body as { id: string }).id;
    const cancelled = await call(processes.a.url, 'POST', `/bookings/${bookingId}/cancel`, {
      token: seekerToken,
      body: { cancellation_reason: 'Un empêchement de dernière minute.' },
    });
    expect(cancelled.status).toBe(200);
    const changes = await framesOf(helperOnB, (f) => (f as { type: string }).type === 'booking.changed', 2);
    expect(changes).toEqual([
      { type: 'booking.changed', booking_id: bookingId, change: 'created' },
      { type: 'booking.changed', booking_id: bookingId, change: 'cancelled' },
    ]);
    await helperOnB.close();
  });

  it('counts the login limit across both processes: one address is refused after the same total as on one', async () => {
    const user = await createSeeker(db());
    const address = freshAddress();
    const before = proxy.counts();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 4; attempt++) {
      const response = await fetch(`${proxy.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: user.email, password: DEFAULT_TEST_PASSWORD }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // The proxy alternated: each process answered half of them, so neither alone reached the limit.
    const served = proxy.counts().map((count, index) => count - before[index]!);
    expect(served).toEqual([(LOGIN_LIMIT + 4) / 2, (LOGIN_LIMIT + 4) / 2]);
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(200), ...Array<number>(4).fill(429)]);
  });

  it('counts the per-account message limit across both processes, whatever the address', async () => {
    const helper = await createHelper(db());
    const seeker = await createSeeker(db());
    const conversation = await createConversation(db(), { offer: await createOffer(db(), helper), seeker });
    const token = await mintToken(helper);
    const statuses: number[] = [];
    for (let index = 0; index < MESSAGES_PER_MINUTE + 4; index++) {
      const posted = await call(proxy.url, 'POST', `/messages/conversations/${conversation.id}/messages`, {
        token,
        body: { content: `Message numéro ${index + 1}` },
      });
      statuses.push(posted.status);
    }
    expect(statuses).toEqual([...Array<number>(MESSAGES_PER_MINUTE).fill(201), ...Array<number>(4).fill(429)]);
  });

  it('sends each reminder once per party and sweeps each expired hold and past session once, with both processes sweeping every 200 ms', async () => {
    const COUNT = 8;
    type Case = { helper: UserRow; seeker: UserRow; bookingId: string };
    const make = async (fields: Partial<Omit<Parameters<typeof createBooking>[1], 'offer' | 'seeker'>>) => {
      const helper = await createHelper(db());
      const seeker = await createSeeker(db());
      const offer = await createOffer(db(), helper);
      const booking = await createBooking(db(), { offer, seeker, startAt: hoursFromNow(3), ...fields });
      return { helper, seeker, bookingId: booking.id } satisfies Case;
    };
    // The holds expire and the sessions end a few seconds from now: every socket is open by then.
    const due = new Date(Date.now() + 8000);
    const cases = {
      reminders: [] as Case[],
      holds: [] as Case[],
      past: [] as Case[],
    };
    for (let index = 0; index < COUNT; index++) {
      cases.reminders.push(await make({ startAt: hoursFromNow(3 + index) }));
      cases.holds.push(
        await make({
          startAt: hoursFromNow(30 + index),
          status: 'pending_payment',
          holdExpiresAt: due,
        }),
      );
      cases.past.push(
        await make({
          startAt: new Date(due.getTime() - 3_600_000),
          endAt: due,
        }),
      );
    }
    // Each party of the swept bookings listens on one process; the events of both processes' sweeps
    // reach it alike (the bus is the database's), so a second sweep of a row would show as a second frame.
    const listeners = new Map<string, TestSocket>();
    for (const [index, item] of [...cases.holds, ...cases.past].entries()) {
      const base = index % 2 === 0 ? processes.a.wsUrl : processes.b.wsUrl;
      listeners.set(item.bookingId, await connectOk(base, { token: await mintToken(item.seeker) }));
    }
    expect(Date.now()).toBeLessThan(due.getTime());
    const reminderRecipients = new Set(cases.reminders.flatMap((item) => [item.helper.email, item.seeker.email]));
    const reminderMails = async () => (await processes.mails()).filter((mail) => reminderRecipients.has(mail.to));
    await eventually(async () => (await reminderMails()).length >= 2 * COUNT, 30_000);
    const rows = async (ids: string[]) =>
      processes.scratch.query<{ id: string; status: string }>('SELECT id, status FROM bookings WHERE id = ANY($1)', [
        ids,
      ]);
    const holdIds = cases.holds.map((item) => item.bookingId);
    const pastIds = cases.past.map((item) => item.bookingId);
    await eventually(async () => (await rows(holdIds)).every((row) => row.status === 'cancelled'), 30_000);
    await eventually(async () => (await rows(pastIds)).every((row) => row.status === 'completed'), 30_000);
    // Then ten more sweep intervals of both processes: anything done twice would show by now.
    await new Promise((resolve) => setTimeout(resolve, 10 * SWEEP_INTERVAL_MS));

    const mails = await reminderMails();
    const perRecipient = new Map<string, number>();
    for (const mail of mails) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
    expect([...reminderRecipients].map((email) => perRecipient.get(email) ?? 0)).toEqual(
      Array<number>(2 * COUNT).fill(1),
    );
    const reminderPrefix = bookingMail.reminderSubject('', '').split('«')[0]!;
    expect(mails.filter((mail) => !mail.subject.startsWith(reminderPrefix))).toEqual([]);

    const changesOf = (bookingId: string) =>
      listeners
        .get(bookingId)!
        .pending()
        .filter((frame) => frame.type === 'booking.changed' && frame.booking_id === bookingId)
        .map((frame) => (frame as { change: string }).change);
    expect(holdIds.map(changesOf)).toEqual(holdIds.map(() => ['cancelled']));
    expect(pastIds.map(changesOf)).toEqual(pastIds.map(() => ['completed']));
    await Promise.all([...listeners.values()].map((socket) => socket.close()));
    printFigures(
      'scale-out',
      `${mails.length} reminder mails for ${COUNT} bookings, ${COUNT} holds expired and ${COUNT} sessions completed once each, two processes sweeping every ${SWEEP_INTERVAL_MS} ms`,
    );
  });
});
