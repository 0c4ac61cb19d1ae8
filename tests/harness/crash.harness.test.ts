// Crash (issue 14 section 1): a loop of bookings, paid checkouts (checkout, then the simulator's
// "Payer", which confirms through the webhook handler) and messages against one server process,
// killed with SIGKILL at a random moment (a fixed seed in CI, HARNESS_SEED to vary), then restarted.
// Every write whose 2xx the client received must be in the database, and nothing may be half-done
// (the SQL invariants below). On the PostgreSQL server, and on PGlite in DATA_DIR, where a second
// process on the same folder must be refused while the first holds it, and a killed process's
// stale lock must not keep the restarted one out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { migrateDatabase, openDatabase, type Executor } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import {
  api,
  bookingBody,
  checkoutBody,
  HARNESS_LONG,
  harnessSeed,
  makeDataDir,
  mintToken,
  printFigures,
  processEnv,
  seedBookableTime,
  seedSeekers,
  seededRandom,
  type BookableTime,
} from './fixtures.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const SEED = harnessSeed(1409);
const WORKERS = 4;
/**
 * The kill falls once this share of the loop's steps was acknowledged (seeded between the two):
 * counted in steps, not milliseconds, so that it falls inside the loop whatever the machine's speed.
 * A fast machine ran the whole loop of 150 steps in 2.9 s, before a kill timed at 2.66 s.
 */
const KILL_AFTER_SHARE: [number, number] = [0.2, 0.7];
const SEEKERS = HARNESS_LONG ? 600 : 150;
/** The hours of each helper's slot: one per seeker, so every booking asks for a free hour. */
const HOURS = SEEKERS;

