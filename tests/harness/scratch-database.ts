// Scratch databases on the PostgreSQL server for the harnesses of issue 14: one `appui_harness_<random>`
// per harness (or two, when a harness compares against a second pass), migrated here so factories can
// write before any server process starts, and dropped at the end whatever happened.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, migrateDatabase, wrapPool, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { databaseUrlFor } from '../test-database.ts';

/** The PostgreSQL server the harnesses use (`.ci/run` sets TEST_DATABASE_URL to this same default). */
export const HARNESS_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type ScratchDatabase = {
  name: string;
  /** DATABASE_URL for the server processes. */
  url: string;
  /** Drizzle on the harness's own small pool: factories and checks go through it. */
  readonly db: Database;
  readonly handle: DatabaseHandle;
  /** Plain SQL on the harness's pool (rows as node-postgres answers them). */
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /**
   * A copy of this database as it is now (CREATE DATABASE ... TEMPLATE). PostgreSQL copies only a
   * database nobody is connected to: stop the server processes on it first; the harness's own pool is
   * closed for the copy and opened again.
   */
  clone(): Promise<ScratchDatabase>;
  /** Drops it (WITH FORCE: a killed process may leave connections behind for a moment). */
  drop(): Promise<void>;
};

const HARNESS_POOL_SIZE = 4;

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: HARNESS_SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function openScratch(name: string): ScratchDatabase {
  const url = databaseUrlFor(HARNESS_SERVER_URL, name);
  let pool = createPool(url, HARNESS_POOL_SIZE);
  let handle = wrapPool(pool);
  let dropped = false;
  return {
    name,
    url,
    get db() {
      return handle.db;
    },
    get handle() {
      return handle;
    },
    async query(text, values) {
      const result = await pool.query<never>(text, values);
      return result.rows;
    },
    async clone() {
      await handle.close();
      const copy = `appui_harness_${randomBytes(5).toString('hex')}`;
      await onServer(async (client) => {
        // A process killed a moment ago may still have a backend on it.
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        await client.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
      });
      pool = createPool(url, HARNESS_POOL_SIZE);
      handle = wrapPool(pool);
      return openScratch(copy);
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.close().catch(() => undefined);
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A new, migrated, empty database on the harness server. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `appui_harness_${randomBytes(5).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const scratch = openScratch(name);
  try {
    await migrateDatabase(scratch.handle);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return scratch;
}
