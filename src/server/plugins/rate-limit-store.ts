import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/client.ts';

/** Where the counters live on the PostgreSQL server (created by rate-limiter-flexible on first use). */
const COUNTERS_TABLE = 'rate_limit_counters';

export type CounterState = { count: number; msLeft: number };

/**
 * Fixed-window counters shared by every process of one database: on the PostgreSQL server a
 * table every instance reads (a per-process count would let N instances take N times the
 * limit), on PGlite — one process by construction — memory. Both through rate-limiter-flexible.
 */
export type Counters = {
  /** Counts one more event for `key` in the window of `name` and answers the total so far. */
  hit(name: string, key: string, windowMs: number): Promise<CounterState>;
  /** The current total, without counting (0 when the window is over). */
  peek(name: string, key: string, windowMs: number): Promise<CounterState>;
  /** Forgets `key` (a successful login clears its failures). */
  clear(name: string, key: string, windowMs: number): Promise<void>;
};

/**
 * Counter keys never hold an e-mail or a client address in clear, nor a plain digest of one (an IPv4
 * digest is reversed by trying the 2^32 addresses, an e-mail's by guessing): an HMAC under the app's
 * secret, which whoever reads the table does not have.
 */
function keyedDigest(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`rate-limit:${value.trim().toLowerCase()}`).digest('base64url');
}

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 one by its /64 prefix —
 * one subscriber usually holds a whole /64, and would otherwise get a fresh limit per address.
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

/** We compare counts ourselves (the routes choose their max), so the limiter itself never refuses. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

function createCounters(database: DatabaseHandle, secret: string): Counters {
  const limiters = new Map<string, RateLimiterAbstract>();
  let table: Promise<void> | undefined;
  // drizzle's node-postgres handle keeps its pool as `$client`.
  const pool = database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : undefined;

  async function limiter(name: string, windowMs: number): Promise<RateLimiterAbstract> {
    const id = `${name}|${windowMs}`;
    const known = limiters.get(id);
    if (known) return known;
    const options = { keyPrefix: id, points: UNLIMITED, duration: windowMs / 1000 };
    if (!pool) {
      const created = new RateLimiterMemory(options);
      limiters.set(id, created);
      return created;
    }
    // The first limiter creates the table (IF NOT EXISTS); the others wait for it.
    const storeOptions = { ...options, storeClient: pool, storeType: 'pool', tableName: COUNTERS_TABLE };
    table ??= new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres({ ...storeOptions, clearExpiredByTimeout: false }, (error?: Error) =>
        error ? reject(error) : resolve(),
      );
    });
    await table;
    // One limiter (the first) sweeps expired rows every 5 minutes; its timer is unref'd.
    const created = new RateLimiterPostgres({
      ...storeOptions,
      tableCreated: true,
      clearExpiredByTimeout: limiters.size === 0,
    });
    limiters.set(id, created);
    return created;
  }

  return {
    async hit(name, value, windowMs) {
      const res = await (await limiter(name, windowMs)).penalty(keyedDigest(secret, value), 1);
      return { count: res.consumedPoints, msLeft: res.msBeforeNext };
    },
    async peek(name, value, windowMs) {
      const res = await (await limiter(name, windowMs)).get(keyedDigest(secret, value));
      return res ? { count: res.consumedPoints, msLeft: res.msBeforeNext } : { count: 0, msLeft: 0 };
    },
    async clear(name, value, windowMs) {
      await (await limiter(name, windowMs)).delete(keyedDigest(secret, value));
    },
  };
}

/** One set of counters per database handle: two app instances on one database share them. */
const countersByDatabase = new WeakMap<DatabaseHandle, Counters>();

/** `secret` keys the digests of the counted values (the app's JWT secret, the same on every process). */
export function countersFor(database: DatabaseHandle, secret: string): Counters {
  let counters = countersByDatabase.get(database);
  if (!counters) {
    counters = createCounters(database, secret);
    countersByDatabase.set(database, counters);
  }
  return counters;
}

type RouteParams = FastifyRateLimitOptions & {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
};

/**
 * @fastify/rate-limit's `store`: routes keep declaring `config: { rateLimit: { max, timeWindow,
 * keyGenerator? } }`, and the counts land in the shared counters. Each route counts apart, like the
 * plugin's own LocalStore (one per route), unless it names a `groupId`.
 */
export function rateLimitStore(counters: Counters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(`route:${this.scope}`, key, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: RouteParams): FastifyRateLimitStore {
      const { routeInfo, groupId } = routeOptions;
      const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : routeInfo?.method;
      const scope = groupId ?? (routeInfo?.url ? `${method ?? ''} ${routeInfo.url}` : 'global');
      return new SharedStore(routeOptions, scope);
    }
  }
  return SharedStore;
}
