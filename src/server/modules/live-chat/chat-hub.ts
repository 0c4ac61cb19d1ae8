import type { RawData, WebSocket } from 'ws';
import { SOCKET_MAX_BUFFERED_BYTES, SOCKET_PING_INTERVAL_MS } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { chat as chatText } from '#shared/messages/chat.ts';
import { apiErrors } from '#shared/messages/common.ts';
import {
  ChatSocketInboundSchema,
  type ChatMessage,
  type ChatSocketOutbound,
  type ChatSession,
} from '#shared/schemas/chat.ts';
import type { AppContext } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { subscribeToBus, type BusEvent } from '../../lib/realtime-bus.ts';
import { isFinished } from './chat-transitions.ts';
import type { ChatCaller } from './chat-access.ts';

type Status = ChatSession['status'];

/** What the hub reads and writes through the live-chat service (a stand-in could replace it). */
export type ChatFeed = {
  /** Who may hold this socket; null when the session is unknown or not theirs (or the token is bad). */
  authenticate(handshake: Handshake): Promise<{ caller: ChatCaller } | null>;
  status(sessionId: string): Promise<Status | null>;
  /** Messages after `after` (a message id of the session), oldest first; all of them for null. */
  messagesAfter(sessionId: string, after: string | null): Promise<ChatMessage[]>;
  /** Stores a message exactly as POST …/messages does. */
  post(caller: ChatCaller, sessionId: string, content: string): Promise<ChatMessage>;
};

export type Handshake = { sessionId: string; authToken?: string; sessionToken?: string; after?: string };

export type ChatHubOptions = { pingIntervalMs: number };

/** Spec 2 sections 4 and 7: 1008 for a bad token or a finished session (the client then forgets it). */
export const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_INTERNAL_ERROR = 1011;

type ChatClient = {
  socket: WebSocket;
  sessionId: string;
  caller: ChatCaller | null;
  /** The last message id sent to this socket: every delivery sends what comes after it. */
  cursor: string | null;
  /** Connected line and catch-up sent: from here on, bus events deliver to it. */
  ready: boolean;
  alive: boolean;
  /** The client's own frames are stored one after the other, in the order it sent them. */
  sending: Promise<void>;
};

/** The sockets of one session on this instance and the queue that keeps its deliveries in order. */
type SessionEntry = { clients: Set<ChatClient>; chain: Promise<void>; pending: number };

/**
 * The live-chat sockets of one app instance (DESIGN.md section 10), by session: a guest has no
 * user id. Every instance subscribes to the bus; a `chat.message` or `chat.session` event of a
 * session with sockets here sends them what they have not had yet. Each socket keeps a cursor (the
 * last message sent to it) and every delivery sends the session's messages after it, in
 * (created_at, id) order, which is commit order: a message is never sent twice nor skipped, whether
 * it came by the catch-up of a (re)connection, by its event, or after the bus listener was lost.
 */
