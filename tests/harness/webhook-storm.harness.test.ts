// Webhook storm (issue 14 section 1): the payment events of several paid bookings, each delivered
// several times, shuffled, concurrently, to two server processes on one PostgreSQL database, must
// leave exactly the state that one ordered pass of the same events leaves on a copy of that
// database: no double payment, refund, payout or mail, whatever the order and the duplicates.
//
// The bookings go through the real checkout path (POST /payments/checkout-session on a process with
// the built-in simulator). The events are the simulator's own (a LocalProvider of the harness on the
// same database, its deliveries captured instead of handled: paid sessions, dashboard refunds,
// payouts), plus the Stripe events the simulator never sends (session expired, asynchronous payment
// completed unpaid then succeeded or failed), built in Stripe's shape. All are signed with the
// simulator's webhook secret, which every process derives from the shared JWT_SECRET.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { ErrorCode } from '#shared/error-codes.ts';
import { LocalProvider } from '#server/adapters/payments/local-provider.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { signedWebhook } from '../stripe-stand-in.ts';
import {
  api,
  checkoutBody,
  HARNESS_JWT_SECRET,
  HARNESS_LONG,
  HARNESS_PUBLIC_URL,
  harnessSeed,
  makeDataDir,
  mintToken,
  printFigures,
  processEnv,
  readOutbox,
  seedBookableTime,
  seedSeekers,
  seededRandom,
  shuffle,
  type ApiAnswer,
  type BookableTime,
} from './fixtures.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const COPIES = HARNESS_LONG ? 6 : 3;
const SEED = harnessSeed(1414);
const PRICE_CENTS = 4000;
/** A refused delivery (a refund before its payment) is delivered again, as Stripe does, until accepted. */
const REDELIVERY_DEADLINE_MS = 60_000;

let storm: ScratchDatabase;
let ordered: ScratchDatabase | undefined;
const processes: ServerProcess[] = [];
const dataDirs: Array<{ path: string; remove(): Promise<void> }> = [];

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await Promise.all(dataDirs.map((dir) => dir.remove()));
  await storm?.drop();
  await ordered?.drop();
});

async function startProcess(databaseUrl: string): Promise<{ server: ServerProcess; dataDir: string }> {
  const dataDir = await makeDataDir();
  dataDirs.push(dataDir);
  const server = await startServerProcess(processEnv(databaseUrl, dataDir.path));
  processes.push(server);
  return { server, dataDir: dataDir.path };
}

type Scenario = {
  time: BookableTime;
  seekers: UserRow[];
  /** The events in the order the provider sent them. */
  events: Stripe.Event[];
  /** Refunds the harness's provider made (dashboard refunds): their ids are the same on both databases. */
  expected: { paidBookings: number; refundMails: number; latePayments: number };
};

/** A Stripe-shaped Checkout Session event of a type the simulator does not send. */
function sessionEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  sessionId: string,
  fields: { payment_status: 'paid' | 'unpaid'; payment_intent: string | null; status: 'complete' | 'expired' },
): Stripe.Event {
  return {
    id: `evt_harness_${type.replaceAll('.', '_')}_${sessionId}`,
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', ...fields } },
  } as unknown as Stripe.Event;
}

/**
 * Seven bookings of one helper, each an hour of its own and a seeker of its own, opened through the
 * API of `server`, then what the provider says about them:
 *   h0 paid · h1 paid, then refunded from the dashboard in two parts · h2 expired unpaid ·
 *   h3 asynchronous method, completed unpaid then failed · h4 the same, then succeeded ·
 *   h5 seeker A's hold lapses, seeker B holds and pays the same hour, then A's payment arrives late
 *   (refunded in full by the process that handles it) · two payouts events of the helper's account.
 */
