import WebSocket from 'ws';
import { ChatSocketOutboundSchema, type ChatSocketOutbound } from '#shared/schemas/chat.ts';
import { freshAddress, type Refusal } from './sockets.ts';

/** An open live-chat socket whose frames are parsed with ChatSocketOutboundSchema (a frame that fails it throws). */
export type ChatTestSocket = {
  socket: WebSocket;
  /** The next frame, in order; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ChatSocketOutbound>;
  /** Frames received and not yet taken by next(). */
  pending(): ChatSocketOutbound[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): Promise<{ code: number; reason: string }>;
};

export type ChatSocketQuery = {
  session_id?: string;
  auth_token?: string;
  session_token?: string;
  after?: string;
};

/** Opens /api/v1/support/chat/ws: the open socket, or the refusal answered before the upgrade. */
export function connectChat(
  base: string,
  query: ChatSocketQuery,
  headers: Record<string, string> = {},
): Promise<ChatTestSocket | Refusal> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  const socket = new WebSocket(`${base}/api/v1/support/chat/ws?${params.toString()}`, {
    headers: { 'x-forwarded-for': freshAddress(), ...headers },
  });
  const frames: ChatSocketOutbound[] = [];
  const waiters: Array<(frame: ChatSocketOutbound) => void> = [];
  socket.on('message', (data: Buffer) => {
    const frame = ChatSocketOutboundSchema.parse(JSON.parse(data.toString('utf8')));
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        closed,
        pending: () => [...frames],
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        next(timeoutMs = 5000) {
          const frame = frames.shift();
          if (frame) return Promise.resolve(frame);
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(onFrame), 1);
              rejectFrame(new Error(`no chat frame within ${timeoutMs} ms`));
            }, timeoutMs);
            const onFrame = (received: ChatSocketOutbound) => {
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

/** Opens a chat socket that must be accepted and takes its first frame (the connected line). */
export async function connectChatOk(
  base: string,
  query: ChatSocketQuery,
): Promise<ChatTestSocket & { connected: Extract<ChatSocketOutbound, { type: 'system_message' }> }> {
  const result = await connectChat(base, query);
  if ('status' in result) throw new Error(`chat socket refused: ${result.status} ${JSON.stringify(result.body)}`);
  const connected = await result.next();
  if (connected.type !== 'system_message') throw new Error(`first chat frame is ${connected.type}`);
  return { ...result, connected };
}

/** The chat message of the next frame (throws on any other frame). */
export async function nextChatMessage(socket: ChatTestSocket, timeoutMs?: number) {
  const frame = await socket.next(timeoutMs);
  if (frame.type !== 'chat_message') throw new Error(`expected chat_message, got ${JSON.stringify(frame)}`);
  return frame.message;
}
