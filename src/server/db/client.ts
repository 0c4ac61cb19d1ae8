import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; the same type for PGlite and the PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function runs on the database or inside a caller's transaction. */
export type Executor = Database | Transaction;

/** What a NOTIFY subscriber gives: the payload, and what to do after a lost listener came back. */
export type NotificationSubscriber = {
  onNotify(payload: string): void;
  /**
   * The listening connection was lost and is back: notifications sent meanwhile are gone for good
   * (PostgreSQL never replays them), so the subscriber must make its clients catch up.
   */
  onReconnect?(): void;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; used by the health check. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (DESIGN.md section 10). On the PostgreSQL server, one dedicated connection
   * outside the pool (a pooled one would drop LISTEN), reconnected with backoff; on PGlite, its
   * in-process notifications. Senders use `pg_notify` inside their transaction (lib/realtime-bus.ts),
   * so a notification leaves at commit and never for a rolled-back write.
   */
  listen(channel: string, subscriber: NotificationSubscriber): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseLockedError extends Error {}

/**
 * PGlite has no lock on its data folder (pglite issue 1106): two processes on one folder corrupt it.
 * We hold an exclusive lock file with our PID; a lock whose process is gone is taken over.
 */
function acquirePgliteLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is already used by process ${holder}. Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      unlinkSync(lockFile); // stale lock left by a crash
    }
  }
  throw new DatabaseLockedError(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pgliteExtensions = { btree_gist, pg_trgm, unaccent };

/**
 * Trigram similarity a vocabulary word needs to be a typo correction (search `%` operator), set on
 * every session so a search needs no extra round trip. Lower than pg_trgm's default 0.3: a swap
 * inside a five-letter word ("deiul" / "deuil") shares only 2 of 10 trigrams; the typo-distance
 * filter of src/shared/rules/search-terms.ts then keeps only real one- or two-typo neighbours.
 */
export const TRGM_SIMILARITY_THRESHOLD = 0.2;

/**
 * Session settings of every connection, on both databases so both plan alike. The similarity
 * threshold above; and a random page read priced like a sequential one (1.1, the usual value when
 * the data sits in memory or on SSD): at the default 4 the planner walks offers_listing_idx and
 * skips six rows of other categories for each one it keeps, instead of reading offers_category_idx
 * (measured on 100 000 offers: 3.9 ms against 1.2 ms for a search in one category).
 */
const SESSION_SETTINGS = { 'pg_trgm.similarity_threshold': TRGM_SIMILARITY_THRESHOLD, random_page_cost: 1.1 };

/** A PGlite instance with the contrib extensions our migrations create. `dataDir` undefined = in memory. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  await client.exec(
    Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `SET ${name} = ${value};`)
      .join('\n'),
  );
  return client;
}

export function wrapPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    // One process owns PGlite: its notifications are in-process and never lost to a connection drop.
    listen: async (channel, subscriber) => {
      const unlisten = await client.listen(channel, (payload) => subscriber.onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) {
        // fsync is off in PGlite: a checkpoint before closing is what makes the files consistent.
        await client.exec('CHECKPOINT');
        await client.close();
      }
      onClose();
    },
  };
}

export function wrapPool(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listener = new NotificationListener(pool.options);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

const LISTENER_RECONNECT_BASE_MS = 250;
const LISTENER_RECONNECT_MAX_MS = 10_000;

/** Channel names are ours (constants), quoted as identifiers all the same. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The one LISTEN connection of a process on the PostgreSQL server. Connected on first use; when the
 * connection is lost it reconnects with capped backoff, LISTENs again on every channel and tells the
 * subscribers (onReconnect) so their clients catch up on what was sent while it was down.
 */
class NotificationListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly subscribers = new Map<string, Set<NotificationSubscriber>>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(private readonly options: pg.PoolConfig) {}

  async listen(channel: string, subscriber: NotificationSubscriber): Promise<() => Promise<void>> {
    let set = this.subscribers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(subscriber);
    const client = await this.connect();
    if (isNewChannel) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    return async () => {
      set.delete(subscriber);
      if (set.size > 0 || this.subscribers.get(channel) !== set) return;
      this.subscribers.delete(channel);
      await this.client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const { max: _max, connectionTimeoutMillis, ...clientOptions } = this.options;
    const client = new pg.Client({ ...clientOptions, connectionTimeoutMillis });
    client.on('notification', (message) => {
      const set = this.subscribers.get(message.channel);
      if (!set) return;
      for (const subscriber of set) subscriber.onNotify(message.payload ?? '');
    });
    // A lost listener must not crash the process: it reconnects and the subscribers catch up.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.subscribers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    this.client = client;
    this.failures = 0;
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = Math.min(LISTENER_RECONNECT_MAX_MS, LISTENER_RECONNECT_BASE_MS * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.onReconnect?.();
        },
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.retryTimer.unref();
  }
}

export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    // No parallel workers: starting them costs more than the short queries of a web request gain,
    // and under load they take the cores other requests need (measured: search 23 ms with, 15 without).
    options: [...Object.entries(SESSION_SETTINGS), ['max_parallel_workers_per_gather', 0]]
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

/** Opens the configured database: the PostgreSQL server when a URL is given, else PGlite under dataDir. */
export async function openDatabase(options: {
  databaseUrl?: string;
  poolSize: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return wrapPool(createPool(options.databaseUrl, options.poolSize));
  const release = acquirePgliteLock(options.dataDir);
  try {
    const client = await openPglite({ dataDir: path.join(options.dataDir, 'db') });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** Applies the migrations of src/server/db/migrations (the same files for both drivers). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
