import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import {
  ACCESS_MATRIX,
  ACTORS,
  accountOf,
  buildMatrixFixtures,
  type Actor,
  type Fixtures,
  type MatrixRow,
  type Target,
} from './access-matrix.table.ts';

/**
 * The access matrix (issue 14 section 1): every route of the app with a path parameter, called as
 * each actor of its row in access-matrix.table.ts, must answer the status the row gives. The route
 * list comes from the app itself (Fastify's onRoute), so a new route without a row fails here.
 */

type RouteKey = string;
const registered: RouteKey[] = [];
let t: TestApp;
let f: Fixtures;

/** HEAD routes are Fastify's automatic copies of GET routes (same handler, same checks). */
function collect(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!route.url.includes(':')) return;
  for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
}

beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collect });
  f = await buildMatrixFixtures(t);
});
afterAll(async () => {
  await t.close();
});

function pathOf(url: string, params: Record<string, string>): string {
  // `:year.pdf`: the parameter name stops at the first character that cannot be in one.
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}

async function call(key: RouteKey, row: MatrixRow, actor: Actor, target: Target): Promise<number> {
  const [method, url] = key.split(' ') as [string, string];
  const query = target.query ? `?${new URLSearchParams(target.query).toString()}` : '';
  const form = target.contentType === 'application/x-www-form-urlencoded';
  const response = await t.injectAs(accountOf(row, actor, f, target), {
    method,
    url: `${pathOf(url, target.params)}${query}`,
    ...(target.body === undefined
      ? {}
      : form
        ? { payload: '', headers: { 'content-type': target.contentType ?? '' } }
        : { payload: target.body as object }),
  });
  return response.statusCode;
}

/** Others first, owner and admin last: a success of theirs may change a shared object (rows not `fresh`). */
const CALL_ORDER: Actor[] = ['visitor', 'other', 'party', 'owner', 'admin'];

describe('access matrix', () => {
  it('has a row for every route with a path parameter, and no row for a route that is gone', () => {
    const missing = registered.filter((key) => !ACCESS_MATRIX[key]).map((key) => `add a row for ${key}`);
    const stale = Object.keys(ACCESS_MATRIX)
      .filter((key) => !registered.includes(key))
      .map((key) => `remove the row of ${key} (no such route)`);
    expect([...missing, ...stale]).toEqual([]);
    expect(registered.length).toBeGreaterThan(0);
  });

  it('answers each actor the status of its row', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    let cells = 0;
    for (const key of registered) {
      const row = ACCESS_MATRIX[key];
      if (!row) continue;
      for (const actor of CALL_ORDER) {
        const status = row.expect[actor];
        if (status === undefined) continue;
        if (actor === 'party' && !row.cast.party) throw new Error(`${key}: a party status without a party`);
        const actual = await call(key, row, actor, await row.target({ t, f, actor }));
        cells += 1;
        answers.push(`${key} as ${actor}: ${actual}`);
        expected.push(`${key} as ${actor}: ${status}`);
      }
    }
    // Today's count, in the test output (issue 14 asks for it): routes × actors, and the cells that apply.
    process.stdout.write(
      `access matrix: ${registered.length} routes × ${ACTORS.length} actors = ${registered.length * ACTORS.length} cells, ${cells} calls checked\n`,
    );
    expect(answers).toEqual(expected);
  });
});
