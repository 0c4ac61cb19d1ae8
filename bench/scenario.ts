import type { Request } from 'autocannon';
import type { App } from '#server/app-types.ts';

/**
 * How a load scenario plugs into `npm run bench` (DESIGN.md section 13).
 *
 * The servers run in a child process and autocannon in the parent, so that client and server each
 * get a core instead of sharing one event loop. A scenario therefore has two halves:
 * - `prepare` runs in the server process, next to the app: seed data, create users, mint tokens.
 *   What it returns must survive JSON (it crosses the IPC channel).
 * - `targets` runs in the benchmark process and turns that data into autocannon runs against the app.
 */
export type ServerSide = {
  app: App;
};

export type BenchTarget = {
  /** Shown in the report, e.g. "GET /api/v1/offers/search?search=deuil". */
  name: string;
  /** Path of a single repeated request; ignored when `requests` is given. */
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A sequence each connection loops over (autocannon `requests`). */
  requests?: Request[];
  /** Connections for this target; defaults to BENCH_CONNECTIONS. */
  connections?: number;
  /** Status codes that count as success besides 2xx (e.g. 409 in a contention scenario). */
  acceptStatus?: number[];
  /**
   * Goals: throughput as a share of the bare baseline it names, and/or a ceiling on the p99 latency.
   * A target meets its goals only if it also had no failed request.
   */
  goal?: { ratio?: number; against?: 'node' | 'fastify'; p99Ms?: number };
};

export type BenchScenario<Data = unknown> = {
  name: string;
  description: string;
  prepare?(server: ServerSide): Promise<Data>;
  targets(data: Data): BenchTarget[] | Promise<BenchTarget[]>;
  /**
   * Runs in the server process after every measurement, once the app is idle: a correctness check of
   * the state the load left (e.g. one hold per contested time). A failed check fails `npm run bench`.
   */
  verify?(server: ServerSide, data: Data): Promise<VerifyResult>;
  /**
   * A second app process on the same database (`peer` in ProbeContext): needs DATABASE_URL, since
   * two processes cannot share a PGlite data dir.
   */
  needsPeer?: boolean;
  /**
   * Runs in the benchmark process after the autocannon targets, for what autocannon cannot measure
   * (e.g. socket delivery latency). Prints its own figures; `ok: false` fails `npm run bench`.
   */
  probe?(context: ProbeContext, data: Data): Promise<VerifyResult>;
};

/** Base URLs (http://127.0.0.1:port) of the app process, and of the peer process when one runs. */
export type ProbeContext = { app: string; peer: string | undefined; database: string };

export type VerifyResult = { ok: boolean; summary: string };

/** Keeps the scenario's data type when it is put in the untyped list. */
export function defineScenario<Data>(scenario: BenchScenario<Data>): BenchScenario {
  return scenario;
}

/** Scenario data crossing the IPC channel. */
export type PreparedData = Record<string, unknown>;

export type ServerMessage =
  | { type: 'ready'; ports: { node: number; fastify: number; app: number }; database: string; prepared: PreparedData }
  | { type: 'verified'; results: Array<VerifyResult & { scenario: string }> }
  | { type: 'error'; message: string };
