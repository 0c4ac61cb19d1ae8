import { ChatSocketOutboundSchema, type ChatSocketOutbound } from '#shared/schemas/chat.ts';
import { isRefusal, openFrameSocket, type FrameSocket, type Refusal } from './sockets.ts';

/** An open live-chat socket whose frames are parsed with ChatSocketOutboundSchema (a frame that fails it throws). */
export type ChatTestSocket = FrameSocket<ChatSocketOutbound> & {
  /** Sends a frame: a string as it is, anything else as JSON. */
  send(frame: unknown): void;
};

export type ChatSocketQuery = {
  session_id?: string;
  auth_token?: string;
  session_token?: string;
  after?: string;
};

/** Opens /api/v1/support/chat/ws: the open socket, or the refusal answered before the upgrade. */
export async function connectChat(
  base: string,
  query: ChatSocketQuery,
  headers: Record<string, string> = {},
): Promise<ChatTestSocket | Refusal> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  const result = await openFrameSocket(
    `${base}/api/v1/support/chat/ws?${params.toString()}`,
    (value) => ChatSocketOutboundSchema.parse(value),
    { headers },
  );
  if (isRefusal(result)) return result;
  return {
    ...result,
    send: (frame) => result.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}

/** Opens a chat socket that must be accepted and takes its first frame (the connected line). */
export async function connectChatOk(
  base: string,
  query: ChatSocketQuery,
): Promise<ChatTestSocket & { connected: Extract<ChatSocketOutbound, { type: 'system_message' }> }> {
  const result = await connectChat(base, query);
  if (isRefusal(result)) throw new Error(`chat socket refused: ${result.status} ${JSON.stringify(result.body)}`);
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
