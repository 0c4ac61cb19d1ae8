// Message delivery across two processes (issue 10 section 6, issue 14 section 2): PAIRS helpers and
// PAIRS seekers, each pair with a conversation; every seeker's app socket is on the peer process (B),
// every helper's on the app process (A): 2 x PAIRS = 500 app sockets split across the two. Besides,
// CHATS guests each hold a live chat socket, half on A and half on B: 700 sockets in all. Helpers post
// through A's REST API and we time each message from the start of its POST to its arrival on the
// seeker's socket on B; at the same time administrators reply to the chats through the process that
// does NOT hold the guest's socket, timed the same way. Only PostgreSQL's NOTIFY carries either across.
// A message or reply that never arrives fails the scenario.
//
//   BENCH_MESSAGES=1000             messages in all (at most MESSAGES_PER_MINUTE per helper: the limit)
//   BENCH_CHAT_REPLIES=400          chat replies in all (each admin answers CHATS / ADMINS chats, at
//                                   most CHAT_MESSAGES_PER_MINUTE replies: the per-author limit)
//   BENCH_DELIVERY_CONCURRENCY=10   conversations sending at once, each one message after the other
//                                   (10 is already far more than 500 connected people type; raise it
//                                   to see the latency at saturation); as many chats reply at once
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { CHAT_MESSAGES_PER_MINUTE, MESSAGES_PER_MINUTE } from '#shared/constants.ts';
import { conversations } from '#server/db/schema/messaging.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { users } from '#server/db/schema/users.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { createBenchUser } from './bookings.ts';
import { defineScenario } from './scenario.ts';
import { positiveInteger } from './env.ts';

const PAIRS = 250;
const CHATS = 200;
/** Administrators answering the chats: the reply limit is per author. */
const ADMINS = 25;
/** p99 goal of issue 10 section 6 and issue 14 section 2. */
const P99_GOAL_MS = 500;
const DELIVERY_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 20;

type Pair = { helperToken: string; seekerToken: string; conversationId: string };
type Chat = { sessionId: string; sessionToken: string; adminToken: string };
type DeliveryData = { pairs: Pair[]; chats: Chat[] };

/** One client address per user (X-Forwarded-For; the bench servers trust 127.0.0.1 as a proxy). */
const ADDRESS_BLOCKS = { helper: 77, seeker: 78, guest: 79, admin: 80 } as const;
const addressOf = (role: keyof typeof ADDRESS_BLOCKS, index: number) =>
  `10.${ADDRESS_BLOCKS[role]}.${index >> 8}.${index & 255}`;

type MessageFrame = { type: 'message.created'; conversation_id: string; message: { content: string } };

/** Opens an app socket and waits for its hello; `onMessage` gets each message.created frame. */
function openSocket(base: string, token: string, address: string, onMessage: (frame: MessageFrame) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws?token=${encodeURIComponent(token)}`, {
      headers: { 'x-forwarded-for': address },
    });
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string };
      if (frame.type === 'hello') resolve(socket);
      else if (frame.type === 'message.created') onMessage(frame as MessageFrame);
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`socket refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

type ChatFrame = { type: 'chat_message'; message: { content: string } };

/** Opens a guest's live chat socket and waits for its connected line; `onReply` gets each chat message. */
function openChatSocket(base: string, chat: Chat, address: string, onReply: (frame: ChatFrame) => void) {
  const query = new URLSearchParams({ session_id: chat.sessionId, session_token: chat.sessionToken });
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/support/chat/ws?${query.toString()}`, {
      headers: { 'x-forwarded-for': address },
    });
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string };
      if (frame.type === 'system_message') resolve(socket);
      else if (frame.type === 'chat_message') onReply(frame as ChatFrame);
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`chat socket refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One kind of delivery measured: its latencies and what went wrong. */
type Tally = { latencies: number[]; postLatencies: number[]; lost: number; refused: number; sent: number };
const newTally = (): Tally => ({ latencies: [], postLatencies: [], lost: 0, refused: 0, sent: 0 });

/** What a channel (a conversation, a chat) waits for, and what to do when its recipient gets it. */
type Waiting = Map<string, { content: string; onArrival: () => void }>;

/**
 * Times one delivery: from the start of `post` to the frame with `content` on the channel `key`.
 * One delivery in flight per channel, so each arrival is matched to its POST without ambiguity.
 */
async function timeDelivery(
  tally: Tally,
  waiting: Waiting,
  key: string,
  content: string,
  post: () => Promise<Response>,
): Promise<void> {
  const started = performance.now();
  const arrived = new Promise<number>((resolve) => {
    const timer = setTimeout(() => resolve(Number.NaN), DELIVERY_TIMEOUT_MS);
    waiting.set(key, {
      content,
      onArrival: () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      },
    });
  });
  const response = await post();
  tally.postLatencies.push(performance.now() - started);
  await response.arrayBuffer();
  if (response.status !== 201) {
    tally.refused += 1;
    waiting.delete(key);
    return;
  }
  tally.sent += 1;
  const latency = await arrived;
  waiting.delete(key);
  if (Number.isNaN(latency)) tally.lost += 1;
  else tally.latencies.push(latency);
}

/** `perChannel` deliveries on each of `channels` channels, `concurrency` channels sending at once, `total` in all. */
async function runWorkers(
  channels: number,
  perChannel: number,
  total: number,
  concurrency: number,
  send: (channel: number, sequence: number) => Promise<void>,
): Promise<void> {
  let remaining = total;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let sequence = 0; sequence < perChannel; sequence++) {
        for (let channel = worker; channel < channels; channel += concurrency) {
          if (remaining <= 0) return;
          remaining -= 1;
          await send(channel, sequence);
        }
      }
    }),
  );
}

