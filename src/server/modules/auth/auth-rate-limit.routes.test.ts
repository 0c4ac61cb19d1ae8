import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/error-codes.ts';
import { apiErrors } from '#shared/messages.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';

// A dedicated app: the limit is per process and per route, and the other suites need a high one.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

describe('auth rate limits (DESIGN.md section 14)', () => {
  it.each([
    ['/auth/login', { email: 'x@exemple.fr', password: 'mauvais' }],
    ['/auth/forgot-password', { email: 'x@exemple.fr' }],
    ['/auth/signup', { email: 'pas-un-email', password: 'secret1' }],
  ])('answers 429 with the French message after the limit on %s', async (url, payload) => {
    for (let i = 0; i < 3; i++) expect((await post(url, payload)).statusCode).not.toBe(429);
    const res = await post(url, payload);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ detail: apiErrors.rateLimited, code: ErrorCode.RATE_LIMITED });
  });

  it('does not limit reset-password, whose 256-bit tokens cannot be guessed', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/reset-password', { token: 'inconnu', new_password: 'secret1' })).statusCode).toBe(400);
    }
  });
});
