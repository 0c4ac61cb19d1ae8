import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

/** One call the page made: method, API path (without /api/v1), headers and JSON body. */
export type StubbedCall = { method: string; path: string; headers: Headers; body: unknown };

/**
 * Stubs fetch: `routes` answer by "METHOD /path" (the API path without /api/v1), anything else is a
 * French 404. Every call is recorded, in order.
 */
export function stubApiRoutes(routes: Record<string, () => Response>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      calls.push({
        method,
        path,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const route = routes[`${method} ${path}`];
      return route ? route() : jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

/**
 * jsdom has no object URLs: a download gets stand-ins, and `restore` puts back what was there
 * (call it after each test).
 */
export function stubObjectUrls(): { createObjectURL: ReturnType<typeof vi.fn>; restore: () => void } {
  const originals = {
    createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  const createObjectURL = vi.fn(() => 'blob:download');
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  return {
    createObjectURL,
    restore() {
      for (const [name, original] of Object.entries(originals)) {
        if (original) Object.defineProperty(URL, name, original);
        else Reflect.deleteProperty(URL, name);
      }
    },
  };
}

/** A JSON document the API hands out as a download, under `fileName` (Content-Disposition). */
export function attachmentResponse(body: unknown, fileName: string): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });
}

/** The file names the page's downloads were saved under, in order (the link's click is caught). */
export function savedDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
