import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { PRESENCE_HEARTBEAT_MS, SOCKET_PING_INTERVAL_MS, SOCKETS_PER_USER_MAX } from '#shared/constants.ts';
import type { SocketEvent } from '#shared/schemas/realtime.ts';
import type { AppContext } from '../../app-types.ts';
import { clearPresence, refreshPresence, setPresence } from '../../lib/presence.ts';
import { subscribeToBus, type BusEvent } from '../../lib/realtime-bus.ts';
import { sendFrame, SocketGroups } from '../../lib/socket-groups.ts';
import { tokenVersionsOf } from './realtime.repository.ts';

/** What the hub reads for one user: the messaging service in the app, a stand-in in unit tests. */
export type SocketFeed = {
  /** The user's unread total (the `hello` frame and the `unread` frames). */
  unreadTotal(userId: string): Promise<number>;
  /** Unread messages of one conversation for the user. */
  conversationUnread(userId: string, conversationId: string): Promise<number>;
  /** The message as this user may see it (masked when it must be); null if they may not see it. */
  messageFor(
    userId: string,
    messageId: string,
  ): Promise<Extract<SocketEvent, { type: 'message.created' }>['message'] | null>;
};

export type SocketHubOptions = {
  pingIntervalMs: number;
  presenceHeartbeatMs: number;
};

/** Close codes the client acts on: 4001 = log in again; 1013 = too many sockets, retry later. */
export const CLOSE_TOKEN_REVOKED = 4001;
export const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_INTERNAL_ERROR = 1011;

type Client = {
  socket: WebSocket;
  userId: string;
  /** token_version the socket's token was issued under: a bump (password change) closes it. */
  tokenVersion: number;
  /** When the socket's token expires (ms since the epoch): the socket closes then, like a request would fail. */
  tokenExpiresAt: number;
  /** An administrator's socket: it also gets `support.activity` (the admin console refreshes). */
  admin: boolean;
  /** Answered the last ping. */
  alive: boolean;
  /** `hello` sent: events queued before it are covered by the catch-up hello starts. */
  ready: boolean;
};

/**
 * The app sockets of one app instance (DESIGN.md section 10). Every instance subscribes to the bus;
 * for each event it loads, once per connected user concerned, what that user may see and sends it to
 * that user's sockets here. Each user's work runs on their own promise chain, so one conversation's
 * events reach a socket in the order they were published, and a slow or failing load delays or
 * skips only that user's frames.
 */