async function buildScenario(database: ScratchDatabase, server: ServerProcess): Promise<Scenario> {
  const time = await seedBookableTime(database.db, { priceCents: PRICE_CENTS, hours: 8 });
  const seekers = await seedSeekers(database.db, 7);
  const events: Stripe.Event[] = [];
  const pending: Array<Promise<void>> = [];
  const provider = new LocalProvider({
    db: database.db,
    publicUrl: HARNESS_PUBLIC_URL,
    secret: HARNESS_JWT_SECRET,
    // Captured, not handled: the storm delivers them.
    deliver: async (rawBody) => {
      events.push(JSON.parse(rawBody.toString('utf8')) as Stripe.Event);
    },
    deliverLater: (task) => pending.push(task()),
  });
  // The helper's account at the simulator, so its payout events name a known helper.
  const { accountId } = await provider.createAccount({
    userId: time.helper.id,
    email: time.helper.email,
    idempotencyKey: `harness-${time.helper.id}`,
  });
  await database.query('UPDATE payout_accounts SET account_id = $1 WHERE user_id = $2', [accountId, time.helper.id]);

  const checkout = async (seeker: UserRow, hour: number) => {
    const answer = await api(server.url, 'POST', '/payments/checkout-session', {
      token: await mintToken(seeker),
      body: checkoutBody(time.offer, time.hour(hour)),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { sessionId: String(answer.body.session_id), bookingId: String(answer.body.booking_id) };
  };
  const intentOf = async (sessionId: string) => {
    const [row] = await database.query<{ payment_intent_id: string }>(
      'SELECT payment_intent_id FROM local_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    return row!.payment_intent_id;
  };
  const seeker = (index: number) => seekers[index]!;

  const paid = await checkout(seeker(0), 0);
  await provider.payCheckoutSession(paid.sessionId);

  const refunded = await checkout(seeker(1), 1);
  await provider.payCheckoutSession(refunded.sessionId);
  const refundedIntent = await intentOf(refunded.sessionId);
  for (const [part, amountCents] of [
    [1, 1000],
    [2, PRICE_CENTS - 1000],
  ] as const) {
    await provider.refund({
      paymentIntentId: refundedIntent,
      amountCents,
      reason: 'requested_by_customer',
      idempotencyKey: `dashboard-${part}-${refunded.bookingId}`,
    });
    await Promise.all(pending.splice(0));
  }

  const expired = await checkout(seeker(2), 2);
  events.push(
    sessionEvent('checkout.session.expired', expired.sessionId, {
      status: 'expired',
      payment_status: 'unpaid',
      payment_intent: null,
    }),
  );

  for (const [hour, outcome] of [
    [3, 'checkout.session.async_payment_failed'],
    [4, 'checkout.session.async_payment_succeeded'],
  ] as const) {
    const session = await checkout(seeker(hour), hour);
    const intent = `pi_harness_${session.bookingId.slice(0, 8)}`;
    events.push(
      sessionEvent('checkout.session.completed', session.sessionId, {
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: intent,
      }),
      sessionEvent(outcome, session.sessionId, {
        status: 'complete',
        payment_status: outcome.endsWith('succeeded') ? 'paid' : 'unpaid',
        payment_intent: intent,
      }),
    );
  }

  const late = await checkout(seeker(5), 5);
  // Thirty minutes pass: the hold lapses, and the next checkout of that helper cancels it.
  await database.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [
    late.bookingId,
  ]);
  const taker = await checkout(seeker(6), 5);
  await provider.payCheckoutSession(taker.sessionId);
  await provider.payCheckoutSession(late.sessionId);

  await provider.payOut(accountId, 2500, 'eur');
  await Promise.all(pending);
  return {
    time,
    seekers,
    events,
    // h0, h1, h4 and the taker of h5 are paid; the late payer's refund is told once, the two dashboard refunds once each.
    expected: { paidBookings: 4, refundMails: 3, latePayments: 1 },
  };
}

/** One delivery, redelivered while refused (a refund before its payment answers 409, as documented). */
async function deliver(
  server: ServerProcess,
  secret: string,
  event: Stripe.Event,
  log: ApiAnswer[],
): Promise<ApiAnswer> {
  const deadline = Date.now() + REDELIVERY_DEADLINE_MS;
  for (;;) {
    const { payload, headers } = signedWebhook(event, secret);
    const response = await fetch(`${server.url}/api/v1/payments/webhook`, {
      method: 'POST',
      body: payload,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    const answer: ApiAnswer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
    log.push(answer);
    if (answer.status === 200 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 100)));
  }
}

/** A table's rows with what differs between two runs by nature (random ids, clocks) taken out, sorted. */
async function normalizedRows(
  database: ScratchDatabase,
  serverRefunds: Set<string>,
): Promise<Record<string, string[]>> {
  // Rows created during the events get random ids: compared by their content instead.
  const tables: Record<string, string> = {
    bookings: 'SELECT * FROM bookings',
    payments: 'SELECT * FROM payments',
    payment_refunds: 'SELECT payment_id, provider_refund_id, amount_cents, status, cause FROM payment_refunds',
    payment_events: 'SELECT id, type FROM payment_events',
    payouts: 'SELECT provider_payout_id, helper_id, amount_cents, currency, status, arrival_at FROM payouts',
    local_checkout_sessions: 'SELECT * FROM local_checkout_sessions',
    local_refunds: 'SELECT id, payment_intent_id, amount_cents, idempotency_key FROM local_refunds',
  };
  // A refund the process asked the simulator for (the late payment's) has a random id on each side.
  const refundId = /re_local_[A-Za-z0-9_-]+/g;
  const normalize = (value: unknown): unknown => {
    if (value instanceof Date) return 'time';
    if (typeof value === 'string')
      return value.replace(refundId, (id) => (serverRefunds.has(id) ? id : 're_local_<server>'));
    return value;
  };
  const result: Record<string, string[]> = {};
  for (const [table, text] of Object.entries(tables)) {
    const rows = await database.query(text);
    result[table] = rows
      .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalize(v)]))))
      .sort();
  }
  return result;
}

