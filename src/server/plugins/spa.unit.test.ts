import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-types.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerSpa } from './spa.ts';
import { fillTemplate, type RenderedPage } from './ssr.ts';

describe('SPA serving', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'appui-spa-'));
  const webDir = path.join(root, 'web');
  const app = Fastify() as unknown as App;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<html>shell<!--app-config--></html>');
    writeFileSync(path.join(webDir, 'assets', 'main-abc.js'), 'console.log(1)');
    registerErrorHandler(app);
    await registerSpa(app, { dataDir: path.join(root, 'data'), webDir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers pages with the empty shell when there is no server renderer, and serves assets', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('shell');
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

const TEMPLATE = [
  '<html><head><meta charset="UTF-8" />',
  '<!--app-head--><title>Défaut</title><!--/app-head-->',
  '</head><body><div id="root"><!--app-html--></div>',
  '<!--app-state--><!--app-config--><script type="module" src="/assets/main.js"></script></body></html>',
].join('\n');

describe('server-rendered pages (issue 11 section 2)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'appui-ssr-'));
  const webDir = path.join(root, 'web');
  const app = Fastify() as unknown as App;
  const rendered: string[] = [];
  const signals = new Map<string, AbortSignal | undefined>();
  const page = (status: number, text: string): RenderedPage => ({
    status,
    html: `<main>${text}</main>`,
    head: `<title>${text}</title>`,
    state: '{"queries":{"mutations":[],"queries":[]},"hydrate":true}',
  });

  beforeAll(async () => {
    mkdirSync(webDir, { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    registerErrorHandler(app);
    await registerSpa(app, {
      dataDir: path.join(root, 'data'),
      webDir,
      renderTimeoutMs: 50,
      renderPage: (url, signal) => {
        rendered.push(url);
        signals.set(url, signal);
        if (url.startsWith('/book/unknown')) return Promise.resolve(page(404, 'Offre non trouvée'));
        if (url.startsWith('/book/')) return Promise.resolve(page(200, 'Une offre'));
        if (url === '/broken') return Promise.reject(new Error('API down'));
        if (url === '/about') return new Promise<never>(() => undefined); // a database that never answers
        return Promise.resolve(null);
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the rendered page with its status, never cached stale, the query string passed on', async () => {
    const ok = await app.inject({ method: 'GET', url: '/book/abc?x=1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-cache');
    expect(ok.headers['content-type']).toContain('text/html');
    expect(ok.body).toContain('<div id="root"><main>Une offre</main></div>');
    expect(ok.body).toContain('<title>Une offre</title>');
    expect(ok.body).not.toContain('Défaut');
    expect(ok.body).toContain('<script type="application/json" id="appui-ssr-state">{"queries"');
    expect(rendered).toContain('/book/abc?x=1');
    const missing = await app.inject({ method: 'GET', url: '/book/unknown' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Offre non trouvée');
  });

  it('sends the shell for a page it does not render, and when rendering fails', async () => {
    const shell = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>Défaut</title>');
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(404);
    expect(broken.body).toContain('<title>Défaut</title>');
  });

  it('sends the shell when rendering takes longer than its timeout', async () => {
    const slow = await app.inject({ method: 'GET', url: '/about' });
    expect(slow.statusCode).toBe(200);
    expect(slow.body).toContain('<title>Défaut</title>');
    expect(slow.body).toContain('<div id="root"><!--app-html--></div>');
    // The renderer is told, so that it does not render a page whose answer is already gone.
    expect(signals.get('/about')?.aborted).toBe(true);
    const ok = await app.inject({ method: 'GET', url: '/book/abc' });
    expect(ok.statusCode).toBe(200);
    expect(signals.get('/book/abc')?.aborted).toBe(false);
  });

  it('never renders API paths or files', async () => {
    rendered.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/nope' });
    await app.inject({ method: 'GET', url: '/book/x.js' });
    expect(rendered).toEqual([]);
  });
});

describe('fillTemplate', () => {
  const page: RenderedPage = {
    status: 200,
    html: '<p>Prix : 10 $& plus</p>',
    head: '<title>Titre</title>',
    state: '{"a":"\\u003c/script>"}',
  };

  it('puts the head in place of the default one, the page in #root and the state in a JSON script', () => {
    const html = fillTemplate(TEMPLATE, page);
    expect(html).toContain('<meta charset="UTF-8" />\n<title>Titre</title>\n</head>');
    expect(html).toContain('<div id="root"><p>Prix : 10 $& plus</p></div>');
    expect(html).toContain('<script type="application/json" id="appui-ssr-state">{"a":"\\u003c/script>"}</script>');
    expect(html).not.toMatch(/<!--app-(head|html|state)-->/);
  });

  it('refuses a template that lost a marker', () => {
    expect(() => fillTemplate(TEMPLATE.replace('<!--app-state-->', ''), page)).toThrow(/markers/);
    expect(() => fillTemplate(TEMPLATE.replace('<!--/app-head-->', ''), page)).toThrow(/markers/);
  });
});

describe('the public config in every page', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'appui-config-'));
  const webDir = path.join(root, 'web');
  const demoApp = Fastify() as unknown as App;
  const plainApp = Fastify() as unknown as App;
  const renderPage = (url: string) =>
    Promise.resolve(
      url === '/a-propos'
        ? { status: 200, html: '<main>Rendu</main>', head: '<title>Rendu</title>', state: '{}' }
        : null,
    );
  const configScript = (flag: boolean) =>
    `<script type="application/json" id="appui-public-config">{"demo_banner":${flag}}</script>`;

  beforeAll(async () => {
    mkdirSync(webDir, { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), TEMPLATE);
    await registerSpa(demoApp, {
      dataDir: path.join(root, 'data'),
      webDir,
      renderPage,
      publicConfig: { demo_banner: true },
    });
    await registerSpa(plainApp, { dataDir: path.join(root, 'data'), webDir, renderPage });
  });

  afterAll(async () => {
    await Promise.all([demoApp.close(), plainApp.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  it('tells the browser of the demonstration banner on the shell and on a server-rendered page', async () => {
    for (const url of ['/dashboard', '/a-propos', '/nope']) {
      const response = await demoApp.inject({ method: 'GET', url });
      expect(response.body, url).toContain(configScript(true));
      expect(response.body).not.toContain('<!--app-config-->');
    }
    expect((await demoApp.inject({ method: 'GET', url: '/a-propos' })).body).toContain('<main>Rendu</main>');
  });

  it('says no banner by default', async () => {
    for (const url of ['/dashboard', '/a-propos']) {
      expect((await plainApp.inject({ method: 'GET', url })).body).toContain(configScript(false));
    }
  });
});