/** Opens sockets CONNECT_BATCH at a time. */
async function openInBatches(openers: Array<() => Promise<WebSocket>>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < openers.length; start += CONNECT_BATCH) {
    sockets.push(...(await Promise.all(openers.slice(start, start + CONNECT_BATCH).map((open) => open()))));
  }
  return sockets;
}

function report(label: string, tally: Tally, total: number): { line: string; met: boolean } {
  tally.latencies.sort((a, b) => a - b);
  tally.postLatencies.sort((a, b) => a - b);
  const p99 = percentile(tally.latencies, 0.99);
  const met = p99 <= P99_GOAL_MS;
  console.log(
    `    ${label}: ${tally.latencies.length}/${total} delivered; POST start -> socket on the other process: p50 ${ms(percentile(tally.latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(tally.latencies.at(-1) ?? Number.NaN)}; POST answer alone: p50 ${ms(percentile(tally.postLatencies, 0.5))}, p99 ${ms(percentile(tally.postLatencies, 0.99))}; goal p99 <= ${P99_GOAL_MS} ms: ${met ? 'MET' : 'NOT MET'}`,
  );
  const trouble = [
    tally.lost > 0 ? `${tally.lost} never arrived` : '',
    tally.refused > 0 ? `${tally.refused} POSTs refused` : '',
  ].filter(Boolean);
  return {
    line: `${label} ${tally.latencies.length}/${total} delivered${trouble.length > 0 ? ` (${trouble.join(', ')})` : ''}, p50 ${ms(percentile(tally.latencies, 0.5))}, p99 ${ms(p99)} (goal <= ${P99_GOAL_MS} ms ${met ? 'met' : 'NOT met'})`,
    met,
  };
}

