// `npm run bench` (DESIGN.md section 13): autocannon on loopback against the real app, each scenario
// reported as a ratio to baselines measured in the same run: a bare node:http server and a bare
// Fastify route. Servers run in a child process (server.ts) so client and server each get a core.
//
//   BENCH_DURATION=10      seconds per measurement (plus a 1 s warm-up)
//   BENCH_CONNECTIONS=50   concurrent connections
//   BENCH_RATIO_ROUNDS=3   back-to-back pairs (baseline, then target) measured for each ratio goal;
//                          the goal is checked on their median (see ratioRounds below)
//   BENCH_SCENARIOS=health,offers,bookings,checkout-contention   subset to run (default: all); `bookings` means
//                          fragments + booking-contention
//   DATABASE_URL           benchmark on that PostgreSQL server (scenarios seed into it!), else a
//                          temporary PGlite data dir; message-delivery needs it (two processes)
//   BENCH_MESSAGES, BENCH_CHAT_REPLIES, BENCH_DELIVERY_CONCURRENCY   see bench/realtime.ts
//   BENCH_SERVER_NODE_ARGS extra Node flags of the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//                          (Node refuses --cpu-prof in NODE_OPTIONS; the profile is written when it stops)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import type { BenchTarget, ServerMessage } from './scenario.ts';
import { scenarioGroups, scenarios } from './scenarios.ts';
import { positiveNumber } from './env.ts';

type Measure = { name: string; result: Result; target?: BenchTarget };

const duration = positiveNumber('BENCH_DURATION', 10);
const connections = Math.round(positiveNumber('BENCH_CONNECTIONS', 50));
/**
 * A ratio goal compares the target with a bare baseline. Measured once each, minutes apart, the two
 * see different machines: on the shared 2-core development machine a bare route alone moved by a
 * factor of two between runs, and one run put health at 1.59 of bare Fastify. So each ratio goal is
 * also measured in pairs, the baseline then the target right after it, and checked on the median
 * of the pairs' ratios; the table above it keeps the single measurements.
 */
const ratioRounds = Math.max(1, Math.round(positiveNumber('BENCH_RATIO_ROUNDS', 3)));
const warmup = Math.min(1, duration);

const known = scenarios.map((scenario) => scenario.name);
const requested = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)
  .flatMap((name) => scenarioGroups[name] ?? [name]);
const unknown = requested.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  const available = [
    ...known,
    ...Object.keys(scenarioGroups).map((group) => `${group} (${scenarioGroups[group]!.join(' + ')})`),
  ];
  console.error(`Unknown scenario(s) in BENCH_SCENARIOS: ${unknown.join(', ')}. Available: ${available.join(', ')}.`);
  process.exit(1);
}
const selected = scenarios.filter((scenario) => requested.length === 0 || requested.includes(scenario.name));

type Servers = {
  ready: Extract<ServerMessage, { type: 'ready' }>;
  /** The selected scenarios' checks, run by the server process on the state the load left. */
  verify(): Promise<Extract<ServerMessage, { type: 'verified' }>['results']>;
  stop(): Promise<void>;
};

const needsPeer = selected.some((scenario) => scenario.needsPeer);
/**
 * What every server process shares: one JWT secret (a token minted by one process opens a socket on
 * the other), and for the two-process scenarios 127.0.0.1 as a trusted proxy, so each simulated
 * client counts under its own X-Forwarded-For address in the per-address limits.
 */
const serverEnv = {
  ...process.env,
  JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
  ...(needsPeer ? { TRUST_PROXY: '127.0.0.1' } : {}),
};

/** A server process (server.ts); the peer of a two-process scenario prepares no scenario. */
function startServers(scenarioNames: string[] = selected.map((scenario) => scenario.name)): Promise<Servers> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)],
    env: { ...serverEnv, BENCH_SCENARIOS_SELECTED: scenarioNames.join(',') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.connected) child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const verify = () =>
    new Promise<Extract<ServerMessage, { type: 'verified' }>['results']>((resolve) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== 'verified') return;
        child.off('message', onMessage);
        resolve(message.results);
      };
      child.on('message', onMessage);
      child.send({ type: 'verify' });
    });
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve({ ready: message, verify, stop });
      else if (message.type === 'error') reject(new Error(`the bench server failed:\n${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited early (code ${code})`)));
  });
}

