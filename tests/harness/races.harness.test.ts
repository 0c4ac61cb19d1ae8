// Races (issue 14 section 1): many people asking for one time at once, split across two server
// processes on one PostgreSQL server. The helper's calendar lock and the exclusion constraint
// `bookings_no_overlap` must let exactly one through; everyone else gets the documented
// 409 BOOKING_TIME_TAKEN (never a 5xx, never a 429 that would make the test pass for nothing).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import {
  api,
  bookingBody,
  checkoutBody,
  countBy,
  HARNESS_LONG,
  makeDataDir,
  mintToken,
  printFigures,
  processEnv,
  seedBookableTime,
  seedSeekers,
  type ApiAnswer,
  type BookableTime,
} from './fixtures.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

// The figure; HARNESS_LONG=1 runs five times as many.
const ATTEMPTS = HARNESS_LONG ? 1000 : 200;

let database: ScratchDatabase;
let seekers: UserRow[];
let tokens: string[];
const processes: ServerProcess[] = [];
const dataDirs: Array<{ remove(): Promise<void> }> = [];

beforeAll(async () => {
  database = await createScratchDatabase();
  seekers = await seedSeekers(database.db, ATTEMPTS);
  tokens = await Promise.all(seekers.map((seeker) => mintToken(seeker)));
  for (let i = 0; i < 2; i += 1) {
    const dataDir = await makeDataDir();
    dataDirs.push(dataDir);
    processes.push(await startServerProcess(processEnv(database.url, dataDir.path)));
  }
});

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await Promise.all(dataDirs.map((dir) => dir.remove()));
  await database?.drop();
});

/**
 * Every seeker at once, the i-th through process i mod 2, then the checks both races share: one
 * `successStatus`, every other answer the documented 409 (not a rate limit, not a server error), and
 * one booking row of the offer, the winner's. Answers the winner's answer and booking row.
 */
async function race(
  label: string,
  time: BookableTime,
  path: string,
  body: unknown,
  successStatus: number,
): Promise<{ winner: ApiAnswer; booking: { id: string; user_id: string; status: string } }> {
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map((token, i) => api(processes[i % 2]!.url, 'POST', path, { token, body })),
  );
  const seconds = (performance.now() - started) / 1000;
  const successes = answers.filter((answer) => answer.status === successStatus);
  const refusals = answers.filter((answer) => answer.status !== successStatus);
  printFigures(
    `races (${label})`,
    `${ATTEMPTS} attempts, ${successes.length} success, ${refusals.length} conflicts in ${seconds.toFixed(1)} s`,
  );
  const statuses = [...countBy(answers.map((answer) => answer.status))].sort(([a], [b]) => a - b);
  expect(statuses).toEqual([
    [successStatus, 1],
    [409, ATTEMPTS - 1],
  ]);
  expect(new Set(refusals.map((answer) => answer.body.code))).toEqual(new Set([ErrorCode.BOOKING_TIME_TAKEN]));
  const rows = await database.query<{ id: string; user_id: string; status: string }>(
    'SELECT id, user_id, status FROM bookings WHERE offer_id = $1',
    [time.offer.id],
  );
  expect(rows).toHaveLength(1);
  // The winner is the one who was told so.
  expect(seekers[answers.indexOf(successes[0]!)]!.id).toBe(rows[0]!.user_id);
  return { winner: successes[0]!, booking: rows[0]! };
}

it(`${ATTEMPTS} concurrent bookings of one free time on two processes: exactly one succeeds`, async () => {
  const time = await seedBookableTime(database.db);
  const { winner, booking } = await race('free booking', time, '/bookings/', bookingBody(time.offer, time.start), 201);
  expect(booking.status).toBe('scheduled');
  expect(booking.id).toBe(winner.body.id);
});

it(`${ATTEMPTS} concurrent checkouts of one paid time on two processes: exactly one hold and one session`, async () => {
  const time = await seedBookableTime(database.db, { priceCents: 4000 });
  const { winner, booking } = await race(
    'paid checkout',
    time,
    '/payments/checkout-session',
    checkoutBody(time.offer, time.start),
    200,
  );
  expect(booking.status).toBe('pending_payment');
  expect(booking.id).toBe(winner.body.booking_id);
  const payments = await database.query<{ checkout_session_id: string; status: string }>(
    'SELECT checkout_session_id, status FROM payments WHERE booking_id = $1',
    [booking.id],
  );
  expect(payments).toEqual([{ checkout_session_id: winner.body.session_id, status: 'open' }]);
  const sessions = await database.query<{ id: string }>('SELECT id FROM local_checkout_sessions');
  expect(sessions).toEqual([{ id: winner.body.session_id }]);
});
