import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { executePrepared } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('executePrepared', () => {
  it('runs texts of one prefix side by side on one connection, with their own parameters', async () => {
    // One transaction is one connection: two texts under one name there would be refused by the driver.
    const answers = await t.app.ctx.db.transaction(async (tx) => {
      const seen: unknown[] = [];
      for (let run = 0; run < 7; run++) {
        seen.push(await executePrepared(tx, 'probe', sql`SELECT ${run}::int + 1 AS next`));
        seen.push(await executePrepared(tx, 'probe', sql`SELECT ${run}::int * 2 AS twice, ${'x'}::text AS tag`));
      }
      return seen;
    });
    expect(answers).toEqual(
      Array.from({ length: 7 }, (_, run) => [[{ next: run + 1 }], [{ twice: run * 2, tag: 'x' }]]).flat(),
    );
  });

  it('answers through PostgreSQL errors like any query', async () => {
    // Drizzle wraps the driver's error, as for every query: the PostgreSQL code is on the cause.
    await expect(executePrepared(t.app.ctx.db, 'probe', sql`SELECT 1 / ${0}::int AS boom`)).rejects.toMatchObject({
      cause: { code: '22012' },
    });
  });
});

describe('session settings', () => {
  it('prices random page reads for data in memory on every connection', async () => {
    const result = await t.app.ctx.db.execute(sql`SHOW random_page_cost`);
    expect((result as { rows: { random_page_cost: string }[] }).rows[0]?.random_page_cost).toBe('1.1');
  });
});
