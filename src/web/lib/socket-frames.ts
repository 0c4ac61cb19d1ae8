import type { z } from 'zod';

/** The part of the browser's WebSocket the socket clients use (a fake one is injected in tests). */
export type BrowserSocket = {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: (code?: number, reason?: string) => void;
};

/** One text frame read as JSON with `schema`, or null when it is not one (not text, not JSON, wrong shape). */
export function parseFrame<T>(data: unknown, schema: z.ZodType<T>): T | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Stops listening to a socket being left behind, so its late events change nothing. */
export function detachSocket(socket: BrowserSocket): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}
