import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';

let dataDir: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a server process killed with SIGKILL stops answering, then restarts on the same port', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-harness-'));
  server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET: 'harness-secret-harness-secret-0123456789' });
  const firstPid = server.pid();
  expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);

  await server.kill();
  await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();

  await server.restart();
  expect(server.pid()).not.toBe(firstPid);
  expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
});
