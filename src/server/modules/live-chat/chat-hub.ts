import type { RawData, WebSocket } from 'ws';
import { SOCKET_PING_INTERVAL_MS } from '#shared/constants.ts';
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
import { AppError, pgErrorCode } from '../../errors.ts';
import { subscribeToBus, type BusEvent } from '../../lib/realtime-bus.ts';
import { sendFrame, SocketGroups } from '../../lib/socket-groups.ts';
import { isFinished } from './chat-transitions.ts';
import type { ChatCaller } from './chat-access.ts';

type Status = ChatSession['status'];

/** What the hub reads and writes through the live-chat service (a stand-in could replace it). */
export type ChatFeed = {
  /**
   * Who may hold this socket, and the account the session belongs to (null for a guest's); null when
   * the session is unknown or not theirs (or the token is bad or has ended).
   */
  authenticate(handshake: Handshake): Promise<{ caller: ChatCaller; ownerId: string | null } | null>;
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
  /** Kept to check again, while the socket lives, that its account token still opens the session. */
  handshake: Handshake;
  caller: ChatCaller | null;
  /** The account the session belongs to: its revocation ends a socket opened with the session token too. */
  ownerId: string | null;
  /** The last message id sent to this socket: every delivery sends what comes after it. */
  cursor: string | null;
  /** Connected line and catch-up sent: from here on, bus events deliver to it. */
  ready: boolean;
  alive: boolean;
  /** The client's own frames are stored one after the other, in the order it sent them. */
  sending: Promise<void>;
};

/**
 * The live-chat sockets of one app instance (DESIGN.md section 10), by session: a guest has no
 * user id. Every instance subscribes to the bus; a `chat.message` or `chat.session` event of a
 * session with sockets here sends them what they have not had yet. Each socket keeps a cursor (the
 * last message sent to it) and every delivery sends the session's messages after it, in
 * (created_at, id) order, which is commit order: a message is never sent twice nor skipped, whether
 * it came by the catch-up of a (re)connection, by its event, or after the bus listener was lost.
 */
export class ChatHub {
  /** Each session's sockets on this instance and the queue that keeps its deliveries in order. */
  private readonly sessions: SocketGroups<ChatClient>;
  private readonly options: ChatHubOptions;
  private unsubscribe: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly feed: ChatFeed,
    options: Partial<ChatHubOptions> = {},
  ) {
    this.sessions = new SocketGroups((error) =>
      this.ctx.log.error({ err: error }, 'chat socket delivery failed for one session'),
    );
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
    await this.sessions.closeAll(CLOSE_GOING_AWAY);
  }

  /** Sockets of a session on this instance. */
  socketCount(sessionId: string): number {
    return this.sessions.count(sessionId);
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
      handshake,
      caller: null,
      ownerId: null,
      cursor: null,
      ready: false,
      alive: true,
      sending: Promise.resolve(),
    };
    this.sessions.add(handshake.sessionId, client);
    socket.on('message', (data: RawData) => {
      client.sending = client.sending.then(() => this.receive(client, data));
    });
    socket.on('close', () => this.remove(client));
    // Frames that arrive before the check wait for it on `sending`.
    let authenticated!: (ok: boolean) => void;
    const checked = new Promise<boolean>((resolve) => (authenticated = resolve));
    client.sending = checked.then(() => undefined);
    this.sessions
      .enqueue(handshake.sessionId, async () => {
        const holder = await this.feed.authenticate(handshake);
        if (!holder) {
          authenticated(false);
          const reason =
            handshake.authToken || handshake.sessionToken ? chatText.sessionNotFound : chatText.socketTokenRequired;
          client.socket.close(CLOSE_POLICY_VIOLATION, reason);
          return;
        }
        client.caller = holder.caller;
        client.ownerId = holder.ownerId;
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
      })
      .catch(() => {
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
      } else if (pgErrorCode(error)?.startsWith('22')) {
        // A value the database cannot hold (a NUL character): bad input, as the REST call's 400.
        this.ctx.log.warn({ sqlState: pgErrorCode(error), sessionId: client.sessionId }, 'chat frame refused');
        this.send(client, { type: 'system_message', message: chatText.socketInvalidMessage });
      } else {
        this.ctx.log.error({ err: error, sessionId: client.sessionId }, 'chat socket message not stored');
        this.send(client, { type: 'system_message', message: chatText.sendError });
      }
    }
  }

  private remove(client: ChatClient): void {
    this.sessions.remove(client.sessionId, client);
  }

  /** Called for every bus event; only the chat events of sessions with sockets here matter. */
  dispatch(event: BusEvent): void {
    if (this.stopped) return;
    if (event.type === 'session.revoked') {
      const revoked = (id: string | null | undefined) => !!id && event.user_ids.includes(id);
      this.recheckAccounts((client) => revoked(client.caller?.user?.id) || revoked(client.ownerId));
      return;
    }
    if (event.type !== 'chat.message' && event.type !== 'chat.session') return;
    if (this.sessions.count(event.session_id) === 0) return;
    const announce = event.type === 'chat.session' ? event.status : null;
    void this.sessions.enqueue(event.session_id, () => this.refresh(event.session_id, announce)).catch(() => {});
  }

  /**
   * Sends the ready sockets of a session the messages they miss; then, when the session changed
   * status, the line that says so — and a finished session ends its sockets (1008), after its last
   * messages went out.
   */
  private async refresh(sessionId: string, announce: string | null): Promise<void> {
    const ready = [...this.sessions.clientsOf(sessionId)].filter((client) => client.ready);
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
    for (const sessionId of this.sessions.keys()) {
      void this.sessions.enqueue(sessionId, () => this.refresh(sessionId, 'resync')).catch(() => {});
    }
  }

  /**
   * Drops sockets that missed the previous ping and pings the others; the sockets that hang on an
   * account — opened with an account token, or with the session token of an account's session —
   * check it again (expired, revoked while the bus was down, or an admin role taken away: closed 1008).
   */
  private pingAll(): void {
    this.sessions.heartbeat();
    this.recheckAccounts(() => true);
  }

  /**
   * The ready sockets hanging on an account (an `auth_token`, or the session token of an account's
   * session) that `which` picks check their tokens again, in their session's queue (no message leaves
   * before the check): one whose tokens no longer open the session — revoked by a password change, a
   * suspension or an erasure, expired, or no longer an admin's — is closed 1008, as it would have
   * been refused at connection, and reads nothing more. A guest's session token ends only with the
   * chat, whose chat.session event closes its sockets.
   */
  private recheckAccounts(which: (client: ChatClient) => boolean): void {
    const onAccount = (client: ChatClient) => client.handshake.authToken !== undefined || client.ownerId !== null;
    const picked = (sessionId: string) =>
      [...this.sessions.clientsOf(sessionId)].filter(
        (client) => client.caller !== null && onAccount(client) && which(client),
      );
    for (const sessionId of this.sessions.keys()) {
      if (![...this.sessions.clientsOf(sessionId)].some(onAccount)) continue;
      void this.sessions
        .enqueue(sessionId, async () => {
          // Picked when the task runs: a socket still being checked at the event is checked by then.
          for (const client of picked(sessionId)) {
            const holder = await this.feed.authenticate(client.handshake);
            if (holder) client.caller = holder.caller;
            else client.socket.close(CLOSE_POLICY_VIOLATION, chatText.sessionNotFound);
          }
        })
        .catch(() => {});
    }
  }

  /** A client that stopped reading is dropped; it reconnects with after=. */
  private send(client: ChatClient, frame: ChatSocketOutbound): void {
    sendFrame(client.socket, frame);
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
