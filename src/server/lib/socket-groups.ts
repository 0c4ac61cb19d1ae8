import type { WebSocket } from 'ws';
import { SOCKET_MAX_BUFFERED_BYTES } from '#shared/constants.ts';

/** What a grouped socket carries: the socket, and whether it answered the last ping. */
export type GroupedSocket = { socket: WebSocket; alive: boolean };

type Group<C> = { clients: Set<C>; chain: Promise<void>; pending: number };

/**
 * The sockets of one app instance grouped by a key (a user for the app socket, a chat session for
 * the live chat), each group with its own task queue (DESIGN.md section 10). A key's tasks run one
 * after the other in the order they were queued, so its frames leave in publish order, and a slow
 * or failing task delays or skips only that key's frames. A group is forgotten once it has neither
 * a socket nor a task left.
 */
export class SocketGroups<C extends GroupedSocket> {
  private readonly groups = new Map<string, Group<C>>();

  /** `onTaskError` logs a failed task (without content); the key's queue goes on after it. */
  constructor(private readonly onTaskError: (error: unknown) => void) {}

  /** Keys with a socket or a queued task here. */
  keys(): string[] {
    return [...this.groups.keys()];
  }

  /** The key's sockets here, live (empty when none). */
  clientsOf(key: string): ReadonlySet<C> {
    return this.groups.get(key)?.clients ?? new Set();
  }

  count(key: string): number {
    return this.groups.get(key)?.clients.size ?? 0;
  }

  /** Every socket here. */
  all(): C[] {
    return [...this.groups.values()].flatMap((group) => [...group.clients]);
  }

  /** Adds a socket to its key's group and marks it alive on each pong; answers the group's size. */
  add(key: string, client: C): number {
    const group = this.groupFor(key);
    group.clients.add(client);
    client.socket.on('pong', () => {
      client.alive = true;
    });
    return group.clients.size;
  }

  /** Removes a socket; answers the sockets left for its key, or null when it was not there. */
  remove(key: string, client: C): number | null {
    const group = this.groups.get(key);
    if (!group?.clients.delete(client)) return null;
    const left = group.clients.size;
    this.forgetIfIdle(key, group);
    return left;
  }

  /**
   * Runs a task after the key's previous ones. A failure goes to `onTaskError` and resolves the
   * queue all the same, so the next task still runs; the returned promise rejects with it.
   */
  enqueue(key: string, task: () => Promise<void>): Promise<void> {
    const group = this.groupFor(key);
    group.pending += 1;
    const run = group.chain.then(task);
    group.chain = run
      .catch((error: unknown) => this.onTaskError(error))
      .finally(() => {
        group.pending -= 1;
        this.forgetIfIdle(key, group);
      });
    return run;
  }

  /**
   * Drops (terminates) the sockets that missed the previous ping and pings the others; answers
   * every socket it went through.
   */
  heartbeat(): C[] {
    const clients = this.all();
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    return clients;
  }

  /** Closes every socket with `code` and waits for the tasks already queued. */
  async closeAll(code: number): Promise<void> {
    const chains: Promise<void>[] = [];
    for (const group of this.groups.values()) {
      chains.push(group.chain);
      for (const client of group.clients) client.socket.close(code);
    }
    await Promise.allSettled(chains);
  }

  private groupFor(key: string): Group<C> {
    let group = this.groups.get(key);
    if (!group) {
      group = { clients: new Set(), chain: Promise.resolve(), pending: 0 };
      this.groups.set(key, group);
    }
    return group;
  }

  private forgetIfIdle(key: string, group: Group<C>): void {
    if (group.clients.size === 0 && group.pending === 0 && this.groups.get(key) === group) this.groups.delete(key);
  }
}

/** Sends a JSON frame on an open socket; one whose client stopped reading is dropped (it reconnects). */
export function sendFrame(socket: WebSocket, frame: unknown): void {
  if (socket.readyState !== socket.OPEN) return;
  // A client that stopped reading would grow our memory without bound.
  if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(frame));
}