/** Both parties' mails, as `to | subject | text`, sorted (the union of a database's processes' outboxes). */
async function mailsOf(dirs: string[]): Promise<string[]> {
  const mails = (await Promise.all(dirs.map(readOutbox))).flat();
  return mails.map((mail) => `${mail.to} | ${mail.subject} | ${mail.text.trim()}`).sort();
}

/** Waits until no booking owes a refund any more (the late payment's refund runs after its answer). */
async function refundsSettled(database: ScratchDatabase): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await database.query<{ due: number }>(
      `SELECT count(*)::int AS due FROM bookings WHERE refund_status = 'pending'`,
    );
    if (row!.due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('a refund stayed due');
}

let scenario: Scenario;
let secret: string;
let knownRefunds: Set<string>;

beforeAll(async () => {
  storm = await createScratchDatabase();
  const setup = await startProcess(storm.url);
  scenario = await buildScenario(storm, setup.server);
  secret = new LocalProvider({
    db: storm.db,
    publicUrl: HARNESS_PUBLIC_URL,
    secret: HARNESS_JWT_SECRET,
    deliver: async () => undefined,
  }).webhookSecret;
  knownRefunds = new Set((await storm.query<{ id: string }>('SELECT id FROM local_refunds')).map((row) => row.id));
  // The same database before any event, twice: one for the storm, one for the ordered pass.
  await setup.server.stop();
  ordered = await storm.clone();
});