export class SocketHub {
  /** This instance's presence rows (two instances in one process, as in tests, count apart). */
  readonly instanceId = `${process.pid}-${randomUUID()}`;
  /** Each user's sockets on this instance and the queue that keeps their frames in publish order. */
  private readonly users: SocketGroups<Client>;
  private readonly options: SocketHubOptions;
  private unsubscribe: (() => Promise<void>) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly feed: SocketFeed,
    options: Partial<SocketHubOptions> = {},
  ) {
    this.users = new SocketGroups((error) => this.ctx.log.error({ err: error }, 'socket delivery failed for one user'));
    this.options = {
      pingIntervalMs: options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS,
      presenceHeartbeatMs: options.presenceHeartbeatMs ?? PRESENCE_HEARTBEAT_MS,
    };
  }

  async start(): Promise<void> {
    this.unsubscribe = await subscribeToBus(
      this.ctx.database,
      (event) => this.dispatch(event),
      () => this.resyncAll(),
    );
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => {
        task().catch((error: unknown) => this.ctx.log.error({ err: error }, 'socket hub periodic task failed'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.pingIntervalMs, () => this.pingAll());
    every(this.options.presenceHeartbeatMs, () => refreshPresence(this.ctx.db, this.instanceId, this.users.keys()));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.unsubscribe?.().catch(() => {});
    await this.users.closeAll(CLOSE_GOING_AWAY);
    await clearPresence(this.ctx.db, this.instanceId).catch((error: unknown) =>
      this.ctx.log.error({ err: error }, 'presence rows not cleared at shutdown'),
    );
  }

  /** Sockets the user holds on this instance. */
  socketCount(userId: string): number {
    return this.users.count(userId);
  }

  /** Takes a freshly upgraded socket; false (and the socket closed) when the user has too many. */
  add(socket: WebSocket, user: { id: string; tokenVersion: number; tokenExpiresAt: number; admin?: boolean }): boolean {
    if (this.stopped) {
      socket.close(CLOSE_GOING_AWAY);
      return false;
    }
    if (this.socketCount(user.id) >= SOCKETS_PER_USER_MAX) {
      socket.close(CLOSE_TRY_AGAIN_LATER);
      return false;
    }
    const client: Client = {
      socket,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      tokenExpiresAt: user.tokenExpiresAt,
      admin: user.admin ?? false,
      alive: true,
      ready: false,
    };
    const count = this.users.add(user.id, client);
    // The app socket is one-way: whatever a client sends is ignored (frames are capped by maxPayload).
    socket.on('message', () => {});
    socket.on('close', () => this.remove(client));
    this.users
      .enqueue(user.id, async () => {
        await setPresence(this.ctx.db, this.instanceId, user.id, count);
        const total = await this.feed.unreadTotal(user.id);
        this.send(client, { type: 'hello', unread_total: total });
        client.ready = true;
      })
      .catch(() => {
        // Without its hello the client would wait forever: it reconnects and tries again.
        client.socket.close(CLOSE_INTERNAL_ERROR);
      });
    return true;
  }

  private remove(client: Client): void {
    const count = this.users.remove(client.userId, client);
    if (count === null || this.stopped) return;
    void this.users.enqueue(client.userId, () => setPresence(this.ctx.db, this.instanceId, client.userId, count));
  }

  /** Called for every bus event: one load per connected user concerned, not one per socket. */
  dispatch(event: BusEvent): void {
    if (this.stopped) return;
    if (event.type === 'support.activity') {
      this.notifyAdmins();
      return;
    }
    for (const userId of new Set(event.user_ids)) {
      if (this.users.count(userId) === 0) continue;
      if (event.type === 'session.revoked') {
        // In the user's queue: no frame published after the revocation leaves before the check.
        void this.users.enqueue(userId, () => this.closeRevoked(this.users.clientsOf(userId))).catch(() => {});
        continue;
      }
      void this.users
        .enqueue(userId, async () => {
          const frames = await this.framesFor(event, userId);
          for (const client of this.users.clientsOf(userId)) {
            if (!client.ready) continue;
            for (const frame of frames) this.send(client, frame);
          }
        })
        .catch(() => {});
    }
  }

  /** What one user receives for an event, loaded as that user may see it. */
  private async framesFor(event: BusEvent, userId: string): Promise<SocketEvent[]> {
    switch (event.type) {
      case 'message.created': {
        // Independent reads, side by side: the delivery waits for the slowest, not for their sum.
        const [message, unread] = await Promise.all([
          this.feed.messageFor(userId, event.message_id),
          this.unreadFrame(userId, event.conversation_id),
        ]);
        if (!message) return [];
        return [{ type: 'message.created', conversation_id: event.conversation_id, message }, unread];
      }
      case 'conversation.read': {
        const read: SocketEvent = {
          type: 'conversation.read',
          conversation_id: event.conversation_id,
          user_id: event.user_id,
        };
        // The reader's other sessions update their counts; the other party only gets the receipt hint.
        if (userId !== event.user_id) return [read];
        return [read, await this.unreadFrame(userId, event.conversation_id)];
      }
      case 'conversation.updated':
        return [{ type: 'conversation.updated', conversation_id: event.conversation_id }];
      case 'booking.changed':
        return [{ type: 'booking.changed', booking_id: event.booking_id, change: event.change }];
      default:
        return [];
    }
  }

  private async unreadFrame(userId: string, conversationId: string): Promise<SocketEvent> {
    const [total, conversationUnread] = await Promise.all([
      this.feed.unreadTotal(userId),
      this.feed.conversationUnread(userId, conversationId),
    ]);
    return { type: 'unread', total, conversation_id: conversationId, conversation_unread: conversationUnread };
  }

  /**
   * `support.activity` carries nothing to load: every administrator's ready socket here gets it
   * (a hint to refresh; its order against their other frames does not matter).
   */
  private notifyAdmins(): void {
    for (const client of this.users.all()) {
      if (client.admin && client.ready) this.send(client, { type: 'support.activity' });
    }
  }

  /** The listener lost events while it was down: every client catches up as after a reconnect. */
  private resyncAll(): void {
    for (const client of this.users.all()) if (client.ready) this.send(client, { type: 'resync' });
  }

  /**
   * Drops sockets that missed the previous ping, pings the others, and closes (4001) the sockets
   * whose token expired or was revoked since they connected (password change, erasure): the client
   * then does what a 401 makes it do.
   */
  private async pingAll(): Promise<void> {
    await this.closeRevoked(this.users.heartbeat());
  }

  /** Closes (4001) the sockets whose token version is no longer the user's, or whose token expired. */
  private async closeRevoked(clients: Iterable<Client>): Promise<void> {
    const list = [...clients];
    if (list.length === 0) return;
    const versions = await tokenVersionsOf(this.ctx.db, [...new Set(list.map((client) => client.userId))]);
    const now = Date.now();
    for (const client of list) {
      if (versions.get(client.userId) !== client.tokenVersion || client.tokenExpiresAt <= now) {
        client.socket.close(CLOSE_TOKEN_REVOKED);
      }
    }
  }

  /** A client that stopped reading is dropped; it reconnects and resyncs. */
  private send(client: Client, frame: SocketEvent): void {
    sendFrame(client.socket, frame);
  }
}
