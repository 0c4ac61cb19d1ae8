// Message delivery across two processes (issue 10 section 6): PAIRS helpers and PAIRS seekers, each
// pair with a conversation; every seeker's app socket is on the peer process (B), every helper's on
// the app process (A): 2 x PAIRS sockets split across the two. Helpers post through A's REST API and
// we time each message from the start of its POST to its arrival on the seeker's socket on B, which
// only PostgreSQL's NOTIFY can carry there. A message that never arrives fails the scenario.
//
//   BENCH_MESSAGES=1000             messages in all (at most MESSAGES_PER_MINUTE per helper: the limit)
//   BENCH_DELIVERY_CONCURRENCY=10   conversations sending at once, each one message after the other
//                                   (10 is already far more than 200 connected people type; raise it
//                                   to see the latency at saturation)
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { MESSAGES_PER_MINUTE } from '#shared/constants.ts';
import { conversations } from '#server/db/schema/messaging.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { createBenchUser } from './bookings.ts';
import { defineScenario } from './scenario.ts';

const PAIRS = 100;
/** p99 goal of issue 10 section 6. */
const P99_GOAL_MS = 500;
const DELIVERY_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 20;

type Pair = { helperToken: string; seekerToken: string; conversationId: string };
type DeliveryData = { pairs: Pair[] };

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** One client address per user (X-Forwarded-For; the bench servers trust 127.0.0.1 as a proxy). */
const addressOf = (role: 'helper' | 'seeker', index: number) =>
  `10.${role === 'helper' ? 77 : 78}.${index >> 8}.${index & 255}`;

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

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export const messageDeliveryScenario = defineScenario<DeliveryData>({
  name: 'message-delivery',
  description: `POST a message on process A -> the recipient's socket on process B: p50/p99 latency, ${2 * PAIRS} sockets`,
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
    return { pairs };
  },
  targets: () => [],
  async probe({ app, peer, database }, { pairs }) {
    if (!peer) {
      const reason = `needs two processes on one PostgreSQL server (DATABASE_URL); this run is on ${database}: not measured`;
      return { ok: true, summary: reason };
    }
    const total = positiveInteger('BENCH_MESSAGES', 1000);
    const concurrency = Math.min(positiveInteger('BENCH_DELIVERY_CONCURRENCY', 10), pairs.length);
    const perPair = Math.ceil(total / pairs.length);
    if (perPair > MESSAGES_PER_MINUTE) {
      throw new Error(
        `BENCH_MESSAGES=${total} exceeds ${MESSAGES_PER_MINUTE} messages per helper (the per-minute limit)`,
      );
    }

    // The message each conversation waits for, and what to do when its recipient gets it.
    const waiting = new Map<string, { content: string; onArrival: () => void }>();
    const onSeekerFrame = (frame: MessageFrame) => {
      const wait = waiting.get(frame.conversation_id);
      if (wait && frame.message.content === wait.content) wait.onArrival();
    };
    const sockets: WebSocket[] = [];
    const connectStarted = performance.now();
    for (let start = 0; start < pairs.length; start += CONNECT_BATCH) {
      const batch = pairs.slice(start, start + CONNECT_BATCH);
      sockets.push(
        ...(await Promise.all(
          batch.flatMap((pair, offset) => [
            openSocket(peer, pair.seekerToken, addressOf('seeker', start + offset), onSeekerFrame),
            // The helpers' own sockets on A get their echo: the load of a real conversation.
            openSocket(app, pair.helperToken, addressOf('helper', start + offset), () => {}),
          ]),
        )),
      );
    }
    console.log(
      `  message-delivery: ${sockets.length} sockets open (${pairs.length} on A, ${pairs.length} on B) in ${ms(performance.now() - connectStarted)}`,
    );

    const latencies: number[] = [];
    const postLatencies: number[] = [];
    let lost = 0;
    let refused = 0;
    let sent = 0;
    const sendOne = async (pairIndex: number, sequence: number) => {
      const pair = pairs[pairIndex]!;
      const content = `Message de banc d’essai ${sequence + 1} dans la conversation ${pairIndex + 1}`;
      const started = performance.now();
      const arrived = new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Number.NaN), DELIVERY_TIMEOUT_MS);
        waiting.set(pair.conversationId, {
          content,
          onArrival: () => {
            clearTimeout(timer);
            resolve(performance.now() - started);
          },
        });
      });
      const response = await fetch(`${app}/api/v1/messages/conversations/${pair.conversationId}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${pair.helperToken}`,
          'x-forwarded-for': addressOf('helper', pairIndex),
        },
        body: JSON.stringify({ content }),
      });
      postLatencies.push(performance.now() - started);
      await response.arrayBuffer();
      if (response.status !== 201) {
        refused += 1;
        waiting.delete(pair.conversationId);
        return;
      }
      sent += 1;
      const latency = await arrived;
      waiting.delete(pair.conversationId);
      if (Number.isNaN(latency)) lost += 1;
      else latencies.push(latency);
    };

    // Worker w owns conversations w, w + concurrency, ...: one message in flight per conversation, so
    // each arrival is matched to its POST without ambiguity.
    let remaining = total;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let sequence = 0; sequence < perPair; sequence++) {
          for (let pairIndex = worker; pairIndex < pairs.length; pairIndex += concurrency) {
            if (remaining <= 0) return;
            remaining -= 1;
            await sendOne(pairIndex, sequence);
          }
        }
      }),
    );
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

    latencies.sort((a, b) => a - b);
    postLatencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 0.99);
    console.log(
      `  message-delivery: ${latencies.length}/${total} delivered to process B in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} messages/s, ${concurrency} in flight)`,
    );
    console.log(
      `    POST start -> socket on B: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? Number.NaN)}; POST answer alone: p50 ${ms(percentile(postLatencies, 0.5))}, p99 ${ms(percentile(postLatencies, 0.99))}`,
    );
    console.log(`    goal p99 < ${P99_GOAL_MS} ms: ${p99 < P99_GOAL_MS ? 'MET' : 'NOT MET'}`);
    const ok = lost === 0 && refused === 0 && sent === total;
    return {
      ok,
      summary: `${latencies.length}/${total} delivered${lost > 0 ? `, ${lost} never arrived` : ''}${refused > 0 ? `, ${refused} POSTs refused` : ''}; p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(p99)} (goal < ${P99_GOAL_MS} ms ${p99 < P99_GOAL_MS ? 'met' : 'NOT met'})`,
    };
  },
});
