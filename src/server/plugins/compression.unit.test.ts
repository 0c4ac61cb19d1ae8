import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-types.ts';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.ts';
import { registerSpa } from './spa.ts';
import { withPublicConfig } from './ssr.ts';
import { DEFAULT_PUBLIC_CONFIG } from '#shared/schemas/public-config.ts';

/** What each answer's body is, decoded as its Content-Encoding says. */
function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.rawPayload);
    case 'gzip':
      return gunzipSync(response.rawPayload);
    case undefined:
      return response.rawPayload;
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`);
  }
}

describe('compressed answers', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'appui-compress-'));
  const webDir = path.join(root, 'web');
  const app = Fastify() as unknown as App;
  // A search answer of some size: repetitive JSON, as real lists are.
  const list = {
    items: Array.from({ length: 40 }, (_, index) => ({ id: index, title: `Écoute bienveillante ${index}` })),
  };
  const script = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `ligne ${i}`))};`;
  const html = `<!doctype html><html lang="fr"><body>${'<p>Appui</p>'.repeat(200)}<!--app-config--></body></html>`;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    // What the build writes (vite.config.ts): each text file with its .br and .gz copies.
    for (const [file, content] of [
      ['index.html', html],
      [path.join('assets', 'main-abc.js'), script],
    ] as const) {
      writeFileSync(path.join(webDir, file), content);
      writeFileSync(path.join(webDir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(webDir, `${file}.gz`), gzipSync(content));
    }
    writeFileSync(path.join(webDir, 'app.html'), '<html>shell</html>');
    await registerCompression(app);
    app.get('/api/v1/list', () => list);
    app.get('/api/v1/health', () => ({ status: 'ok', padding: 'x'.repeat(2 * COMPRESSION_THRESHOLD_BYTES) }));
    app.get('/api/v1/small', () => ({ status: 'ok' }));
    app.get('/api/v1/receipt.pdf', (_request, reply) =>
      reply.type('application/pdf').send(Buffer.from(`%PDF-1.7 ${'0'.repeat(4000)}`)),
    );
    await registerSpa(app, { dataDir: path.join(root, 'data'), webDir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers JSON in brotli, gzip or identity as Accept-Encoding allows, with the same content', async () => {
    const expected = JSON.stringify(list);
    expect(Buffer.byteLength(expected)).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/list',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(decoded(response).toString('utf8'), accept).toBe(expected);
      if (encoding) {
        expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length, accept).toBeLessThan(Buffer.byteLength(expected) / 2);
        expect(Number(response.headers['content-length']), accept).toBe(response.rawPayload.length);
      }
    }
  });

  it('sends small answers, the health probe and PDFs as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.inject({ method: 'GET', url: '/api/v1/small', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    // The probe is left out by its route, whatever its size.
    const health = await app.inject({ method: 'GET', url: '/api/v1/health', headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
    const pdf = await app.inject({ method: 'GET', url: '/api/v1/receipt.pdf', headers });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.7');
  });

  it('serves the build’s precompressed copies, once, with immutable caching for hashed assets', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/main-abc.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      // Decoding once gives the file: the copy was not compressed a second time on the way out,
      // and it is the build's copy (its length), not one compressed per request.
      expect(decoded(response).toString('utf8'), accept).toBe(script);
      const sent = encoding === 'br' ? brotliCompressSync(script) : encoding === 'gzip' ? gzipSync(script) : script;
      expect(Number(response.headers['content-length']), accept).toBe(Buffer.byteLength(sent));
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
    }
  });

  // The shell is filled with the public config per answer, so it is compressed then, not read from the
  // build's .br and .gz copies.
  it('serves the page HTML compressed, its public config filled in, never cached stale', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accept } });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/text\/html/);
      expect(response.headers['cache-control'], accept).toBe('no-cache');
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(response).toString('utf8'), accept).toBe(withPublicConfig(html, DEFAULT_PUBLIC_CONFIG));
    }
  });
});