it('payment events delivered several times, shuffled and concurrently to two processes: the state of one ordered pass', async () => {
  const { events } = scenario;
  const [first, second] = [await startProcess(storm.url), await startProcess(storm.url)];
  const reference = await startProcess(ordered!.url);

  // The ordered pass: each event once, in the provider's order, one at a time.
  const orderedLog: ApiAnswer[] = [];
  for (const event of events) await deliver(reference.server, secret, event, orderedLog);
  expect(orderedLog.map((answer) => answer.status)).toEqual(events.map(() => 200));
  expect(orderedLog.every((answer) => answer.body.duplicate === false)).toBe(true);

  // The storm: COPIES deliveries of every event, shuffled, all at once, each to either process.
  const random = seededRandom(SEED);
  const copies = shuffle(
    events.flatMap((event) => Array.from({ length: COPIES }, () => event)),
    random,
  ).map((event) => ({ event, server: random() < 0.5 ? first.server : second.server }));
  const stormLog: ApiAnswer[] = [];
  const started = performance.now();
  const finals = await Promise.all(copies.map(({ event, server }) => deliver(server, secret, event, stormLog)));
  const seconds = (performance.now() - started) / 1000;

  await Promise.all([refundsSettled(storm), refundsSettled(ordered!)]);
  const early = stormLog.filter((answer) => answer.status === 409);
  printFigures(
    'webhook storm',
    `${events.length} events × ${COPIES} copies = ${copies.length} deliveries on 2 processes (seed ${SEED}), ` +
      `${stormLog.length} requests with ${early.length} early refusals redelivered, ` +
      `${finals.filter((answer) => answer.body.duplicate === false).length} applied, in ${seconds.toFixed(1)} s`,
  );
  // Every copy was accepted in the end; refusals were only the documented "refund before its payment".
  expect(finals.map((answer) => answer.status)).toEqual(copies.map(() => 200));
  expect(new Set(early.map((answer) => answer.body.code))).toEqual(
    early.length ? new Set([ErrorCode.WEBHOOK_EVENT_EARLY]) : new Set(),
  );
  expect(stormLog.filter((answer) => answer.status !== 200 && answer.status !== 409)).toEqual([]);
  // Each event applied exactly once, whatever the copies.
  expect(finals.filter((answer) => answer.body.duplicate === false)).toHaveLength(events.length);

  // The same rows as the ordered pass, and the same mails.
  const [stormRows, orderedRows] = await Promise.all([
    normalizedRows(storm, knownRefunds),
    normalizedRows(ordered!, knownRefunds),
  ]);
  expect(stormRows).toEqual(orderedRows);
  const stormMails = await mailsOf([first.dataDir, second.dataDir]);
  const orderedMails = await mailsOf([reference.dataDir]);
  expect(stormMails).toEqual(orderedMails);

  // And that state is the right one, not only the same one twice.
  const { expected } = scenario;
  const payments = await storm.query<{ status: string; refunded_cents: number }>(
    'SELECT status, refunded_cents FROM payments ORDER BY created_at',
  );
  expect(payments.map((row) => row.status).sort()).toEqual(
    ['expired', 'failed', 'succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded'].sort(),
  );
  const refunds = await storm.query<{ amount_cents: number }>(
    `SELECT amount_cents FROM payment_refunds WHERE status = 'succeeded' ORDER BY amount_cents`,
  );
  expect(refunds.map((row) => row.amount_cents)).toEqual([1000, PRICE_CENTS - 1000, PRICE_CENTS].sort((a, b) => a - b));
  const localRefunds = await storm.query('SELECT id FROM local_refunds');
  expect(localRefunds).toHaveLength(3);
  const bookings = await storm.query<{ status: string; refund_status: string | null }>(
    'SELECT status, refund_status FROM bookings',
  );
  expect(bookings.filter((row) => row.status === 'paid')).toHaveLength(expected.paidBookings);
  expect(bookings.filter((row) => row.refund_status === 'refunded')).toHaveLength(expected.latePayments);
  const payouts = await storm.query<{ status: string }>('SELECT status FROM payouts');
  expect(payouts).toEqual([{ status: 'paid' }]);
  // Two mails per paid booking (seeker and helper), two for the late payment, one per refund.
  expect(stormMails).toHaveLength(expected.paidBookings * 2 + expected.latePayments * 2 + expected.refundMails);
  const bySubjectAndPerson = new Set(stormMails);
  expect(bySubjectAndPerson.size).toBe(stormMails.length);
});
