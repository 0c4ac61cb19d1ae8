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
import { counterKey, countersFor } from './rate-limit-store.ts';
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
    const key = counterKey(user.email);
    const window = 60_000;
    for (let i = 0; i < LOGIN_FAILURES_MAX; i++) {
      await countersFor(i % 2 === 0 ? database : secondHandle).hit('shared-check', key, window);
    }
    expect((await countersFor(secondHandle).peek('shared-check', key, window)).count).toBe(LOGIN_FAILURES_MAX);
    expect((await countersFor(database).peek('shared-check', key, window)).count).toBe(LOGIN_FAILURES_MAX);
  });
});
