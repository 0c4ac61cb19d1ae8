import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { ApiError, api, apiUpload, buildQueryString, errorTextFromBody } from './api-client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('errorTextFromBody', () => {
  it('uses a string detail as is', () => {
    expect(errorTextFromBody({ detail: 'Adresse e-mail ou mot de passe incorrect.', code: 'X' })).toBe(
      'Adresse e-mail ou mot de passe incorrect.',
    );
  });

  it('joins a validation list with ", ", rewording e-mail items and defaulting empty messages', () => {
    const body = {
      detail: [
        { loc: ['body', 'email'], msg: 'Adresse e-mail invalide.', type: 'invalid_format' },
        { loc: ['body', 'password'], msg: 'Le mot de passe doit contenir au moins 6 caractères', type: 'too_small' },
        { loc: ['body', 'username'], msg: '', type: 'custom' },
      ],
    };
    expect(errorTextFromBody(body)).toBe(
      'Veuillez entrer une adresse email valide (ex: nom@exemple.fr), Le mot de passe doit contenir au moins 6 caractères, Erreur de validation',
    );
  });

  it('serialises a non-string, non-list detail', () => {
    expect(errorTextFromBody({ detail: { reason: 'x' } })).toBe('{"reason":"x"}');
  });

  it('falls back to message, then to "Erreur API"', () => {
    expect(errorTextFromBody({ message: 'Quelque chose' })).toBe('Quelque chose');
    expect(errorTextFromBody({})).toBe('Erreur API');
    expect(errorTextFromBody('texte')).toBe(apiErrors.fallback);
  });
});

describe('buildQueryString', () => {
  it('sends skip and limit only when non-zero and drops empty values', () => {
    expect(buildQueryString({ skip: 0, limit: 0, search: '' })).toBe('');
    expect(buildQueryString({ skip: 20, limit: 10, category: 'carriere', x: undefined })).toBe(
      '?skip=20&limit=10&category=carriere',
    );
  });
});

describe('api requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls /api/v1 with the stored bearer token and a JSON body', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-123');
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.post(
      '/auth/login',
      { email: 'a@b.fr', password: 'secret1' },
      { schema: z.object({ ok: z.boolean() }) },
    );
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/login');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.fr', password: 'secret1' }));
  });

  it('sends no Authorization header when logged out', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/offers/', { query: { skip: 0, limit: 8 }, schema: z.array(z.never()) });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/offers/?limit=8');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('throws an ApiError carrying status, code and the French text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, {
          detail: 'Les administrateurs ne peuvent pas changer de rôle',
          code: 'ADMIN_ROLE_CHANGE_NOT_ALLOWED',
        }),
      ),
    );
    const error = await api.post('/users/toggle-role').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'ADMIN_ROLE_CHANGE_NOT_ALLOWED',
      message: 'Les administrateurs ne peuvent pas changer de rôle',
    });
  });

  it('reads an unreadable error body as "Une erreur est survenue"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await api.get('/users/me', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: null, message: 'Une erreur est survenue' });
  });

  it('parses the answer with the given schema, and gives nothing back without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { role: 'helper', extra: 'x' })),
    );
    await expect(api.get('/users/me', { schema: z.object({ role: z.literal('helper') }) })).resolves.toEqual({
      role: 'helper',
    });
    await expect(api.get('/users/me', { schema: z.object({ role: z.literal('admin') }) })).rejects.toThrow();
    await expect(api.post('/users/toggle-role')).resolves.toBeUndefined();
  });

  it('parses with a schema loaded on first use, the load running while the request is in flight', async () => {
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        order.push('fetch');
        return jsonResponse(200, { role: 'helper', extra: 'x' });
      }),
    );
    const load = (role: 'helper' | 'admin') => async () => {
      order.push('load');
      return z.object({ role: z.literal(role) });
    };
    await expect(api.get('/users/me', { schema: load('helper') })).resolves.toEqual({ role: 'helper' });
    expect(order).toEqual(['load', 'fetch']);
    await expect(api.get('/users/me', { schema: load('admin') })).rejects.toThrow();
    // A failed load fails the call, after the request, never as an unhandled rejection.
    const failing = () => Promise.reject(new Error('chunk load failed'));
    await expect(api.get('/users/me', { schema: failing })).rejects.toThrow('chunk load failed');
  });

  it('sends no write whose schema cannot load: the server never acts on a call reported as failed', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { id: 'b1' }));
    vi.stubGlobal('fetch', fetch);
    const failing = () => Promise.reject(new Error('chunk load failed'));
    await expect(api.post('/bookings/', { offer_id: 'o1' }, { schema: failing })).rejects.toThrow('chunk load failed');
    expect(fetch).not.toHaveBeenCalled();
    const loaded = async () => z.object({ id: z.string() });
    await expect(api.post('/bookings/', { offer_id: 'o1' }, { schema: loaded })).resolves.toEqual({ id: 'b1' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uploads a file as multipart without forcing a content type', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { success: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });
    await apiUpload('/users/me/avatar', file, { schema: z.object({ success: z.boolean() }) });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/users/me/avatar');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
