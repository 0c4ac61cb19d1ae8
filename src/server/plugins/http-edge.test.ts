import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages/common.ts';
import type { App } from '../app-types.ts';
import { loadConfig } from '../config.ts';
import { registerCompression } from './compression.ts';
import { registerWebsocketGuard, registerWebsocketServer } from './websocket.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';

/**
 * The HTTP edge over a real socket: what Node's parser and Fastify's router refuse never reaches
 * `app.inject`, so these requests are written byte for byte.
 */
type RawResponse = { status: number; headers: string; body: string };

function rawRequest(port: number, text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    const finish = () => {
      socket.destroy();
      const [head = '', ...rest] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: rest.join('\r\n\r\n'),
      });
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      // An accepted upgrade keeps the connection open: its status line is all we need.
      if (received.startsWith('HTTP/1.1 101')) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error) => (received ? finish() : reject(error)));
  });
}

const get = (path: string, extraHeaders = '') =>
  `GET ${path} HTTP/1.1\r\nHost: appui.test\r\n${extraHeaders}Connection: close\r\n\r\n`;

const upgrade = (path: string, extraHeaders = '') =>
  `GET ${path} HTTP/1.1\r\nHost: appui.test\r\n${extraHeaders}Upgrade: websocket\r\nConnection: Upgrade\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

describe('errors refused before any route are French {detail, code}', () => {
  it('answers a badly percent-encoded URL with 400', async () => {
    const response = await rawRequest(port, get('/api/v1/offers/%E0%A4%A'));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: apiErrors.badUrl, code: ErrorCode.BAD_URL });
  });

  it('answers a path parameter over the router limit with 414', async () => {
    const response = await rawRequest(port, get(`/api/v1/offers/${'a'.repeat(200)}`));
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({ detail: apiErrors.uriTooLong, code: ErrorCode.URI_TOO_LONG });
  });

  it('answers oversized headers, and a URL over the parser limit, with 431', async () => {
    for (const text of [
      get('/api/v1/health', `X-Big: ${'a'.repeat(20_000)}\r\n`),
      get(`/api/v1/offers/?q=${'a'.repeat(20_000)}`),
    ]) {
      const response = await rawRequest(port, text);
      expect(response.status).toBe(431);
      expect(response.headers).toContain('Content-Type: application/json; charset=utf-8');
      expect(JSON.parse(response.body)).toEqual({
        detail: apiErrors.headersTooLarge,
        code: ErrorCode.HEADERS_TOO_LARGE,
      });
    }
  });

  it('answers a request Node cannot parse with 400', async () => {
    const response = await rawRequest(port, 'HELLO\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ detail: apiErrors.badRequest, code: ErrorCode.BAD_REQUEST });
  });

  it('answers a very long id outside the API with 404', async () => {
    const response = await rawRequest(port, get(`/${'a'.repeat(300)}`));
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('keeps the JSON 404 of unknown API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: apiErrors.routeNotFound, code: ErrorCode.ROUTE_NOT_FOUND });
  });
});

describe('security headers', () => {
  it('forbids framing with the CSP only, without a contradicting X-Frame-Options', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});

describe('OpenAPI UI', () => {
  const base = { DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(32) };

  it('is off in production unless OPENAPI_UI enables it, on elsewhere', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS_SIMULATOR: 'true' }).openApiUi).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS_SIMULATOR: 'true', OPENAPI_UI: 'true' }).openApiUi).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).openApiUi).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', OPENAPI_UI: 'false' }).openApiUi).toBe(false);
  });

  it('serves the UI and its JSON when on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toHaveProperty('openapi');
  });

  it('serves neither the UI nor its JSON when off', async () => {
    const off = await buildTestApp({ OPENAPI_UI: 'false' });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const response = await off.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ code: ErrorCode.ROUTE_NOT_FOUND });
      }
    } finally {
      await off.close();
    }
  });
});

describe('WebSocket upgrades', () => {
  it('refuses an upgrade on an HTTP route or an unknown path with a French 404', async () => {
    // /api/v1/ws is the app socket (modules/realtime): its refusals are tested there.
    for (const path of ['/api/v1/health', '/api/v1/messages/unread', '/api/v1/wss', '/dashboard']) {
      const response = await rawRequest(port, upgrade(path));
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body), path).toEqual({
        detail: apiErrors.websocketNotHere,
        code: ErrorCode.WEBSOCKET_NOT_HERE,
      });
    }
  });

  it('accepts an upgrade on a socket endpoint only', async () => {
    const app = Fastify() as unknown as App;
    registerWebsocketGuard(app);
    await registerWebsocketServer(app);
    // Accepting is all this test looks at; closing the app closes the socket.
    app.get('/socket', { websocket: true }, () => undefined);
    app.get('/plain', () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socketPort = (app.server.address() as AddressInfo).port;
      expect((await rawRequest(socketPort, upgrade('/socket'))).status).toBe(101);
      expect((await rawRequest(socketPort, upgrade('/plain'))).status).toBe(404);
      expect((await rawRequest(socketPort, get('/plain'))).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('accepts an upgrade from a browser that accepts compressed answers, compression on', async () => {
    const app = Fastify() as unknown as App;
    await registerCompression(app);
    registerWebsocketGuard(app);
    await registerWebsocketServer(app);
    app.get('/socket', { websocket: true }, () => undefined);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socketPort = (app.server.address() as AddressInfo).port;
      const response = await rawRequest(socketPort, upgrade('/socket', 'Accept-Encoding: gzip, deflate, br\r\n'));
      expect(response.status).toBe(101);
      expect(response.headers).not.toMatch(/content-encoding/i);
    } finally {
      await app.close();
    }
  });
});

describe('compression of the real app', () => {
  const headers = { 'accept-encoding': 'gzip, deflate, br' };

  it('compresses a large JSON answer in brotli', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });

  it('leaves the health probe and small errors as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers });
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: ErrorCode.ROUTE_NOT_FOUND });
  });
});
