// What the harnesses of issue 14 share besides the processes and the databases: the env of a server
// process, tokens minted with the shared secret, a small JSON client, the seeding of people and
// bookable time through the factories, the mails of a process's outbox, and the figures line.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Executor } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { createTokenIssuer } from '#server/plugins/auth.ts';
import { createOffer, givePayoutAccount, type TestOffer } from '../factories/offers.ts';
import { createSlot, hoursFromNow } from '../factories/slots.ts';
import { createHelper, createSeeker } from '../factories/users.ts';
import { parseMail, type ReadMail } from '../mail.ts';

/** The one JWT secret of every harness process: a token minted here is valid on all of them. */
export const HARNESS_JWT_SECRET = 'harness-secret-harness-secret-0123456789abcdef';
/**
 * PUBLIC_URL of every process of a harness: checkout return URLs must lie on it, and two processes
 * behind one load balancer share it.
 */
export const HARNESS_PUBLIC_URL = 'http://appui.test';

const HOUR_MS = 3_600_000;

/** A DATA_DIR of its own for one process (its mail outbox, or its PGlite database), removed by `remove`. */
export async function makeDataDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'appui-harness-'));
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * The env of a server process with its own DATA_DIR, on `databaseUrl` (PostgreSQL) or, when it is
 * undefined, on PGlite in DATA_DIR; `extra` adds or overrides.
 */
export function processEnv(
  databaseUrl: string | undefined,
  dataDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    JWT_SECRET: HARNESS_JWT_SECRET,
    PUBLIC_URL: HARNESS_PUBLIC_URL,
    ...extra,
  };
}

const issuer = createTokenIssuer(HARNESS_JWT_SECRET);

/** A bearer token for `user`, valid on every harness process. */
export function mintToken(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> {
  return issuer.issue(user);
}

export type ApiAnswer = {
  status: number;
  // The JSON answer as parsed; the harnesses read a few fields of it.
  body: Record<string, unknown>;
};

/**
 * One JSON request to a server process: `path` under /api/v1 (or absolute, starting with /simulateur...).
 * A refused connection (the process was killed) throws, as fetch does.
 */
export async function api(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${apiPath.startsWith('/api/') ? '' : '/api/v1'}${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, body: parseBody(text) };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { text };
  }
}

/** `count` seekers straight into the database, a few at a time (one shared password hash). */
export async function seedSeekers(db: Executor, count: number): Promise<UserRow[]> {
  const seekers: UserRow[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Math.min(20, count - start);
    seekers.push(...(await Promise.all(Array.from({ length: batch }, () => createSeeker(db)))));
  }
  return seekers;
}

export type BookableTime = {
  helper: UserRow;
  offer: TestOffer;
  /** The first bookable hour; the slot runs `hours` hours from it. */
  start: Date;
  /** The start of the `index`-th hour of the slot (0 is `start`). */
  hour(index: number): Date;
};

/**
 * A helper, an offer of one 60-minute option (free unless `priceCents`), and `hours` hours of slots
 * starting `daysAhead` days from now at a whole hour (far from the reminders' windows). A paid offer's
 * helper gets a ready payout account with the simulator, so checkouts may open.
 */
export async function seedBookableTime(
  db: Executor,
  options: { priceCents?: number; hours?: number; daysAhead?: number } = {},
): Promise<BookableTime> {
  const { priceCents = 0, hours = 8, daysAhead = 5 } = options;
  const helper = await createHelper(db);
  const offer = await createOffer(db, helper, { options: [{ durationMinutes: 60, priceCents }] });
  if (priceCents > 0) await givePayoutAccount(db, helper, true);
  const start = hoursFromNow(0, daysAhead);
  // In slots of at most a day, the longest a helper can enter (SLOT_MAX_DURATION_MINUTES): the
  // free-time reads look back only that far for the slot holding a session.
  for (let first = 0; first < hours; first += 24) {
    const startAt = new Date(start.getTime() + first * HOUR_MS);
    const endAt = new Date(start.getTime() + Math.min(first + 24, hours) * HOUR_MS);
    await createSlot(db, helper, { startAt, endAt, offerId: null });
  }
  return { helper, offer, start, hour: (index) => new Date(start.getTime() + index * HOUR_MS) };
}

/** The body of POST /bookings/ for the hour from `start`. */
export function bookingBody(offer: Pick<TestOffer, 'id'>, start: Date) {
  return {
    offer_id: offer.id,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + HOUR_MS).toISOString(),
  };
}

/** The body of POST /payments/checkout-session for the hour from `start`, returning to HARNESS_PUBLIC_URL. */
export function checkoutBody(offer: Pick<TestOffer, 'id'>, start: Date) {
  return {
    ...bookingBody(offer, start),
    success_url: `${HARNESS_PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${HARNESS_PUBLIC_URL}/payment/cancel`,
  };
}

/** The mails a process without SMTP_URL wrote to `dataDir`/outbox, parsed, oldest first. */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const raw = await Promise.all(files.sort().map((file) => readFile(path.join(outbox, file), 'utf8')));
  return raw.map(parseMail);
}

/** How many times each value occurs (status codes, error codes). */
export function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** One figures line for the README, with the machine's load average when it was measured. */
export function printFigures(harness: string, text: string): void {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  // Straight to stdout (console.log is kept for the CLIs by the lint): the line shows in CI's log.
  process.stdout.write(`${harness}: ${text} (load average ${load}, ${new Date().toISOString()})\n`);
}

/** A small deterministic generator (mulberry32): fixed seed in CI, HARNESS_SEED=<n> to replay or vary. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** HARNESS_SEED when set (a random run on demand), else the harness's fixed seed. */
export function harnessSeed(fixed: number): number {
  const given = process.env.HARNESS_SEED;
  if (given === 'random') return Math.floor(Math.random() * 2 ** 31);
  return given ? Number(given) : fixed;
}

/** Fisher-Yates with the given generator. */
export function shuffle<T>(values: T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** HARNESS_LONG=1: the long variants. */
export const HARNESS_LONG = process.env.HARNESS_LONG === '1';
