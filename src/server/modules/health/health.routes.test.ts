import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeApiSecurityHeaders, computeSecurityHeaders } from '#server/plugins/security.ts';
import { createDatabaseProbe } from './health.routes.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database kind while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.app.ctx.database.kind });
  });

  it('answers unknown API routes with a French 404 in JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', detail: expect.stringContaining('adresse') });
  });

  it('refuses a tampered or alg:none token with 401', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","ver":0}').toString('base64url')}.`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: `Bearer ${none}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it("sends the API's security headers, the JSON type and the body of the schema on its fast path", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    for (const [name, value] of Object.entries(computeApiSecurityHeaders())) expect(res.headers[name]).toBe(value);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ status: 'ok', database: t.app.ctx.database.kind }));
    // The same headers as any other API answer (here a 404 through the error handler).
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    for (const name of Object.keys(computeApiSecurityHeaders())) expect(res.headers[name]).toBe(other.headers[name]);
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-frame-options']) {
      expect(other.headers[name], name).toBeUndefined();
    }
  });

  it('forbids everything in the CSP of an API answer, and keeps the headers that protect one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Page-only headers stay with the pages: the referrer policy acts on a document's requests.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBeUndefined();
  });

  it('sends pages every security header and a strict Content-Security-Policy without inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    for (const [name, value] of Object.entries(computeSecurityHeaders())) expect(res.headers[name]).toBe(value);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });
});

describe('createDatabaseProbe', () => {
  it('shares one ping between calls within the max age and pings again after it', async () => {
    let pings = 0;
    let healthy = true;
    const probe = createDatabaseProbe(async () => {
      pings++;
      if (!healthy) throw new Error('down');
    }, 50);
    expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
    expect(pings).toBe(1);
    healthy = false;
    // Still within the max age, and the answer is known: the boolean itself, no promise to wait for.
    expect(probe()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await probe()).toBe(false);
    expect(pings).toBe(2);
  });
});

describe('GET /api/v1/health with the database gone', () => {
  it('answers 503 with a French message', async () => {
    const t = await buildTestApp();
    await t.app.ctx.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await t.app.close();
  });
});
