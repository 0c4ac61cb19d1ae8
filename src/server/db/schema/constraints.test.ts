import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgConstraint, pgErrorCode, PgErrorCode } from '#server/errors.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createOffer, type TestOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';

/**
 * The database refuses what the app would (issue 8), whatever writes to it: raw INSERTs, on PGlite
 * and on PostgreSQL (`npm run test:pg`). Each bad row differs from a good one by one column, and the
 * good one is inserted too, so a refusal cannot come from something else.
 */

const HOUR = 3_600_000;

let t: TestApp;
let helper: UserRow;
let otherHelper: UserRow;
let seeker: UserRow;
let stranger: UserRow;
let offer: TestOffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  helper = await createHelper(db);
  otherHelper = await createHelper(db);
  seeker = await createSeeker(db);
  stranger = await createSeeker(db);
  offer = await createOffer(db, helper);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;

/** INSERT INTO table (columns) VALUES (parameters): no Drizzle type or enum stands in the way. */
async function rawInsert(table: string, row: Row): Promise<void> {
  const columns = sql.raw(
    Object.keys(row)
      .map((column) => `"${column}"`)
      .join(', '),
  );
  const values = sql.join(
    Object.values(row).map((value) => sql`${value}`),
    sql`, `,
  );
  await t.app.ctx.db.execute(sql`INSERT INTO ${sql.raw(`"${table}"`)} (${columns}) VALUES (${values})`);
}

async function refusal(table: string, row: Row): Promise<{ code?: string; constraint?: string }> {
  try {
    await rawInsert(table, row);
  } catch (error) {
    return { code: pgErrorCode(error), constraint: pgConstraint(error) };
  }
  return {};
}

let slot = 0;
/** A valid booking row, each at its own hour so the exclusion constraint never interferes. */
function booking(overrides: Row = {}): Row {
  const start = new Date(Date.now() + (48 + 2 * slot++) * HOUR);
  start.setUTCMinutes(0, 0, 0);
  return {
    offer_id: offer.id,
    helper_id: helper.id,
    user_id: seeker.id,
    status: 'scheduled',
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + HOUR).toISOString(),
    price_cents: 2000,
    commission_cents: 200,
    currency: 'eur',
    ...overrides,
  };
}

