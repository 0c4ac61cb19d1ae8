import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { createPool, wrapPool, type DatabaseHandle } from '#server/db/client.ts';
import { testConfig } from './build-test-app.ts';
import { listenOnLoopback } from './sockets.ts';
import { openTestDatabase } from './test-database.ts';

export type TwoInstances = {
  /** The first instance's handle: factories write through it. */
  database: DatabaseHandle;
  first: App;
  second: App;
  /** ws://127.0.0.1:port of each instance. */
  firstUrl: string;
  secondUrl: string;
  /**
   * PostgreSQL only: ends every LISTEN connection but this one's (each instance's bus listener, as a
   * network cut would); answers how many it ended.
   */
  dropListeners(): Promise<number>;
  close(): Promise<void>;
};

/**
 * Two app instances on one database, listening on loopback, as two processes behind a load
 * balancer (DESIGN.md section 15). Under `npm run test:pg` each has its own DatabaseHandle: its own
 * pool and its own LISTEN connection, so an event crosses from one to the other only through
 * PostgreSQL's NOTIFY. On PGlite (one process by construction) both share the handle and its
 * in-process notifications.
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-2p-'));
  const config = testConfig(dataDir, { TRUST_PROXY: '127.0.0.1' });
  const database = await openTestDatabase();
  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;
  const secondHandle =
    database.kind === 'postgres' ? wrapPool(createPool(pool().options.connectionString!, 4)) : database;
  const first = await buildApp(config, { database, logger: false, serveWeb: false });
  const second = await buildApp(config, { database: secondHandle, logger: false, serveWeb: false });
  const firstUrl = await listenOnLoopback(first);
  const secondUrl = await listenOnLoopback(second);

  return {
    database,
    first,
    second,
    firstUrl,
    secondUrl,
    async dropListeners() {
      if (database.kind !== 'postgres') throw new Error('PGlite has no LISTEN connection to drop');
      const terminated = await pool().query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      return terminated.rowCount ?? 0;
    },
    async close() {
      await Promise.all([first.close(), second.close()]);
      if (secondHandle !== database) await secondHandle.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
