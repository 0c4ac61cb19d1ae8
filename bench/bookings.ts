// Booking-side load scenarios (DESIGN.md section 13): the public free-windows request of a busy helper,
// and many concurrent POST /bookings/ fighting over the same few times. The runner (run.ts) uses the
// two scenarios below; `npx tsx bench/bookings.ts` runs both once on its own against DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Request } from 'autocannon';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { bookings } from '#server/db/schema/bookings.ts';
import { offers, pricingOptions } from '#server/db/schema/offers.ts';
import { slots } from '#server/db/schema/slots.ts';
import { users } from '#server/db/schema/users.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { parisToday } from '#shared/rules/paris-time.ts';
import { fragmentsRangeOfMonth } from '#web/features/booking/components/booking-times.ts';
import { defineScenario } from './scenario.ts';

const HOUR = 3_600_000;
const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** A user of the given role with a unique name (also used by the payment scenario). */
export async function createBenchUser(db: Database, role: 'helper' | 'helpee') {
  const suffix = randomUUID().slice(0, 12);
  const [user] = await db
    .insert(users)
    .values({
      email: `bench-${suffix}@appui.bench`,
      username: `bench_${suffix}`,
      displayName: `Bench ${suffix}`,
      passwordHash: 'x',
      role,
    })
    .returning();
  return user!;
}

async function createBenchOffer(
  db: Database,
  helperId: string,
  options: { durationMinutes: number; priceCents: number }[],
) {
  const [offer] = await db
    .insert(offers)
    .values({
      helperId,
      title: 'Séance de banc d’essai',
      description: 'Offre créée par le banc d’essai.',
      category: 'sante-mentale',
      meetingContactInfo: 'https://meet.google.com/abc-defg-hij',
    })
    .returning();
  await db
    .insert(pricingOptions)
    .values(options.map((option, position) => ({ offerId: offer!.id, position, ...option })));
  return offer!;
}

/** The next full hour, at least one day ahead (UTC). */
function benchOrigin(): number {
  const origin = new Date(Date.now() + 24 * HOUR);
  origin.setUTCMinutes(0, 0, 0);
  return origin.getTime();
}

export type FragmentsBenchData = {
  helperId: string;
  offerId: string;
  /** The request of the booking page as it opens (the current month's range, booking-times.ts). */
  path: string;
  /** The ETag of that answer right after seeding: the booking page's 15-second refetch sends it back. */
  etag: string;
  database: 'pglite' | 'postgres';
};

/** Issue 11 goals at 20 connections, 2 000 slots and 1 000 bookings: p99 on each database. */
export const FRAGMENTS_P99_GOAL_MS = { postgres: 10, pglite: 100 } as const;
export const FRAGMENTS_BENCH_CONNECTIONS = 20;

/**
 * A helper with 2 000 future one-hour slots (ten a day, half for the offer and half helper-wide) and
 * 1 000 bookings: 800 holding time (scheduled, paid, live holds) and 200 cancelled.
 */
export async function seedFragmentsBench(db: Database): Promise<FragmentsBenchData> {
  const helper = await createBenchUser(db, 'helper');
  const seeker = await createBenchUser(db, 'helpee');
  const offer = await createBenchOffer(db, helper.id, [
    { durationMinutes: 30, priceCents: 0 },
    { durationMinutes: 60, priceCents: 0 },
  ]);
  const origin = benchOrigin();
  const slotStarts = Array.from({ length: 2000 }, (_, i) => origin + (Math.floor(i / 10) * 24 + 8 + (i % 10)) * HOUR);
  await insertChunked(
    slotStarts.map((start, i) => ({
      helperId: helper.id,
      offerId: i % 2 ? offer.id : null,
      startAt: new Date(start),
      endAt: new Date(start + HOUR),
    })),
    (chunk) => db.insert(slots).values(chunk),
  );
  const statuses = ['scheduled', 'paid', 'pending_payment', 'scheduled', 'cancelled'] as const;
  await insertChunked(
    slotStarts.slice(0, 1000).map((start, i) => ({
      offerId: offer.id,
      helperId: helper.id,
      userId: seeker.id,
      status: statuses[i % statuses.length]!,
      startAt: new Date(start),
      endAt: new Date(start + HOUR / 2),
      priceCents: 0,
      holdExpiresAt: statuses[i % statuses.length] === 'pending_payment' ? new Date(Date.now() + 30 * 60_000) : null,
    })),
    (chunk) => db.insert(bookings).values(chunk),
  );
  const today = parisToday(new Date());
  const range = fragmentsRangeOfMonth(today.slice(0, 7), today);
  const query = new URLSearchParams({ offer_id: offer.id, ...range });
  return {
    helperId: helper.id,
    offerId: offer.id,
    path: `/api/v1/time-slots/helper/${helper.id}/fragments?${query.toString()}`,
    etag: '',
    database: 'postgres',
  };
}

export type ContentionBenchData = { offerId: string; times: { start_at: string; end_at: string }[]; tokens: string[] };

/**
 * A free offer (30 and 60 minute options) with one long slot, `seekers` seekers with tokens, and
 * `times` overlapping candidate times: at most one booking per overlapping group can ever succeed.
 */
