import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-types.ts';
import { registerSpa } from './spa.ts';

describe('SPA serving', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'appui-spa-'));
  const webDir = path.join(root, 'web');
  const app = Fastify() as unknown as App;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<html>landing</html>');
    writeFileSync(path.join(webDir, 'app.html'), '<html>shell</html>');
    writeFileSync(path.join(webDir, 'assets', 'main-abc.js'), 'console.log(1)');
    await registerSpa(app, { dataDir: path.join(root, 'data'), webDir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the web root with the pre-rendered landing page', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('landing');
  });

  it('answers other pages with the empty shell and serves assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/recherche?search=deuil' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('shell');
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});