describe('CHECK constraints and the offer-helper foreign key', () => {
  it('accept the valid rows the refusals below are made from', async () => {
    await rawInsert('bookings', booking());
    await rawInsert(
      'bookings',
      booking({
        status: 'cancelled',
        cancelled_at: new Date().toISOString(),
        cancelled_by: helper.id,
        refund_status: 'pending',
        refund_cents: 2000,
        is_last_minute: true,
      }),
    );
    await rawInsert('bookings', booking({ status: 'cancelled', cancelled_by: null, refund_status: 'none' }));
    await rawInsert('pricing_options', { offer_id: offer.id, duration_minutes: 30, price_cents: 0, position: 9 });
  });

  it.each<[string, Row, string | RegExp]>([
    ["a status outside the list ('Scheduled')", { status: 'Scheduled' }, 'bookings_status_check'],
    ['an unknown refund status', { status: 'cancelled', refund_status: 'lost' }, 'bookings_refund_status_check'],
    ['an unknown currency', { currency: 'gbp' }, 'bookings_currency_check'],
    // The commission (0 here) may not exceed the price either: PostgreSQL names whichever it checks first.
    ['a negative price', { price_cents: -1, commission_cents: 0 }, /^bookings_(price|commission)_check$/],
    ['a negative commission', { commission_cents: -1 }, 'bookings_commission_check'],
    ['a commission above the price', { commission_cents: 2001 }, 'bookings_commission_check'],
    ['a refund above the price', { status: 'cancelled', refund_cents: 2001 }, 'bookings_refund_cents_check'],
    [
      'an end not after the start',
      { end_at: '2031-01-01T10:00:00Z', start_at: '2031-01-01T10:00:00Z' },
      'bookings_period_check',
    ],
  ])('bookings refuse %s', async (_label, overrides, constraint) => {
    expect(await refusal('bookings', booking(overrides))).toEqual({
      code: PgErrorCode.checkViolation,
      constraint: typeof constraint === 'string' ? constraint : expect.stringMatching(constraint),
    });
  });

  it('bookings refuse a cancellation by someone who is not a party', async () => {
    const row = booking({ status: 'cancelled', cancelled_by: stranger.id });
    expect(await refusal('bookings', row)).toEqual({
      code: PgErrorCode.checkViolation,
      constraint: 'bookings_cancelled_by_check',
    });
  });

  it("bookings refuse a helper who is not the offer's helper", async () => {
    expect(await refusal('bookings', booking({ helper_id: otherHelper.id }))).toEqual({
      code: PgErrorCode.foreignKeyViolation,
      constraint: 'bookings_offer_helper_fk',
    });
  });

  it("a raw 'Scheduled' booking can no longer break the seeker's list (it answered 500)", async () => {
    await refusal('bookings', booking({ status: 'Scheduled' }));
    const res = await t.injectAs(seeker, { method: 'GET', url: '/api/v1/bookings/' });
    expect(res.statusCode).toBe(200);
  });

  it.each<[string, string, Row, string]>([
    [
      'users',
      'an unknown role',
      { email: 'role@exemple.fr', password_hash: 'x', role: 'superadmin' },
      'users_role_check',
    ],
    [
      'users',
      'a negative token version',
      { email: 'tv@exemple.fr', password_hash: 'x', token_version: -1 },
      'users_token_version_check',
    ],
    [
      'offers',
      'an unknown category',
      { helper_id: 'HELPER', title: 't', description: 'd', meeting_contact_info: 'c', category: 'cuisine' },
      'offers_category_check',
    ],
    [
      'offers',
      'an unknown currency',
      {
        helper_id: 'HELPER',
        title: 't',
        description: 'd',
        meeting_contact_info: 'c',
        category: 'carriere',
        currency: 'gbp',
      },
      'offers_currency_check',
    ],
    [
      'pricing_options',
      'a zero duration',
      { offer_id: 'OFFER', duration_minutes: 0, price_cents: 0, position: 10 },
      'pricing_options_duration_check',
    ],
    [
      'pricing_options',
      'a negative price',
      { offer_id: 'OFFER', duration_minutes: 30, price_cents: -1, position: 11 },
      'pricing_options_price_check',
    ],
    [
      'pricing_options',
      'a negative position',
      { offer_id: 'OFFER', duration_minutes: 30, price_cents: 0, position: -1 },
      'pricing_options_position_check',
    ],
    [
      'payout_accounts',
      'an unknown provider',
      { user_id: 'HELPER', provider: 'paypal', account_id: 'acct_x' },
      'payout_accounts_provider_check',
    ],
  ])('%s refuse %s', async (table, _label, row, constraint) => {
    const resolved = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value === 'HELPER' ? otherHelper.id : value === 'OFFER' ? offer.id : value,
      ]),
    );
    expect(await refusal(table, resolved)).toEqual({ code: PgErrorCode.checkViolation, constraint });
  });
});

describe('slots_no_overlap (ADR 0005)', () => {
  const at = (hours: number) => new Date(Date.UTC(2031, 0, 6, hours)).toISOString();
  const slotRow = (owner: UserRow, from: number, to: number): Row => ({
    helper_id: owner.id,
    offer_id: offer.id,
    start_at: at(from),
    end_at: at(to),
  });

  it('refuses a slot that overlaps another of the same helper, whatever writes it', async () => {
    await rawInsert('slots', slotRow(helper, 9, 11));
    expect(await refusal('slots', slotRow(helper, 10, 12))).toEqual({
      code: PgErrorCode.exclusionViolation,
      constraint: 'slots_no_overlap',
    });
  });

  it('accepts slots that only touch, and the same hours for another helper', async () => {
    await rawInsert('slots', slotRow(helper, 11, 12));
    await rawInsert('slots', slotRow(otherHelper, 9, 11));
    const result = await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM slots WHERE start_at >= ${at(0)}`);
    expect((result as { rows: { n: number }[] }).rows[0]?.n).toBe(3);
  });
});