type Query = (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;

type World = { free: BookableTime; paid: BookableTime; seekers: UserRow[] };

/** Two helpers (a free offer and a paid one), each with a long slot, and the seekers of the loop. */
async function seedWorld(db: Executor): Promise<World> {
  const free = await seedBookableTime(db, { hours: HOURS, daysAhead: 3 });
  const paid = await seedBookableTime(db, { priceCents: 2500, hours: HOURS, daysAhead: 3 });
  return { free, paid, seekers: await seedSeekers(db, SEEKERS) };
}

/** What the client was told succeeded (a 2xx received). */
type Acknowledged = {
  bookings: Array<{ id: string; status: string }>;
  holds: Array<{ bookingId: string; sessionId: string }>;
  payments: Array<{ bookingId: string; sessionId: string }>;
  conversations: string[];
  messages: Array<{ id: string; conversationId: string; content: string }>;
  /** The seekers whose step a request cut by the kill interrupted (refused or cut connection). */
  cut: number[];
};

const isCut = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');

/**
 * One seeker's step, by its index: a free booking, a paid checkout then the simulator's payment, or
 * a conversation and its first message. Every answer must be the expected 2xx; on a `retry` (the
 * client doing again what the kill cut), also the answers that say the cut request had gone through
 * (the seeker's own time taken, the first message already sent), checked by `checkRetried`.
 */
function stepper(server: ServerProcess, world: World, acked: Acknowledged, retry: boolean) {
  return async (index: number) => {
    const seeker = world.seekers[index]!;
    const token = await mintToken(seeker);
    // A client address per seeker: the per-address message budget is not what is under test.
    const headers = { 'x-forwarded-for': `10.14.${Math.floor(index / 250)}.${(index % 250) + 1}` };
    const call = (method: string, path: string, body?: unknown) =>
      api(server.url, method, path, { token, body, headers });
    const refuse = (what: string, answer: { status: number; body: unknown }) => {
      throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const wentThrough = (answer: { status: number; body: Record<string, unknown> }, code: string) =>
      retry && answer.body.code === code;
    switch (index % 3) {
      case 0: {
        const answer = await call('POST', '/bookings/', bookingBody(world.free.offer, world.free.hour(index)));
        if (answer.status === 201)
          acked.bookings.push({ id: String(answer.body.id), status: String(answer.body.status) });
        else if (!wentThrough(answer, ErrorCode.BOOKING_TIME_TAKEN)) refuse('booking', answer);
        return;
      }
      case 1: {
        const answer = await call(
          'POST',
          '/payments/checkout-session',
          checkoutBody(world.paid.offer, world.paid.hour(index)),
        );
        if (answer.status !== 200) {
          // Paid before the kill: the time is the seeker's own paid booking.
          if (wentThrough(answer, ErrorCode.BOOKING_TIME_TAKEN)) return;
          refuse('checkout', answer);
        }
        const hold = { bookingId: String(answer.body.booking_id), sessionId: String(answer.body.session_id) };
        acked.holds.push(hold);
        const pay = await fetch(`${server.url}/simulateur/paiement/${encodeURIComponent(hold.sessionId)}/payer`, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        if (pay.status === 303) acked.payments.push(hold);
        else refuse('payment', { status: pay.status, body: await pay.text() });
        return;
      }
      default: {
        const opened = await call('POST', `/messages/conversations?offer_id=${world.free.offer.id}`);
        if (opened.status !== 201 && opened.status !== 200) refuse('conversation', opened);
        const conversationId = String(opened.body.id);
        acked.conversations.push(conversationId);
        // Before any booking a seeker writes one message to a helper (CHAT_DISABLED after it).
        const content = `Bonjour, ici la personne ${index}.`;
        const sent = await call('POST', `/messages/conversations/${conversationId}/messages`, { content });
        if (sent.status === 201) acked.messages.push({ id: String(sent.body.id), conversationId, content });
        else if (!wentThrough(sent, ErrorCode.CHAT_DISABLED)) refuse('message', sent);
      }
    }
  };
}

/** WORKERS loops taking the next seeker's step until `stop()` says so (the kill). */
async function runLoop(server: ServerProcess, world: World, acked: Acknowledged, stop: () => boolean): Promise<void> {
  const step = stepper(server, world, acked, false);
  let next = 0;
  const worker = async () => {
    while (!stop() && next < world.seekers.length) {
      const index = next++;
      try {
        await step(index);
      } catch (error) {
        // Only the kill may interrupt the loop: an answer other than the expected 2xx is a failure.
        if (isCut(error)) acked.cut.push(index);
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

/**
 * After the restart, the client does again each step the kill cut (as a person would press the
 * button again), then each of those seekers holds exactly one result: one booking of the hour
 * (scheduled, or paid for the paid offer), or one conversation with one message.
 */
async function retryCut(server: ServerProcess, world: World, acked: Acknowledged): Promise<void> {
  const step = stepper(server, world, acked, true);
  for (const index of acked.cut) await step(index);
}

async function checkRetried(query: Query, world: World, acked: Acknowledged): Promise<void> {
  for (const index of acked.cut) {
    const seeker = world.seekers[index]!;
    if (index % 3 === 2) {
      const rows = await query(
        `SELECT c.id, (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c WHERE c.user_id = $1`,
        [seeker.id],
      );
      expect(rows, `conversation of seeker ${index}`).toEqual([{ id: rows[0]?.id, messages: 1 }]);
      continue;
    }
    const time = index % 3 === 0 ? world.free : world.paid;
    const rows = await query(`SELECT status FROM bookings WHERE user_id = $1 AND offer_id = $2 AND start_at = $3`, [
      seeker.id,
      time.offer.id,
      time.hour(index),
    ]);
    expect(rows, `booking of seeker ${index}`).toEqual([{ status: index % 3 === 0 ? 'scheduled' : 'paid' }]);
  }
}

/**
 * Half-done states, each a query that must answer no row. Written for both databases (PGlite runs
 * the same SQL).
 */
export const HALF_DONE: Record<string, string> = {
  'a paid booking without its succeeded payment row': `
    SELECT b.id FROM bookings b
    WHERE b.status IN ('paid', 'completed') AND b.price_cents > 0
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'succeeded')`,
  'a succeeded payment whose booking is neither paid nor refunded': `
    SELECT p.id FROM payments p JOIN bookings b ON b.id = p.booking_id
    WHERE p.status = 'succeeded' AND b.status NOT IN ('paid', 'completed') AND b.refund_status IS NULL`,
  'a payment without its booking': `
    SELECT p.id FROM payments p LEFT JOIN bookings b ON b.id = p.booking_id WHERE b.id IS NULL`,
  'a payment hold without its payment row': `
    SELECT b.id FROM bookings b
    WHERE b.status = 'pending_payment' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id)`,
  'a session paid at the provider whose payment is not recorded': `
    SELECT s.id FROM local_checkout_sessions s JOIN payments p ON p.checkout_session_id = s.id
    WHERE s.status = 'complete' AND p.status <> 'succeeded'`,
  'a handled payment event whose payment is not succeeded': `
    SELECT e.id FROM payment_events e
    JOIN payments p ON e.id = 'evt_local_completed_' || p.checkout_session_id
    WHERE p.status <> 'succeeded'`,
  'a message without its conversation': `
    SELECT m.id FROM messages m LEFT JOIN conversations c ON c.id = m.conversation_id WHERE c.id IS NULL`,
  'a conversation whose last message time is behind its messages': `
    SELECT c.id FROM conversations c JOIN messages m ON m.conversation_id = c.id
    GROUP BY c.id, c.last_message_at HAVING c.last_message_at IS NULL OR c.last_message_at < max(m.sent_at)`,
  'a free booking that is not scheduled': `
    SELECT b.id FROM bookings b WHERE b.price_cents = 0 AND b.status <> 'scheduled'`,
};

/** Every acknowledged write is there, with the state the client was told. */
async function checkAcknowledged(query: Query, acked: Acknowledged): Promise<void> {
  const ids = async (text: string) => new Set((await query(text)).map((row) => String(row.id)));
  const bookings = new Map(
    (await query('SELECT id, status FROM bookings')).map((row) => [String(row.id), String(row.status)]),
  );
  for (const booking of acked.bookings) expect(bookings.get(booking.id), `booking ${booking.id}`).toBe(booking.status);
  const paid = new Set(acked.payments.map((payment) => payment.bookingId));
  for (const hold of acked.holds) {
    // A hold the client saw paid is paid; one it saw opened is held still, or paid if the payment
    // went through before the kill without its answer reaching the client.
    const expected = paid.has(hold.bookingId) ? ['paid'] : ['pending_payment', 'paid'];
    expect(expected, `hold ${hold.bookingId}`).toContain(bookings.get(hold.bookingId));
  }
  const payments = new Map(
    (await query('SELECT checkout_session_id, status FROM payments')).map((row) => [
      String(row.checkout_session_id),
      String(row.status),
    ]),
  );
  for (const hold of acked.holds) expect(payments.has(hold.sessionId), `payment row of ${hold.sessionId}`).toBe(true);
  for (const payment of acked.payments) expect(payments.get(payment.sessionId)).toBe('succeeded');
  const conversations = await ids('SELECT id FROM conversations');
  for (const id of acked.conversations) expect(conversations.has(id), `conversation ${id}`).toBe(true);
  const messages = new Map(
    (await query('SELECT id, conversation_id, content FROM messages')).map((row) => [
      String(row.id),
      `${String(row.conversation_id)} ${String(row.content)}`,
    ]),
  );
  for (const message of acked.messages)
    expect(messages.get(message.id), `message ${message.id}`).toBe(`${message.conversationId} ${message.content}`);
}

async function checkNothingHalfDone(query: Query): Promise<void> {
  for (const [name, text] of Object.entries(HALF_DONE)) expect(await query(text), name).toEqual([]);
}

/** Runs the loop, kills the process at the seeded moment, and answers what was acknowledged. */
async function loopAndKill(server: ServerProcess, world: World, label: string): Promise<Acknowledged> {
  const random = seededRandom(SEED);
  const killAfter = Math.round(
    SEEKERS * (KILL_AFTER_SHARE[0] + random() * (KILL_AFTER_SHARE[1] - KILL_AFTER_SHARE[0])),
  );
  const acked: Acknowledged = { bookings: [], holds: [], payments: [], conversations: [], messages: [], cut: [] };
  const acknowledged = () => acked.bookings.length + acked.payments.length + acked.messages.length;
  let killed = false;
  const started = performance.now();
  const loop = runLoop(server, world, acked, () => killed);
  // A loop that fails or ends early stops the wait at once (its error comes out of `await loop`).
  let loopSettled = false;
  void loop.then(
    () => (loopSettled = true),
    () => (loopSettled = true),
  );
  while (!loopSettled && acknowledged() < killAfter && performance.now() - started < 120_000)
    await new Promise((resolve) => setTimeout(resolve, 2));
  // No new step starts from here: the cut steps are those in flight when the process dies.
  killed = true;
  await server.kill();
  await loop;
  expect(acknowledged(), 'steps acknowledged before the kill').toBeGreaterThanOrEqual(killAfter);
  printFigures(
    `crash (${label})`,
    `kill -9 once ${killAfter} of ${SEEKERS} steps were acknowledged (seed ${SEED}); acknowledged ${acked.bookings.length} bookings, ` +
      `${acked.holds.length} holds, ${acked.payments.length} payments, ${acked.conversations.length} conversations, ` +
      `${acked.messages.length} messages; ${acked.cut.length} steps cut (retried after the restart); loop ran ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // The kill must fall inside the loop, or the test proved nothing about a crash.
  expect(acked.cut.length).toBeGreaterThan(0);
  expect(acked.bookings.length + acked.holds.length + acked.messages.length).toBeGreaterThan(0);
  return acked;
}

describe('on the PostgreSQL server', () => {
  let database: ScratchDatabase;
  let server: ServerProcess | undefined;
  let dataDir: { path: string; remove(): Promise<void> };

  beforeAll(async () => {
    database = await createScratchDatabase();
    dataDir = await makeDataDir();
  });
  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
    await database?.drop();
  });

  it('kill -9 mid-loop: every acknowledged write is there after the restart, nothing half-done', async () => {
    const world = await seedWorld(database.db);
    server = await startServerProcess(processEnv(database.url, dataDir.path, { TRUST_PROXY: '127.0.0.1' }));
    const acked = await loopAndKill(server, world, 'PostgreSQL');
    await server.restart();
    const query: Query = async (text, values) => database.query(text, values);
    await checkAcknowledged(query, acked);
    await retryCut(server, world, acked);
    await checkRetried(query, world, acked);
    await checkNothingHalfDone(query);
    // And the restarted process takes new writes.
    const last = world.seekers.at(-1)!;
    const again = await api(server.url, 'POST', '/bookings/', {
      token: await mintToken(last),
      body: bookingBody(world.free.offer, world.free.hour(HOURS - 1)),
    });
    expect(again.status).toBe(201);
  });
});

describe('on PGlite (DATA_DIR)', () => {
  let server: ServerProcess | undefined;
  let dataDir: { path: string; remove(): Promise<void> };
  let world: World;
  const pgliteEnv = () => processEnv(undefined, dataDir.path, { TRUST_PROXY: '127.0.0.1' });

  beforeAll(async () => {
    dataDir = await makeDataDir();
    // Migrated and seeded before the process starts, under the same lock the process takes.
    const handle = await openDatabase({ dataDir: dataDir.path, poolSize: 1 });
    await migrateDatabase(handle);
    world = await seedWorld(handle.db);
    await handle.close();
  });
  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
  });

  it('a second process on the same DATA_DIR is refused with a clear message', async () => {
    server = await startServerProcess(pgliteEnv());
    const second = startServerProcess(pgliteEnv());
    await expect(second).rejects.toThrow(/already used by process \d+\. Stop it first/);
    // The first one still answers.
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  });

  it('kill -9 mid-loop: the stale lock is recovered, every acknowledged write is there, nothing half-done', async () => {
    server ??= await startServerProcess(pgliteEnv());
    const acked = await loopAndKill(server, world, 'PGlite');
    // The killed process left its lock file: the restart must take it over.
    await server.restart();
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    await retryCut(server, world, acked);
    await server.stop();
    const handle = await openDatabase({ dataDir: dataDir.path, poolSize: 1 });
    try {
      const client = (
        handle.db as unknown as {
          $client: { query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
        }
      ).$client;
      const query: Query = async (text, values) => (await client.query(text, values)).rows;
      await checkAcknowledged(query, acked);
      await checkRetried(query, world, acked);
      await checkNothingHalfDone(query);
    } finally {
      await handle.close();
    }
  });
});
