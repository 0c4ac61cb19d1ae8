// The server half of `npm run bench` (see scenario.ts): a bare node:http server, a bare Fastify route
// and the real app, each on a loopback port, plus the `prepare` step of the selected scenarios.
// Started by run.ts with an IPC channel; stops when the parent says so or disconnects.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { PreparedData, ServerMessage, VerifyResult } from './scenario.ts';
import { scenarios } from './scenarios.ts';

const HOST = '127.0.0.1';
const BODY = JSON.stringify({ status: 'ok' });

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function listenNode(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(BODY),
    });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return server;
}

async function main(): Promise<void> {
  const selected = new Set((process.env.BENCH_SCENARIOS_SELECTED ?? '').split(',').filter(Boolean));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // The bench pays with the simulator: production refuses it unless asked for (config.ts).
    ...(process.env.STRIPE_SECRET_KEY ? {} : { PAYMENTS_SIMULATOR: 'true' }),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    PORT: '0',
    HOST,
  });

  const bareNode = await listenNode();
  const bareFastify = Fastify({ logger: false });
  bareFastify.get('/', async () => ({ status: 'ok' }));
  await bareFastify.listen({ port: 0, host: HOST });

  const app = await buildApp(config, { logger: false, serveWeb: false });
  await app.listen({ port: 0, host: HOST });

  const prepared: PreparedData = {};
  for (const scenario of scenarios) {
    if (selected.has(scenario.name) && scenario.prepare) {
      const started = Date.now();
      prepared[scenario.name] = await scenario.prepare({ app });
      console.log(`  prepared "${scenario.name}" in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.allSettled([app.close(), bareFastify.close(), new Promise((resolve) => bareNode.close(resolve))]);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  const verify = async () => {
    const results: Array<VerifyResult & { scenario: string }> = [];
    for (const scenario of scenarios) {
      if (!selected.has(scenario.name) || !scenario.verify) continue;
      const result = await scenario.verify({ app }, prepared[scenario.name]).catch((error: unknown) => ({
        ok: false,
        summary: `check failed: ${error instanceof Error ? error.message : String(error)}`,
      }));
      results.push({ scenario: scenario.name, ...result });
    }
    send({ type: 'verified', results });
  };
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') void stop();
    if (message.type === 'verify') void verify();
  });
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());

  send({
    type: 'ready',
    ports: {
      node: (bareNode.address() as AddressInfo).port,
      fastify: (bareFastify.server.address() as AddressInfo).port,
      app: (app.server.address() as AddressInfo).port,
    },
    database: app.ctx.database.kind,
    prepared,
  });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
