// Helpers shared by the npm scripts (start, dev, test:e2e). Plain Node: they must run on a fresh clone
// right after `npm install`, with nothing installed globally.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Binaries run through `node <script>` rather than node_modules/.bin shims, so Windows works too. */
export const BIN = {
  vite: path.join(ROOT, 'node_modules/vite/bin/vite.js'),
  tsx: path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
  playwright: path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
};

export const WEB_INDEX = path.join(ROOT, 'dist/web/index.html');
/** The server-side renderer of the public pages (`vite build --ssr`, loaded by src/server/plugins/ssr.ts). */
export const SSR_ENTRY = path.join(ROOT, 'dist/ssr/entry-server.js');

/** Everything whose change makes the built web app stale. */
const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'index.html', 'public'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows in its folder's mtime
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when dist/web/index.html or dist/ssr/entry-server.js is missing or older than the newest web or shared source. */
export function webBuildIsStale() {
  if (!existsSync(WEB_INDEX) || !existsSync(SSR_ENTRY)) return true;
  const built = Math.min(statSync(WEB_INDEX).mtimeMs, statSync(SSR_ENTRY).mtimeMs);
  return WEB_SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/** Exit code a shell would report for a child that ended with `code` or was killed by `signal`. */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** Runs a node script to completion with inherited stdio; resolves with its exit code. */
export function runNode(args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(exitCodeOf(code, signal));
    });
  });
}

/** `npm run build`: the browser's bundle into dist/web, then the server renderer into dist/ssr. */
export async function buildWeb() {
  const code = await runNode([BIN.vite, 'build']);
  return code === 0 ? runNode([BIN.vite, 'build', '--ssr']) : code;
}

/** A TCP port free on loopback right now (the OS picks it). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
