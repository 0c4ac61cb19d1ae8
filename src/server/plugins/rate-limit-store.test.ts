import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_MAX } from '#shared/constants.ts';
import { buildApp } from '../app.ts';
import type { App } from '../app-types.ts';
import { loadConfig } from '../config.ts';
import { createPool, wrapPool, type DatabaseHandle } from '../db/client.ts';
import { addressBucket, countersFor } from './rate-limit-store.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createSeeker } from '#tests/factories/users.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/**
 * Two app instances on one database, as two processes behind a load balancer: on the PostgreSQL
 * server (npm run test:pg) each has its own connection pool and the counters are in a table both
 * read; on PGlite (one process by construction) both share the handle and its in-memory counters.
 */
let dataDir: string;
let database: DatabaseHandle;
let secondHandle: DatabaseHandle;
let first: App;
let second: App;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-rate-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '4',
  });
  database = await openTestDatabase();
  secondHandle =
    database.kind === 'postgres'
      ? wrapPool(createPool((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!, 2))
      : database;
  first = await buildApp(config, { database, logger: false, serveWeb: false });
  second = await buildApp(config, { database: secondHandle, logger: false, serveWeb: false });
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  if (secondHandle !== database) await secondHandle.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('rate-limit counters shared by the instances of one database', () => {
  it('counts the per-address route limit across both instances', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login(i % 2 === 0 ? first : second, `inconnu-${i}@exemple.fr`, 'x')).statusCode);
    }
    // 4 a minute in all, not 4 on each instance.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('shares the counters the services use (failed logins per account)', async () => {
    const user = await createSeeker(database.db);
    const key = user.email;
    const window = 60_000;
    const counters = (handle: DatabaseHandle) => countersFor(handle, TEST_JWT_SECRET);
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      await counters(i % 2 === 0 ? database : secondHandle).hit('shared-check', key, window);
    }
    expect((await counters(secondHandle).peek('shared-check', key, window)).count).toBe(LOGIN_FAILURES_MAX);
    expect((await counters(database).peek('shared-check', key, window)).count).toBe(LOGIN_FAILURES_MAX);
  });
});

describe('addressBucket', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:1:aaaa:bbbb:cccc:dddd', '2001:db8:85a3:1::/64'],
    ['2001:0db8:85a3:0001:0:0:0:1', '2001:db8:85a3:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::2', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});

describe('counter keys', () => {
  it('are keyed digests: no e-mail in clear, and not its plain sha-256 either', async () => {
    if (database.kind !== 'postgres') return expect(database.kind).toBe('pglite');
    const email = `secret-${Date.now()}@exemple.fr`;
    await countersFor(database, TEST_JWT_SECRET).hit('key-check', email, 60_000);
    const plain = createHash('sha256').update(email).digest('base64url');
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await pool.query<{ key: string }>('SELECT key FROM rate_limit_counters WHERE key LIKE $1', [
      'key-check%',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toContain(email);
    expect(rows[0]!.key).not.toContain(plain);
  });
});