export async function seedContentionBench(
  db: Database,
  jwtSecret: string,
  seekers = 200,
  times = 4,
): Promise<ContentionBenchData> {
  const helper = await createBenchUser(db, 'helper');
  const offer = await createBenchOffer(db, helper.id, [
    { durationMinutes: 30, priceCents: 0 },
    { durationMinutes: 60, priceCents: 0 },
  ]);
  const origin = benchOrigin() + 24 * HOUR;
  await db
    .insert(slots)
    .values({ helperId: helper.id, offerId: offer.id, startAt: new Date(origin), endAt: new Date(origin + 12 * HOUR) });
  const issuer = createTokenIssuer(jwtSecret);
  const tokens: string[] = [];
  for (let i = 0; i < seekers; i++) tokens.push(await issuer.issue(await createBenchUser(db, 'helpee')));
  const candidates = Array.from({ length: times }, (_, i) => {
    const start = origin + (i % 2 ? 0.5 : 0) * HOUR + Math.floor(i / 2) * 2 * HOUR;
    const minutes = i % 2 ? 30 : 60;
    return { start_at: new Date(start).toISOString(), end_at: new Date(start + minutes * 60_000).toISOString() };
  });
  return { offerId: offer.id, times: candidates, tokens };
}

/** autocannon requests of the contention scenario: each one a random seeker asking for a random time. */
export function contentionRequests(data: ContentionBenchData): Request[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/bookings/',
      setupRequest: (request) => {
        const time = data.times[Math.floor(Math.random() * data.times.length)]!;
        const token = data.tokens[Math.floor(Math.random() * data.tokens.length)]!;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ offer_id: data.offerId, ...time }),
        };
      },
    },
  ];
}

export type ContentionReport = {
  requests: number;
  created: number;
  conflicts: number;
  other: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

/**
 * One burst: every seeker of `data` posts at once (Promise.all of fetch) for one of the times. Reports
 * how many got 201 and 409 and the latency distribution; exactly one success per overlapping group
 * of times is the correct outcome.
 */
export async function bookingContentionBench(baseUrl: string, data: ContentionBenchData): Promise<ContentionReport> {
  const results = await Promise.all(
    data.tokens.map(async (token, i) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/bookings/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ offer_id: data.offerId, ...data.times[i % data.times.length]! }),
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const pick = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return {
    requests: results.length,
    created: results.filter((r) => r.status === 201).length,
    conflicts: results.filter((r) => r.status === 409).length,
    other: results.filter((r) => r.status !== 201 && r.status !== 409).length,
    p50Ms: pick(0.5),
    p99Ms: pick(0.99),
    maxMs: pick(1),
  };
}

export const fragmentsScenario = defineScenario<FragmentsBenchData>({
  name: 'fragments',
  description:
    'GET free windows of a helper with 2 000 slots and 1 000 bookings, over the range the booking page asks for, ' +
    'as a first load and as the 15-second refetch answered 304',
  prepare: async ({ app }) => {
    const data = await seedFragmentsBench(app.ctx.db);
    const first = await app.inject({ method: 'GET', url: data.path });
    if (first.statusCode !== 200) throw new Error(`fragments answered ${first.statusCode}: ${first.body}`);
    return { ...data, etag: String(first.headers.etag), database: app.ctx.database.kind };
  },
  targets: (data) => {
    const goal = { p99Ms: FRAGMENTS_P99_GOAL_MS[data.database] };
    const connections = FRAGMENTS_BENCH_CONNECTIONS;
    return [
      { name: 'GET …/fragments (page range, 200)', path: data.path, connections, goal },
      {
        name: 'GET …/fragments (If-None-Match, 304)',
        path: data.path,
        headers: { 'if-none-match': data.etag },
        acceptStatus: [304],
        connections,
        goal,
      },
    ];
  },
});

export const bookingContentionScenario = defineScenario<ContentionBenchData>({
  name: 'booking-contention',
  description: 'POST /api/v1/bookings/ from many seekers on the same four overlapping times (409 expected)',
  prepare: ({ app }) => seedContentionBench(app.ctx.db, app.ctx.config.jwtSecret),
  targets: (data) => [
    { name: 'POST /api/v1/bookings/ (contention)', requests: contentionRequests(data), acceptStatus: [409] },
  ],
});

/** Standalone run: `DATABASE_URL=postgres://… PORT=4104 npx tsx bench/bookings.ts` (a scratch database). */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4104);
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: String(port),
    NODE_ENV: 'production',
    // The bench pays with the simulator: production refuses it unless asked for (config.ts).
    ...(process.env.STRIPE_SECRET_KEY ? {} : { PAYMENTS_SIMULATOR: 'true' }),
  });
  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    console.log(`database: ${app.ctx.database.kind}`);
    let started = Date.now();
    const fragments = await seedFragmentsBench(app.ctx.db);
    console.log(`seeded 2 000 slots + 1 000 bookings in ${Date.now() - started} ms`);
    const sample = (await (await fetch(`${base}${fragments.path}`)).json()) as unknown[];
    console.log(`fragments answer: ${sample.length} windows`);
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const fragmentsRun = await autocannon({ url: `${base}${fragments.path}`, connections: 50, duration });
    console.log(
      `fragments: ${Math.round(fragmentsRun.requests.average)} req/s, p50 ${fragmentsRun.latency.p50} ms, p99 ${fragmentsRun.latency.p99} ms, non-2xx ${fragmentsRun.non2xx}, errors ${fragmentsRun.errors}`,
    );

    started = Date.now();
    const burst = await seedContentionBench(app.ctx.db, config.jwtSecret, 200, 4);
    console.log(`seeded contention data in ${Date.now() - started} ms`);
    console.log(
      'contention burst (200 seekers at once, 4 overlapping times):',
      await bookingContentionBench(base, burst),
    );

    const sustained = await seedContentionBench(app.ctx.db, config.jwtSecret, 200, 4);
    const run = await autocannon({ url: base, connections: 50, duration, requests: contentionRequests(sustained) });
    const codes = Object.fromEntries(Object.entries(run.statusCodeStats).map(([code, { count }]) => [code, count]));
    console.log(
      `contention sustained: ${Math.round(run.requests.average)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, status codes ${JSON.stringify(codes)}`,
    );
  } finally {
    await app.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
