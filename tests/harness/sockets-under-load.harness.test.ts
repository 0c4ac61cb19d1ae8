// Sockets under load (issue 14 section 1): 500 app sockets and 200 live chats held at once by two
// server processes behind a round-robin proxy, messages and chat replies flowing, then one process
// restarted. Every client (AppClient and ChatClient: the web clients' protocol, realtime-clients.ts)
// reconnects through the proxy and catches up: each thread holds exactly the messages posted in its
// conversation, each chat got exactly its session's messages, once each and in order.
// HARNESS_LONG=1: five rounds of messages instead of three, and two restarts (B, then A).
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChatMessageSchema, ChatSessionSchema } from '#shared/schemas/chat.ts';
import { MessageSchema } from '#shared/schemas/messages.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { createConversation } from '../factories/messaging.ts';
import { createOffer } from '../factories/offers.ts';
import { createAdmin, createHelper, createSeeker } from '../factories/users.ts';
import { eventually } from '../sockets.ts';
import { api, HARNESS_LONG, mintToken, printFigures } from './fixtures.ts';
import { AppClient, ChatClient } from './realtime-clients.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { startTwoProcesses, type TwoProcesses } from './two-processes.ts';

/** Conversations: each has its helper's and its seeker's app socket (2 x PAIRS sockets). */
const PAIRS = 250;
const CHATS = 200;
const ROUNDS = HARNESS_LONG ? 5 : 3;
/**
 * Chat replies are limited per author (CHAT_MESSAGES_PER_MINUTE): each admin answers CHATS / ADMINS
 * chats once a round, 24 replies at most in any case.
 */
const ADMINS = HARNESS_LONG ? 50 : 25;
/** Requests in flight at once while posting a round (the test process is one of the clients). */
const POSTING_CONCURRENCY = 16;
const CONNECT_BATCH = 50;
const CATCH_UP_TIMEOUT_MS = 60_000;

type Pair = { helper: UserRow; seeker: UserRow; conversationId: string; helperToken: string };
type Chat = { id: string; token: string; admin: UserRow; adminToken: string };

let processes: TwoProcesses;
let proxy: RoundRobinProxy;
let appClients: AppClient[] = [];
let chatClients: ChatClient[] = [];

beforeAll(async () => {
  processes = await startTwoProcesses();
  proxy = await startRoundRobinProxy([processes.a, processes.b]);
});

afterAll(async () => {
  await Promise.all([...appClients, ...chatClients].map((client) => client.stop()));
  await proxy?.close();
  await processes?.close();
});

/** Runs `task` on every item, `limit` at a time. */
async function inPool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

/** A client address of its own for each simulated person (TRUST_PROXY: X-Forwarded-For counts). */
const addressOf = (kind: number, index: number) => `10.${90 + kind}.${index >> 8}.${index & 255}`;

