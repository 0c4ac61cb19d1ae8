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

/** Every seeker at once, the i-th through process i mod 2; answers in the seekers' order. */
async function everyoneAtOnce(path: string, body: unknown): Promise<{ answers: ApiAnswer[]; seconds: number }> {
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map((token, i) => api(processes[i % 2]!.url, 'POST', path, { token, body })),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

function summary(answers: ApiAnswer[]): string {
  const statuses = countBy(answers.map((answer) => answer.status));
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
}

it(`${ATTEMPTS} concurrent bookings of one free time on two processes: exactly one succeeds`, async () => {
  const time = await seedBookableTime(database.db);
  const { answers, seconds } = await everyoneAtOnce('/bookings/', bookingBody(time.offer, time.start));

  const successes = answers.filter((answer) => answer.status === 201);
  const refusals = answers.filter((answer) => answer.status !== 201);
  printFigures(
    'races (free booking)',
    `${ATTEMPTS} attempts, ${successes.length} success, ${refusals.length} conflicts in ${seconds.toFixed(1)} s`,
  );
  expect(summary(answers)).toBe(`1×201, ${ATTEMPTS - 1}×409`);
  // Each refusal is the documented conflict, not a rate limit or a server error.
  expect(new Set(refusals.map((answer) => answer.body.code))).toEqual(new Set([ErrorCode.BOOKING_TIME_TAKEN]));
  const rows = await database.query<{ id: string; user_id: string; status: string }>(
    'SELECT id, user_id, status FROM bookings WHERE offer_id = $1',
    [time.offer.id],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.status).toBe('scheduled');
  expect(rows[0]!.id).toBe(successes[0]!.body.id);
  // The winner is the one who was told so.
  expect(seekers[answers.indexOf(successes[0]!)]!.id).toBe(rows[0]!.user_id);
});

it(`${ATTEMPTS} concurrent checkouts of one paid time on two processes: exactly one hold and one session`, async () => {
  const time = await seedBookableTime(database.db, { priceCents: 4000 });
  const { answers, seconds } = await everyoneAtOnce('/payments/checkout-session', checkoutBody(time.offer, time.start));

  const successes = answers.filter((answer) => answer.status === 200);
  const refusals = answers.filter((answer) => answer.status !== 200);
  printFigures(
    'races (paid checkout)',
    `${ATTEMPTS} attempts, ${successes.length} hold, ${refusals.length} conflicts in ${seconds.toFixed(1)} s`,
  );
  expect(summary(answers)).toBe(`1×200, ${ATTEMPTS - 1}×409`);
  expect(new Set(refusals.map((answer) => answer.body.code))).toEqual(new Set([ErrorCode.BOOKING_TIME_TAKEN]));

  const holds = await database.query<{ id: string; user_id: string; status: string }>(
    'SELECT id, user_id, status FROM bookings WHERE offer_id = $1',
    [time.offer.id],
  );
  expect(holds).toHaveLength(1);
  expect(holds[0]!.status).toBe('pending_payment');
  expect(holds[0]!.id).toBe(successes[0]!.body.booking_id);
  expect(seekers[answers.indexOf(successes[0]!)]!.id).toBe(holds[0]!.user_id);
  const payments = await database.query<{ checkout_session_id: string; status: string }>(
    'SELECT checkout_session_id, status FROM payments WHERE booking_id = $1',
    [holds[0]!.id],
  );
  expect(payments).toEqual([{ checkout_session_id: successes[0]!.body.session_id, status: 'open' }]);
  const sessions = await database.query<{ id: string }>('SELECT id FROM local_checkout_sessions');
  expect(sessions).toEqual([{ id: successes[0]!.body.session_id }]);
});