async function measure(url: string, target: BenchTarget): Promise<Result> {
  // autocannon treats a key set to undefined as a value (`method: undefined` is refused).
  const options: Options = { url, connections: target.connections ?? connections, title: target.name };
  if (target.method) options.method = target.method;
  if (target.headers) options.headers = target.headers;
  if (target.body !== undefined) options.body = target.body;
  if (target.requests) options.requests = target.requests;
  await autocannon({ ...options, duration: warmup }); // JIT and connection pools warm, not measured
  return autocannon({ ...options, duration });
}

/**
 * autocannon stops at the deadline with requests still in flight; on PGlite they keep the single
 * connection busy. The health check queues behind them, so its answer means the app is idle again
 * and the previous run does not bleed into the next one.
 */
async function drain(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(120_000) });
  await response.arrayBuffer();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function failures(measure: Measure): number {
  const accepted = new Set(measure.target?.acceptStatus ?? []);
  let rejected = 0;
  for (const [status, { count }] of Object.entries(measure.result.statusCodeStats)) {
    const code = Number(status);
    if ((code < 200 || code >= 300) && !accepted.has(code)) rejected += Number(count);
  }
  return rejected + measure.result.errors;
}

function printTable(measures: Measure[], baseline: { node: Result; fastify: Result }): void {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'vs node:http', 'vs Fastify'];
  const rows = measures.map((m) => [
    m.name,
    fmt(m.result.requests.average),
    fmt(m.result.latency.p50, 1),
    fmt(m.result.latency.p99, 1),
    fmt(failures(m)),
    fmt(m.result.requests.average / baseline.node.requests.average, 3),
    fmt(m.result.requests.average / baseline.fastify.requests.average, 3),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  console.log(
    `Appui benchmark: ${duration} s per target, ${connections} connections, scenarios: ${selected.map((s) => s.name).join(', ') || 'none'}`,
  );
  if (process.env.DATABASE_URL) console.warn('DATABASE_URL is set: the scenarios seed their data into that database.');
  const servers = await startServers();
  const { ports, prepared, database } = servers.ready;
  console.log(`Database: ${database}`);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  let peer: Servers | undefined;

  try {
    // Two processes can share only a PostgreSQL server: on PGlite the probes say they did not run.
    if (needsPeer && database === 'postgres') peer = await startServers([]);
    const measures: Measure[] = [];
    const measureOnce = async (name: string, port: number, target: BenchTarget) => {
      if (port === ports.app) await drain(url(port));
      process.stdout.write(`  measuring ${name}... `);
      const result = await measure(`${url(port)}${target.path ?? ''}`, target);
      const unanswered = result.errors + result.timeouts;
      console.log(
        `${fmt(result.requests.average)} req/s${unanswered > 0 ? ` (${unanswered} errors or timeouts)` : ''}`,
      );
      return result;
    };
    const run = async (name: string, port: number, target: BenchTarget) => {
      const result = await measureOnce(name, port, target);
      measures.push({ name, result, target });
      return result;
    };
    const bareNode: BenchTarget = { name: 'bare node:http', path: '/' };
    const bareFastify: BenchTarget = { name: 'bare Fastify route', path: '/' };
    const node = await run('bare node:http', ports.node, bareNode);
    const fastify = await run('bare Fastify route', ports.fastify, bareFastify);
    /** The two baselines a ratio goal is set `against`, and what each answered in the table. */
    const baselines = {
      node: { label: 'node:http server', port: ports.node, target: bareNode, result: node },
      fastify: { label: 'Fastify route', port: ports.fastify, target: bareFastify, result: fastify },
    };
    for (const scenario of selected) {
      for (const target of await scenario.targets(prepared[scenario.name])) {
        await run(`${scenario.name}: ${target.name}`, ports.app, target);
      }
    }

    printTable(measures, { node, fastify });

    // Ratio goals, measured again in back-to-back pairs (ratioRounds).
    const pairedRatios = new Map<Measure, number[]>();
    for (const m of measures) {
      const goal = m.target?.goal;
      if (goal?.ratio === undefined || m.target === undefined) continue;
      const baseline = baselines[goal.against ?? 'fastify'];
      if (pairedRatios.size === 0) console.log(`\nRatio goals in ${ratioRounds} back-to-back pairs`);
      const ratios: number[] = [];
      for (let round = 1; round <= ratioRounds; round++) {
        // The app idle first (PGlite may still be answering the last scenario's load), as for its own measures.
        await drain(url(ports.app));
        const base = await measureOnce(`pair ${round}: ${baseline.target.name}`, baseline.port, baseline.target);
        const app = await measureOnce(`pair ${round}: ${m.name}`, ports.app, m.target);
        ratios.push(app.requests.average / base.requests.average);
      }
      pairedRatios.set(m, ratios);
    }

    const goals = measures.filter((m) => m.target?.goal);
    if (goals.length > 0) console.log('\nGoals');
    let allMet = true;
    for (const m of goals) {
      const goal = m.target!.goal!;
      const parts: string[] = [];
      let met = failures(m) === 0;
      if (goal.ratio !== undefined) {
        const baseline = baselines[goal.against ?? 'fastify'];
        const single = m.result.requests.average / baseline.result.requests.average;
        const pairs = pairedRatios.get(m) ?? [single];
        const ratio = median(pairs);
        met &&= ratio >= goal.ratio;
        parts.push(
          `${fmt(ratio, 3)} of the bare ${baseline.label}, median of ${pairs.length} pairs (${pairs.map((value) => fmt(value, 3)).join(', ')}; the table's single measures: ${fmt(single, 3)}) (goal >= ${goal.ratio})`,
        );
      }
      if (goal.p99Ms !== undefined) {
        met &&= m.result.latency.p99 <= goal.p99Ms;
        parts.push(`p99 ${fmt(m.result.latency.p99, 1)} ms (goal <= ${goal.p99Ms} ms)`);
      }
      allMet &&= met;
      console.log(
        `  ${m.name}: ${parts.join(', ')} ${met ? 'MET' : 'NOT MET'}${failures(m) > 0 ? ` (${failures(m)} failed requests)` : ''}`,
      );
    }
    if (goals.length > 0) console.log(allMet ? '\nAll goals met.' : '\nSome goals are not met.');

    // Scenarios measured by their own client (socket delivery), after the HTTP load.
    const probes: Array<{ name: string; ok: boolean; summary: string }> = [];
    for (const scenario of selected) {
      if (!scenario.probe) continue;
      if (probes.length === 0) console.log('\nProbes');
      const result = await scenario.probe(
        { app: url(ports.app), peer: peer ? url(peer.ready.ports.app) : undefined, database },
        prepared[scenario.name],
      );
      probes.push({ name: scenario.name, ...result });
      if (!result.ok) process.exitCode = 1;
    }

    // Correctness after the load: in-flight requests finish first, then each scenario checks its state.
    if (selected.some((scenario) => scenario.verify !== undefined)) {
      await drain(url(ports.app));
      console.log('\nChecks');
      for (const check of await servers.verify()) {
        console.log(`  ${check.scenario}: ${check.summary} ${check.ok ? 'OK' : 'FAILED'}`);
        if (!check.ok) process.exitCode = 1;
      }
    }
    if (probes.length > 0) console.log('\nProbe results');
    for (const probe of probes) console.log(`  ${probe.name}: ${probe.summary} ${probe.ok ? 'OK' : 'FAILED'}`);
  } finally {
    await Promise.all([servers.stop(), peer?.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