it(
  `${2 * PAIRS} app sockets and ${CHATS} live chats on two processes: after a restart every client reconnects and catches up, nothing lost or twice`,
  { timeout: HARNESS_LONG ? 600_000 : 300_000 },
  async () => {
    const db = processes.scratch.db;
    const started = performance.now();
    const pairs: Pair[] = [];
    await inPool(Array.from({ length: PAIRS }), 10, async () => {
      const helper = await createHelper(db);
      const seeker = await createSeeker(db);
      const offer = await createOffer(db, helper);
      const conversation = await createConversation(db, { offer, seeker });
      pairs.push({ helper, seeker, conversationId: conversation.id, helperToken: await mintToken(helper) });
    });
    const admins = await Promise.all(Array.from({ length: ADMINS }, () => createAdmin(db)));
    const adminTokens = await Promise.all(admins.map((admin) => mintToken(admin)));
    const chats: Chat[] = [];
    await inPool(Array.from({ length: CHATS }), 10, async (_, index) => {
      const opened = await api(processes.a.url, 'POST', '/support/chat/sessions', {
        body: { guest_name: `Invité ${index + 1}`, guest_email: `invite-${index + 1}@exemple.fr` },
        headers: { 'x-forwarded-for': addressOf(2, index) },
      });
      expect(opened.status).toBe(201);
      const session = ChatSessionSchema.parse(opened.body);
      chats.push({
        id: session.id,
        token: session.session_token!,
        admin: admins[index % ADMINS]!,
        adminToken: adminTokens[index % ADMINS]!,
      });
    });
    const seeded = performance.now();

    // Everyone connects through the proxy, which alternates between the two processes.
    appClients = (
      await Promise.all(
        pairs.map(async (pair, index) => [
          new AppClient(proxy.url, pair.helperToken, addressOf(0, index), pair.conversationId),
          new AppClient(proxy.url, await mintToken(pair.seeker), addressOf(1, index), pair.conversationId),
        ]),
      )
    ).flat();
    chatClients = chats.map((chat, index) => new ChatClient(proxy.url, chat.id, chat.token, addressOf(2, index)));
    const everyone = [...appClients, ...chatClients];
    for (let start = 0; start < everyone.length; start += CONNECT_BATCH) {
      const batch = everyone.slice(start, start + CONNECT_BATCH);
      for (const client of batch) client.start();
      await eventually(async () => batch.every((client) => client.open), 30_000);
    }
    await Promise.all(appClients.map((client) => client.settled()));
    expect(appClients.flatMap((client) => client.failedCatchUps)).toEqual([]);
    expect(appClients.every((client) => client.thread !== undefined)).toBe(true);
    const connected = performance.now();
    const onB = new Set(
      proxy
        .upgrades()
        .filter((upgrade) => upgrade.backend === 1)
        .map((upgrade) => upgrade.client),
    );
    // About half on each (the proxy's turn also moves with the clients' catch-up requests).
    expect(onB.size).toBeGreaterThan(everyone.length * 0.4);
    expect(onB.size).toBeLessThan(everyone.length * 0.6);

    // What was posted, per conversation and per chat (ids from the 201 answers).
    const sentIn = new Map<string, string[]>();
    const record = (key: string, id: string) => sentIn.set(key, [...(sentIn.get(key) ?? []), id]);
    const postRound = async (round: number, baseFor: (index: number) => string) => {
      const jobs: Array<() => Promise<void>> = [
        ...pairs.map((pair, index) => async () => {
          const posted = await api(baseFor(index), 'POST', `/messages/conversations/${pair.conversationId}/messages`, {
            token: pair.helperToken,
            body: { content: `Message ${round} dans la conversation ${index + 1}` },
            headers: { 'x-forwarded-for': addressOf(0, index) },
          });
          expect(posted.status, JSON.stringify(posted.body)).toBe(201);
          record(pair.conversationId, MessageSchema.parse(posted.body).id);
        }),
        ...chats.flatMap((chat, index) => [
          async () => {
            const guest = await api(
              baseFor(index),
              'POST',
              `/support/chat/sessions/${chat.id}/messages?session_token=${encodeURIComponent(chat.token)}`,
              {
                body: { content: `Question ${round} du chat ${index + 1}` },
                headers: { 'x-forwarded-for': addressOf(2, index) },
              },
            );
            expect(guest.status, JSON.stringify(guest.body)).toBe(201);
            record(chat.id, ChatMessageSchema.parse(guest.body).id);
            const reply = await api(baseFor(index + 1), 'POST', `/support/chat/sessions/${chat.id}/messages`, {
              token: chat.adminToken,
              body: { content: `Réponse ${round} de l’équipe` },
              headers: { 'x-forwarded-for': addressOf(3, index) },
            });
            expect(reply.status, JSON.stringify(reply.body)).toBe(201);
            record(chat.id, ChatMessageSchema.parse(reply.body).id);
          },
        ]),
      ];
      await inPool(jobs, POSTING_CONCURRENCY, (job) => job());
    };
    const alternate = (index: number) => (index % 2 === 0 ? processes.a.url : processes.b.url);

    // Everything posted so far has reached every client: the threads and chats hold it all. If not
    // within the time, the failure says who misses what (and whether their socket is open).
    const missing = () =>
      [
        ...appClients.map((client) => {
          const ids = new Set(client.thread?.map((message) => message.id));
          const lacking = (sentIn.get(client.conversationId) ?? []).filter((id) => !ids.has(id));
          return { kind: 'app', channel: client.conversationId, open: client.open, lacking };
        }),
        ...chatClients.map((client) => {
          const ids = new Set(client.received.map((message) => message.id));
          const lacking = (sentIn.get(client.sessionId) ?? []).filter((id) => !ids.has(id));
          return { kind: 'chat', channel: client.sessionId, open: client.open, lacking };
        }),
      ].filter((entry) => !entry.open || entry.lacking.length > 0);
    const caughtUp = async () => {
      const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
      while (missing().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const behind = missing();
      const lost = behind.reduce((total, entry) => total + entry.lacking.length, 0);
      expect(
        behind.slice(0, 5),
        `${behind.length} clients behind after ${CATCH_UP_TIMEOUT_MS / 1000} s (${lost} messages missing, ${behind.filter((entry) => !entry.open).length} sockets not open)`,
      ).toEqual([]);
    };

    await postRound(1, alternate);
    await caughtUp();

    // The restart: B closes its sockets (1001) and stops; its clients reconnect through the proxy,
    // which sends them to A while B is down. Messages keep being posted (to A) meanwhile.
    const onBClients = [
      ...appClients.filter((_, index) => onB.has(addressOf(index % 2, Math.floor(index / 2)))),
      ...chatClients.filter((_, index) => onB.has(addressOf(2, index))),
    ];
    const restarts = HARNESS_LONG ? [processes.b, processes.a] : [processes.b];
    const reconnectTimes: number[] = [];
    const reconnectedAfter: number[] = [];
    let round = 1;
    for (const restarted of restarts) {
      const other = restarted === processes.b ? processes.a : processes.b;
      const restartStarted = performance.now();
      const restarting = restarted.restart();
      // B's clients back on a socket (on A while B starts again): the first restart only.
      const reconnected =
        restarted === processes.b
          ? eventually(
              async () => onBClients.every((client) => client.open && client.connections >= 2),
              CATCH_UP_TIMEOUT_MS,
            ).then(() => performance.now() - restartStarted)
          : Promise.resolve(Number.NaN);
      round += 1;
      await postRound(round, () => other.url);
      await restarting;
      round += 1;
      await postRound(round, alternate);
      await caughtUp();
      reconnectTimes.push(performance.now() - restartStarted);
      reconnectedAfter.push(await reconnected);
    }
    while (round < ROUNDS) {
      round += 1;
      await postRound(round, alternate);
    }
    await caughtUp();
    // A little longer: a message delivered twice, or a stray one, would show by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.all(appClients.map((client) => client.settled()));

    // Every client whose socket was on B reconnected; nobody was refused or lost their chat.
    expect(onBClients.length).toBe(onB.size);
    expect(onBClients.filter((client) => client.connections < 2)).toEqual([]);
    expect(everyone.filter((client) => client.fatal !== null).map((client) => client.fatal)).toEqual([]);
    expect(everyone.filter((client) => !client.open).length).toBe(0);
    expect(appClients.flatMap((client) => client.failedCatchUps)).toEqual([]);

    // Nothing twice on one socket (a chat: across its reconnections too, `after` asks for the rest).
    expect(everyone.flatMap((client) => client.doubled)).toEqual([]);
    // Each thread is exactly the messages posted in its conversation; each chat, exactly its session's
    // messages in the order they were stored (the server's list, read by an admin).
    for (const client of appClients) {
      expect(client.thread!.map((message) => message.id).sort()).toEqual(
        [...sentIn.get(client.conversationId)!].sort(),
      );
    }
    await inPool(chatClients, 10, async (client) => {
      const stored = await api(processes.a.url, 'GET', `/support/chat/messages?session_id=${client.sessionId}`, {
        token: adminTokens[0]!,
      });
      expect(stored.status).toBe(200);
      const storedIds = ChatMessageSchema.array()
        .parse(stored.body)
        .map((message) => message.id);
      expect(client.received.map((message) => message.id)).toEqual(storedIds);
      expect([...storedIds].sort()).toEqual([...sentIn.get(client.sessionId)!].sort());
    });

    const messages = [...sentIn.values()].reduce((total, ids) => total + ids.length, 0);
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
    printFigures(
      'sockets-under-load',
      `${appClients.length} app sockets + ${chatClients.length} live chats (${onBClients.length} on the restarted process, all reconnected ${(reconnectedAfter[0]! / 1000).toFixed(1)} s after the restart began; restart, two rounds posted and all caught up: ${reconnectTimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}), ${messages} messages and chat lines in ${ROUNDS} rounds, 0 lost, 0 doubled; seeded in ${seconds(started, seeded)} s, connected in ${seconds(seeded, connected)} s, total ${seconds(started, performance.now())} s`,
    );
  },
);
