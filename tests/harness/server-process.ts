// Real server processes for the harnesses of issue 14 (crash, races, scale-out, sockets under load):
// `src/server/main.ts` started as `npm run serve` would, on a free loopback port, with its own env.
// Unlike tests/two-instances.ts (two apps in one Node process), these can be killed with SIGKILL,
// restarted, and each has its own event loop, pool and LISTEN connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export type ServerProcess = {
  /** http://127.0.0.1:port */
  url: string;
  /** ws://127.0.0.1:port */
  wsUrl: string;
  port: number;
  pid(): number | undefined;
  /** SIGTERM (graceful shutdown), SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** SIGKILL at once: a crash. */
  kill(): Promise<void>;
  /** Starts the process again on the same port with the same env, and waits for its health. */
  restart(): Promise<void>;
  /** The process's stderr and stdout so far (for a failing test's message). */
  output(): string;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts one server process. `env` is added to a clean base (no SMTP, no Stripe, demo data off, silent
 * logs); pass DATABASE_URL (or DATA_DIR for PGlite), JWT_SECRET, and whatever the harness needs.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosenPort}`;
  const fullEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(chosenPort),
    PUBLIC_URL: url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  let log = '';
  let child!: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitForHealth(url, child, () => log);
  };
  const exited = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await once(child, 'exit');
  };
  await launch();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited();
    clearTimeout(timer);
  };
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    port: chosenPort,
    pid: () => child.pid,
    stop,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited();
    },
    async restart() {
      await stop();
      await launch();
    },
    output: () => log,
  };
}
