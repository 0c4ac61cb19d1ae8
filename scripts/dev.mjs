// `npm run dev` (DESIGN.md section 4): the API under `tsx watch` on port 3000 and the Vite dev server
// (port 5173, proxying /api and /uploads to the API, see vite.config.ts) side by side. When either
// stops, or on Ctrl+C, both are stopped.
import { spawn } from 'node:child_process';
import { BIN, ROOT, exitCodeOf } from './lib.mjs';

const env = {
  ...process.env,
  // vite.config.ts proxies to this port.
  PORT: '3000',
  // The browser is on the Vite origin: mail links and payment return URLs must point there.
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};

// Each child leads its own process group so that stopping it also stops what it spawned
// (tsx watch runs the server in a grandchild). Their stdin is closed: a background process group
// reading the terminal would be stopped by SIGTTIN.
const children = [
  {
    name: 'api',
    child: spawn(process.execPath, [BIN.tsx, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    }),
  },
  {
    name: 'web',
    child: spawn(process.execPath, [BIN.vite], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    }),
  },
];

let stopping = false;
let exitCode = 0;

function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const { child } of children) signalGroup(child, 'SIGTERM');
  // A child that ignores SIGTERM must not keep the terminal busy.
  setTimeout(() => {
    for (const { child } of children) signalGroup(child, 'SIGKILL');
  }, 5000).unref();
}

for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(`[${name}] could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[${name}] stopped (${signal ?? `exit code ${code}`}); stopping the other process.`);
    stopAll(stopping ? exitCode : exitCodeOf(code, signal) || 1);
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
// Last resort if we die for another reason: never leave orphan servers behind.
process.on('exit', () => {
  for (const { child } of children) signalGroup(child, 'SIGKILL');
});
