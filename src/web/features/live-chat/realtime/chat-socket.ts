import { API_BASE_PATH, CHAT_RECONNECT_DELAY_MS } from '#shared/constants.ts';
import { ChatSocketOutboundSchema, type ChatMessage, type ChatSocketOutbound } from '#shared/schemas/chat.ts';
import { detachSocket, parseFrame, type BrowserSocket } from '#web/lib/socket-frames.ts';

/**
 * The live chat's socket (spec 2 sections 4 and 7): /api/v1/support/chat/ws with the session id and
 * its tokens. Frames are read with ChatSocketOutboundSchema; what fails is dropped. A close 1008
 * (bad token, finished session) or 1006, or a socket error, ends the chat for good: the caller
 * forgets the stored session. Any other close reconnects after 3 s, asking for the messages after
 * the last one received (`after=`), so nothing is lost across the gap.
 */

export type ChatConnection = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket this client uses (a fake one is injected in tests). */
export type ChatSocketLike = BrowserSocket & { send: (data: string) => void };

/** Spec 2 section 4: these closes (and any socket error) clear the stored session. */
export const CHAT_FATAL_CLOSE_CODES: readonly number[] = [1008, 1006];

export type ChatSocketParams = {
  sessionId: string;
  authToken: string | null;
  sessionToken: string | null;
  /** The last message id already shown: the server sends only what comes after it. */
  after: string | null;
};

/** ws(s)://host/api/v1/support/chat/ws?session_id=…[&auth_token=…][&session_token=…][&after=…] */
export function chatSocketUrl(origin: string, params: ChatSocketParams): string {
  const query = new URLSearchParams({ session_id: params.sessionId });
  if (params.authToken) query.set('auth_token', params.authToken);
  if (params.sessionToken) query.set('session_token', params.sessionToken);
  if (params.after) query.set('after', params.after);
  return `${origin.replace(/^http/, 'ws')}${API_BASE_PATH}/support/chat/ws?${query.toString()}`;
}

/** One frame as a chat socket message, or null when it is not one. */
export function parseChatFrame(data: unknown): ChatSocketOutbound | null {
  return parseFrame(data, ChatSocketOutboundSchema);
}

export type ChatSocketOptions = {
  origin: string;
  sessionId: string;
  /** Read at each connection: the auth token of the moment (null for a guest). */
  authToken: () => string | null;
  sessionToken: string | null;
  /** The last message id the caller already has (null: the server sends the whole history). */
  after: string | null;
  onMessage: (message: ChatMessage) => void;
  onSystem: (frame: Extract<ChatSocketOutbound, { type: 'system_message' }>) => void;
  onConnection: (connection: ChatConnection) => void;
  /** 1008, 1006 or a socket error: the session is closed or expired (the client has stopped). */
  onExpired: () => void;
  /** The socket could not even be created (bad address, refused by the browser); it retries in 3 s. */
  onConnectFailed: () => void;
  createSocket?: (url: string) => ChatSocketLike;
  reconnectDelayMs?: number;
};

export class ChatSocketClient {
  private readonly options: ChatSocketOptions;
  private readonly createSocket: (url: string) => ChatSocketLike;
  private socket: ChatSocketLike | null = null;
  private opened = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private halted = false;
  private cursor: string | null;
  private connection: ChatConnection = 'closed';

  constructor(options: ChatSocketOptions) {
    this.options = options;
    this.cursor = options.after;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  /** The last message id received (or given at start): where a reconnection resumes. */
  get lastMessageId(): string | null {
    return this.cursor;
  }

  start(): void {
    if (this.halted || this.socket || this.timer !== null) return;
    this.connect();
  }

  /** Closes for good (dialog closed, chat ended, new chat). */
  stop(): void {
    this.halted = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detachSocket(socket);
      socket.close(1000);
    }
    this.setConnection('closed');
  }

  /**
   * Sends a message over the open socket; false when it is not open (the caller then uses REST).
   * Whether the server stored it shows by the message coming back (or a system line saying no).
   */
  send(content: string): boolean {
    const socket = this.socket;
    if (!socket || !this.opened) return false;
    try {
      socket.send(JSON.stringify({ type: 'chat_message', content }));
      return true;
    } catch {
      return false;
    }
  }

  private connect(): void {
    this.setConnection('connecting');
    let socket: ChatSocketLike;
    try {
      socket = this.createSocket(
        chatSocketUrl(this.options.origin, {
          sessionId: this.options.sessionId,
          authToken: this.options.authToken(),
          sessionToken: this.options.sessionToken,
          after: this.cursor,
        }),
      );
    } catch {
      this.setConnection('closed');
      this.options.onConnectFailed();
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.opened = false;
    socket.onopen = () => {
      this.opened = true;
      this.setConnection('open');
    };
    socket.onmessage = (event) => {
      const frame = parseChatFrame(event.data);
      if (!frame) return;
      if (frame.type === 'chat_message') {
        this.cursor = frame.message.id;
        this.options.onMessage(frame.message);
      } else {
        this.options.onSystem(frame);
      }
    };
    socket.onerror = () => {
      if (this.socket === socket) this.expire(socket);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (CHAT_FATAL_CLOSE_CODES.includes(event.code)) {
        this.expire(socket);
        return;
      }
      detachSocket(socket);
      this.socket = null;
      this.opened = false;
      this.scheduleReconnect();
    };
  }

  private expire(socket: ChatSocketLike): void {
    detachSocket(socket);
    this.socket = null;
    this.opened = false;
    this.halted = true;
    this.clearTimer();
    socket.close();
    this.setConnection('closed');
    this.options.onExpired();
  }

  private scheduleReconnect(): void {
    this.setConnection('closed');
    if (this.halted) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.halted) this.connect();
    }, this.options.reconnectDelayMs ?? CHAT_RECONNECT_DELAY_MS);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setConnection(connection: ChatConnection): void {
    if (this.connection === connection) return;
    this.connection = connection;
    this.options.onConnection(connection);
  }
}
