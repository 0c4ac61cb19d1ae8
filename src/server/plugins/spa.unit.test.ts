import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-types.ts';
import { registerErrorHandler } from './error-handler.ts';
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
    registerErrorHandler(app);
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

  it('answers an address that is no page with 404 and the shell, which shows "Page non trouvée"', async () => {
    for (const url of ['/nope', '/mentors', '/support/faq', '/..%2f..%2fetc/passwd']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('shell');
    }
    const page = await app.inject({ method: 'GET', url: '/mentors/0b9f8a52-4c1e-4a6b-9a43-2f1d3c5e7a90' });
    expect(page.statusCode).toBe(200);
  });

  it('answers a very long id with 404, never 403', async () => {
    const long = 'a'.repeat(300);
    for (const url of [
      `/${long}`,
      `/mentors/${long}`,
      `/uploads/${long}`,
      `/${'b'.repeat(200)}`.repeat(30),
      '/mentors//x',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 20)).toBe(404);
    }
    const file = await app.inject({ method: 'GET', url: `/uploads/${long}.png` });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