export class ChatHub {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly options: ChatHubOptions;
  private unsubscribe: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly feed: ChatFeed,
    options: Partial<ChatHubOptions> = {},
  ) {
    this.options = { pingIntervalMs: options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS };
  }

  async start(): Promise<void> {
    this.unsubscribe = await subscribeToBus(
      this.ctx.database,
      (event) => this.dispatch(event),
      () => this.resyncAll(),
    );
    this.timer = setInterval(() => this.pingAll(), this.options.pingIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.unsubscribe?.().catch(() => {});
    const chains: Promise<void>[] = [];
    for (const entry of this.sessions.values()) {
      chains.push(entry.chain);
      for (const client of entry.clients) client.socket.close(CLOSE_GOING_AWAY);
    }
    await Promise.allSettled(chains);
  }

  /** Sockets of a session on this instance. */
  socketCount(sessionId: string): number {
    return this.sessions.get(sessionId)?.clients.size ?? 0;
  }

  /**
   * Takes a freshly upgraded socket. Its frames are listened to at once (a client may write before
   * the connected line); who holds it is checked next, then it gets the connected line and every
   * message after `after` (all of them without it), then live messages.
   */
  add(socket: WebSocket, handshake: Handshake): void {
    if (this.stopped) {
      socket.close(CLOSE_GOING_AWAY);
      return;
    }
    const client: ChatClient = {
      socket,
      sessionId: handshake.sessionId,
      caller: null,
      cursor: null,
      ready: false,
      alive: true,
      sending: Promise.resolve(),
    };
    const entry = this.entryFor(handshake.sessionId);
    entry.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data: RawData) => {
      client.sending = client.sending.then(() => this.receive(client, data));
    });
    socket.on('close', () => this.remove(client));
    // Frames that arrive before the check wait for it on `sending`.
    let authenticated!: (ok: boolean) => void;
    const checked = new Promise<boolean>((resolve) => (authenticated = resolve));
    client.sending = checked.then(() => undefined);
    this.enqueue(handshake.sessionId, entry, async () => {
      const holder = await this.feed.authenticate(handshake);
      if (!holder) {
        authenticated(false);
        const reason =
          handshake.authToken || handshake.sessionToken ? chatText.sessionNotFound : chatText.socketTokenRequired;
        client.socket.close(CLOSE_POLICY_VIOLATION, reason);
        return;
      }
      client.caller = holder.caller;
      authenticated(true);
      const status = await this.feed.status(client.sessionId);
      if (!status || isFinished(status)) {
        client.socket.close(CLOSE_POLICY_VIOLATION, chatText.sessionClosedOrExpired);
        return;
      }
      this.send(client, { type: 'system_message', message: chatText.socketConnected, status });
      client.cursor = handshake.after ?? null;
      await this.deliver(client.sessionId, [client]);
      client.ready = true;
    }).catch(() => {
      authenticated(false);
      // Without its connected line and catch-up the client would wait forever: it reconnects.
      client.socket.close(CLOSE_INTERNAL_ERROR);
    });
  }

  /** A client frame: {type: 'chat_message', content}, stored as POST …/messages stores it. */
  private async receive(client: ChatClient, data: RawData): Promise<void> {
    if (!client.caller || client.socket.readyState !== client.socket.OPEN) return;
    let parsed: ReturnType<typeof ChatSocketInboundSchema.safeParse>;
    try {
      parsed = ChatSocketInboundSchema.safeParse(JSON.parse(rawText(data)));
    } catch {
      parsed = ChatSocketInboundSchema.safeParse(null);
    }
    if (!parsed.success) {
      this.send(client, { type: 'system_message', message: chatText.socketInvalidMessage });
      return;
    }
    try {
      // The message itself comes back through the bus, like everyone else's: REST and socket agree.
      await this.feed.post(client.caller, client.sessionId, parsed.data.content);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.CHAT_SESSION_NOT_FOUND) {
        client.socket.close(CLOSE_POLICY_VIOLATION, chatText.sessionNotFound);
      } else if (error instanceof AppError && error.code === ErrorCode.CHAT_SESSION_CLOSED) {
        // The chat.session event that closed it closes this socket too.
        this.send(client, { type: 'system_message', message: chatText.sessionClosed });
      } else if (error instanceof AppError && error.code === ErrorCode.RATE_LIMITED) {
        this.send(client, { type: 'system_message', message: apiErrors.rateLimited });
      } else {
        this.ctx.log.error({ err: error, sessionId: client.sessionId }, 'chat socket message not stored');
        this.send(client, { type: 'system_message', message: chatText.sendError });
      }
    }
  }

  private remove(client: ChatClient): void {
    const entry = this.sessions.get(client.sessionId);
    if (!entry?.clients.delete(client)) return;
    this.forgetIfIdle(client.sessionId, entry);
  }

  private entryFor(sessionId: string): SessionEntry {
    let entry = this.sessions.get(sessionId);
    if (!entry) {
      entry = { clients: new Set(), chain: Promise.resolve(), pending: 0 };
      this.sessions.set(sessionId, entry);
    }
    return entry;
  }

  private forgetIfIdle(sessionId: string, entry: SessionEntry): void {
    if (entry.clients.size === 0 && entry.pending === 0 && this.sessions.get(sessionId) === entry) {
      this.sessions.delete(sessionId);
    }
  }

  /** Runs a task after the session's previous ones; a failure is logged (no content) and the chain goes on. */
  private enqueue(sessionId: string, entry: SessionEntry, task: () => Promise<void>): Promise<void> {
    entry.pending += 1;
    const run = entry.chain.then(task);
    entry.chain = run
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error }, 'chat socket delivery failed for one session');
      })
      .finally(() => {
        entry.pending -= 1;
        this.forgetIfIdle(sessionId, entry);
      });
    return run;
  }

  /** Called for every bus event; only the chat events of sessions with sockets here matter. */
  dispatch(event: BusEvent): void {
    if (this.stopped) return;
    if (event.type !== 'chat.message' && event.type !== 'chat.session') return;
    const entry = this.sessions.get(event.session_id);
    if (!entry || entry.clients.size === 0) return;
    const announce = event.type === 'chat.session' ? event.status : null;
    void this.enqueue(event.session_id, entry, () => this.refresh(event.session_id, entry, announce)).catch(() => {});
  }

  /**
   * Sends the ready sockets of a session the messages they miss; then, when the session changed
   * status, the line that says so — and a finished session ends its sockets (1008), after its last
   * messages went out.
   */
  private async refresh(sessionId: string, entry: SessionEntry, announce: string | null): Promise<void> {
    const ready = [...entry.clients].filter((client) => client.ready);
    if (ready.length === 0) return;
    await this.deliver(sessionId, ready);
    if (announce === null) return;
    const status = await this.feed.status(sessionId);
    if (status === null || isFinished(status)) {
      for (const client of ready) {
        if (status) this.send(client, { type: 'system_message', message: chatText.sessionClosed, status });
        client.socket.close(CLOSE_POLICY_VIOLATION, chatText.sessionClosedOrExpired);
      }
      return;
    }
    if (announce === 'active' && status === 'active') {
      for (const client of ready) {
        this.send(client, { type: 'system_message', message: chatText.socketSessionActive, status });
      }
    }
  }

  /** Each socket gets the messages after its cursor; sockets at the same cursor share one read. */
  private async deliver(sessionId: string, clients: ChatClient[]): Promise<void> {
    const byCursor = new Map<string | null, ChatClient[]>();
    for (const client of clients) byCursor.set(client.cursor, [...(byCursor.get(client.cursor) ?? []), client]);
    for (const [cursor, group] of byCursor) {
      const messages = await this.feed.messagesAfter(sessionId, cursor);
      const last = messages.at(-1);
      for (const client of group) {
        for (const message of messages) this.send(client, { type: 'chat_message', message });
        if (last) client.cursor = last.id;
      }
    }
  }

  /** The bus listener lost events while it was down: every session catches up, status included. */
  private resyncAll(): void {
    for (const [sessionId, entry] of this.sessions) {
      void this.enqueue(sessionId, entry, () => this.refresh(sessionId, entry, 'resync')).catch(() => {});
    }
  }

  /** Drops sockets that missed the previous ping and pings the others. */
  private pingAll(): void {
    for (const entry of this.sessions.values()) {
      for (const client of entry.clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }
  }

  private send(client: ChatClient, frame: ChatSocketOutbound): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    // A client that stopped reading would grow our memory without bound: drop it, it reconnects.
    if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(frame));
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
