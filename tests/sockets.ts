import type { AddressInfo } from 'node:net';
import WebSocket, { type ClientOptions } from 'ws';
import { SocketEventSchema, type SocketEvent } from '#shared/schemas/realtime.ts';
import type { App } from '#server/app-types.ts';

/** A refused handshake: the HTTP status and the JSON body the server answered instead of upgrading. */
export type Refusal = { status: number; body: { detail?: unknown; code?: unknown } };

/** An open app socket whose frames are parsed with SocketEventSchema (a frame that fails it throws). */
export type TestSocket = {
  socket: WebSocket;
  /** The next frame, in order; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SocketEvent>;
  /** Frames received and not yet taken by next(). */
  pending(): SocketEvent[];
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  close(): Promise<number>;
};

/** The app's address once listening on an ephemeral loopback port. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

let forwardedCounter = 0;

/**
 * A distinct client address for each socket (X-Forwarded-For, trusted by the test app's TRUST_PROXY),
 * so the per-address connect limit counts only where a test means it to.
 */
export function freshAddress(): string {
  forwardedCounter += 1;
  return `10.${(forwardedCounter >> 16) & 255}.${(forwardedCounter >> 8) & 255}.${forwardedCounter & 255}`;
}

export type ConnectOptions = {
  token?: string;
  path?: string;
  headers?: Record<string, string>;
  ws?: ClientOptions;
};

/** How a socket closed. */
export type CloseInfo = { code: number; reason: string };

/** An open socket whose frames are read with `parse` as they come (a frame that fails it throws). */
export type FrameSocket<F> = {
  socket: WebSocket;
  /** The next frame, in order; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<F>;
  /** Frames received and not yet taken by next(). */
  pending(): F[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<CloseInfo>;
  close(): Promise<CloseInfo>;
};

/**
 * Opens a socket from a fresh client address: the open socket, whose JSON frames go through
 * `parse`, or the refusal the server answered before upgrading.
 */
export function openFrameSocket<F>(
  url: string,
  parse: (value: unknown) => F,
  options: Pick<ConnectOptions, 'headers' | 'ws'> = {},
): Promise<FrameSocket<F> | Refusal> {
  const socket = new WebSocket(url, {
    ...options.ws,
    headers: { 'x-forwarded-for': freshAddress(), ...options.headers },
  });
  const frames: F[] = [];
  const waiters: Array<(frame: F) => void> = [];
  socket.on('message', (data: Buffer) => {
    const frame = parse(JSON.parse(data.toString('utf8')));
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<CloseInfo>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        closed,
        pending: () => [...frames],
        next(timeoutMs = 5000) {
          const frame = frames.shift();
          if (frame) return Promise.resolve(frame);
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(onFrame), 1);
              rejectFrame(new Error(`no frame within ${timeoutMs} ms`));
            }, timeoutMs);
            const onFrame = (received: F) => {
              clearTimeout(timer);
              resolveFrame(received);
            };
            waiters.push(onFrame);
          });
        },
        close() {
          socket.close();
          return closed;
        },
      }),
    );
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => {
        socket.terminate();
        resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Refusal['body']) : {} });
      });
    });
    socket.once('error', reject);
  });
}

/** Opens an app socket: the open socket, or the refusal the server answered before upgrading. */
export async function connect(base: string, options: ConnectOptions = {}): Promise<TestSocket | Refusal> {
  const path = options.path ?? '/api/v1/ws';
  const url =
    options.token === undefined ? `${base}${path}` : `${base}${path}?token=${encodeURIComponent(options.token)}`;
  const result = await openFrameSocket(url, (value) => SocketEventSchema.parse(value), options);
  if (isRefusal(result)) return result;
  return {
    ...result,
    closed: result.closed.then(({ code }) => code),
    close: () => result.close().then(({ code }) => code),
  };
}

export function isRefusal<T extends object>(value: T | Refusal): value is Refusal {
  return 'status' in value;
}

/** Opens a socket that must be accepted, and takes its `hello`. */
export async function connectOk(
  base: string,
  options: ConnectOptions = {},
): Promise<TestSocket & { hello: Extract<SocketEvent, { type: 'hello' }> }> {
  const result = await connect(base, options);
  if (isRefusal(result)) throw new Error(`socket refused: ${result.status} ${JSON.stringify(result.body)}`);
  const hello = await result.next();
  if (hello.type !== 'hello') throw new Error(`first frame is ${hello.type}, not hello`);
  return { ...result, hello };
}

/** Opens a socket that must be refused. */
export async function connectRefused(base: string, options: ConnectOptions = {}): Promise<Refusal> {
  const result = await connect(base, options);
  if (!isRefusal(result)) {
    await result.close();
    throw new Error('socket accepted where a refusal was expected');
  }
  return result;
}

/** Polls `check` until it holds (state another process or a timer changes). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
