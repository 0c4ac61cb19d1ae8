// `npm run test:e2e` (DESIGN.md section 4): build the web app, start the real server on a free port with
// a fresh temporary DATA_DIR (demo data seeded), run Playwright against it, then stop the server by its
// PID and remove the folder. Our exit code is Playwright's. Extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, buildWeb, freePort, runNode, sleep } from './lib.mjs';

const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;

const buildCode = await buildWeb();
if (buildCode !== 0) {
  console.error(`The web build failed (exit code ${buildCode}).`);
  process.exit(buildCode);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appui-e2e-'));
const serverEnv = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
  LOG_LEVEL: 'warn',
};
// The suite owns its world: never a shared database, real SMTP or Stripe from the caller's shell.
for (const name of [
  'DATABASE_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'JWT_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
]) {
  delete serverEnv[name];
}

console.log(`Starting the server on ${baseUrl} (DATA_DIR ${dataDir})`);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: ROOT,
  env: serverEnv,
  stdio: 'inherit',
});
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (!stopping) console.error(`The server stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
});

let stopping = false;
async function stopServer() {
  stopping = true;
  if (!serverExited && server.pid !== undefined) {
    server.kill('SIGTERM');
    const deadline = Date.now() + SERVER_STOP_TIMEOUT_MS;
    while (!serverExited && Date.now() < deadline) await sleep(100);
    if (!serverExited) {
      console.error('The server did not stop within 15 s; killing it.');
      server.kill('SIGKILL');
      while (!serverExited) await sleep(50);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function cleanExit(code) {
  await stopServer();
  process.exit(code);
}
// While Playwright runs, a signal is forwarded to it (runNode) and we clean up once it has stopped.
let testsRunning = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!testsRunning) void cleanExit(130);
  });
}

async function waitForHealth() {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (serverExited) return false;
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return false;
}

if (!(await waitForHealth())) {
  console.error(`The server did not answer GET /api/v1/health within ${SERVER_START_TIMEOUT_MS / 1000} s.`);
  await cleanExit(1);
}

testsRunning = true;
const testCode = await runNode([BIN.playwright, 'test', ...process.argv.slice(2)], {
  env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
});
await cleanExit(testCode);