export const messageDeliveryScenario = defineScenario<DeliveryData>({
  name: 'message-delivery',
  description: `POST a message or a chat reply on one process -> the recipient's socket on the other: p50/p99 latency, ${2 * PAIRS} app sockets and ${CHATS} live chats open`,
  needsPeer: true,
  async prepare({ app }) {
    const db = app.ctx.db;
    const issuer = createTokenIssuer(app.ctx.config.jwtSecret);
    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const helper = await createBenchUser(db, 'helper');
      const seeker = await createBenchUser(db, 'helpee');
      const [offer] = await db
        .insert(offers)
        .values({
          helperId: helper.id,
          title: 'Séance de banc d’essai',
          description: 'Offre créée par le banc d’essai.',
          category: 'sante-mentale',
          meetingContactInfo: 'https://meet.google.com/abc-defg-hij',
        })
        .returning();
      await db.insert(pricingOptions).values({ offerId: offer!.id, position: 0, durationMinutes: 60, priceCents: 0 });
      const [conversation] = await db
        .insert(conversations)
        .values({ offerId: offer!.id, helperId: helper.id, userId: seeker.id })
        .returning();
      pairs.push({
        helperToken: await issuer.issue(helper),
        seekerToken: await issuer.issue(seeker),
        conversationId: conversation!.id,
      });
    }
    const adminTokens: string[] = [];
    for (let i = 0; i < ADMINS; i++) {
      const suffix = randomUUID().slice(0, 12);
      const [admin] = await db
        .insert(users)
        .values({
          email: `bench-admin-${suffix}@appui.bench`,
          username: `bench_admin_${suffix}`,
          passwordHash: 'x',
          role: 'admin',
        })
        .returning();
      adminTokens.push(await issuer.issue(admin!));
    }
    // Through the API, as a guest opens a chat (its session token is given only there), each guest
    // from an address of its own (the sessions per address and hour are limited).
    const chats: Chat[] = [];
    for (let i = 0; i < CHATS; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/support/chat/sessions',
        headers: { 'x-forwarded-for': addressOf('guest', i) },
        payload: { guest_name: `Invité ${i + 1}`, guest_email: `invite-${i + 1}@appui.bench` },
      });
      if (response.statusCode !== 201) throw new Error(`chat session refused: ${response.statusCode} ${response.body}`);
      const session = response.json<{ id: string; session_token: string }>();
      chats.push({ sessionId: session.id, sessionToken: session.session_token, adminToken: adminTokens[i % ADMINS]! });
    }
    return { pairs, chats };
  },
  targets: () => [],
  async probe({ app, peer, database }, { pairs, chats }) {
    if (!peer) {
      const reason = `needs two processes on one PostgreSQL server (DATABASE_URL); this run is on ${database}: not measured`;
      return { ok: true, summary: reason };
    }
    const total = positiveInteger('BENCH_MESSAGES', 1000);
    const chatTotal = positiveInteger('BENCH_CHAT_REPLIES', 400);
    const concurrency = Math.min(positiveInteger('BENCH_DELIVERY_CONCURRENCY', 10), pairs.length);
    const perPair = Math.ceil(total / pairs.length);
    const perChat = Math.ceil(chatTotal / chats.length);
    if (perPair > MESSAGES_PER_MINUTE) {
      throw new Error(
        `BENCH_MESSAGES=${total} exceeds ${MESSAGES_PER_MINUTE} messages per helper (the per-minute limit)`,
      );
    }
    if (perChat * Math.ceil(chats.length / ADMINS) > CHAT_MESSAGES_PER_MINUTE) {
      throw new Error(
        `BENCH_CHAT_REPLIES=${chatTotal} exceeds ${CHAT_MESSAGES_PER_MINUTE} replies per admin (the per-minute limit)`,
      );
    }

    const waiting: Waiting = new Map();
    const onSeekerFrame = (frame: MessageFrame) => {
      const wait = waiting.get(frame.conversation_id);
      if (wait && frame.message.content === wait.content) wait.onArrival();
    };
    const onGuestFrame = (chat: Chat) => (frame: ChatFrame) => {
      const wait = waiting.get(chat.sessionId);
      if (wait && frame.message.content === wait.content) wait.onArrival();
    };
    // Even chats on A (their replies posted through B), odd ones on B (replies through A).
    const chatSocketBase = (index: number) => (index % 2 === 0 ? app : peer);
    const replyBase = (index: number) => (index % 2 === 0 ? peer : app);
    const connectStarted = performance.now();
    const sockets = await openInBatches([
      ...pairs.flatMap((pair, index) => [
        () => openSocket(peer, pair.seekerToken, addressOf('seeker', index), onSeekerFrame),
        // The helpers' own sockets on A get their echo: the load of a real conversation.
        () => openSocket(app, pair.helperToken, addressOf('helper', index), () => {}),
      ]),
      ...chats.map(
        (chat, index) => () =>
          openChatSocket(chatSocketBase(index), chat, addressOf('guest', index), onGuestFrame(chat)),
      ),
    ]);
    console.log(
      `  message-delivery: ${sockets.length} sockets open (${pairs.length} app + ${chats.length / 2} chats on A, ${pairs.length} app + ${chats.length / 2} chats on B) in ${ms(performance.now() - connectStarted)}`,
    );

    const messages = newTally();
    const replies = newTally();
    const started = performance.now();
    await Promise.all([
      runWorkers(pairs.length, perPair, total, concurrency, (index, sequence) => {
        const pair = pairs[index]!;
        const content = `Message de banc d’essai ${sequence + 1} dans la conversation ${index + 1}`;
        return timeDelivery(messages, waiting, pair.conversationId, content, () =>
          fetch(`${app}/api/v1/messages/conversations/${pair.conversationId}/messages`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${pair.helperToken}`,
              'x-forwarded-for': addressOf('helper', index),
            },
            body: JSON.stringify({ content }),
          }),
        );
      }),
      runWorkers(chats.length, perChat, chatTotal, concurrency, (index, sequence) => {
        const chat = chats[index]!;
        const content = `Réponse de banc d’essai ${sequence + 1} dans le chat ${index + 1}`;
        return timeDelivery(replies, waiting, chat.sessionId, content, () =>
          fetch(`${replyBase(index)}/api/v1/support/chat/sessions/${chat.sessionId}/messages`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${chat.adminToken}`,
              'x-forwarded-for': addressOf('admin', index),
            },
            body: JSON.stringify({ content }),
          }),
        );
      }),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once('close', () => resolve());
            socket.close();
          }),
      ),
    );

    console.log(
      `  message-delivery: ${messages.sent + replies.sent} messages and chat replies in ${elapsed.toFixed(1)} s (${((messages.sent + replies.sent) / elapsed).toFixed(0)}/s, ${concurrency} conversations and ${concurrency} chats in flight), ${sockets.length} sockets open`,
    );
    const messageReport = report('messages', messages, total);
    const replyReport = report('chat replies', replies, chatTotal);
    const ok =
      messages.lost + replies.lost + messages.refused + replies.refused === 0 &&
      messages.sent === total &&
      replies.sent === chatTotal;
    return { ok, summary: `${sockets.length} sockets open; ${messageReport.line}; ${replyReport.line}` };
  },
});
