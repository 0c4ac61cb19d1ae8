// Node copies of the web's two real-time clients, for the sockets-under-load harness (issue 14): the
// same reconnection and catch-up protocol, with `ws` instead of the browser's WebSocket and plain
// state instead of the query cache (the web files need the DOM and cannot be compiled here).
//   AppClient  mirrors web/features/messaging/realtime: socket-client.ts (reconnectDelay, fatal
//              codes), apply-event.ts (hello and resync catch up, message.created appended) and
//              api/get-messages.ts (catchUpThread, refreshNewestPage, mergeMessages: dedupe by id).
//   ChatClient mirrors web/features/live-chat/realtime/chat-socket.ts: the cursor is the last message
//              received, a reconnection after CHAT_RECONNECT_DELAY_MS asks for what came `after` it,
//              1008, 1006 or a socket error end the chat.
// Both also record what a test checks: the sockets opened, a message delivered twice on one socket,
// a fatal close, a failed catch-up request.
import WebSocket from 'ws';
import {
  CHAT_RECONNECT_DELAY_MS,
  LIST_MAX_LIMIT,
  MESSAGES_PAGE_SIZE,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_RECONNECT_MAX_MS,
} from '#shared/constants.ts';
import { ChatSocketOutboundSchema, type ChatMessage } from '#shared/schemas/chat.ts';
import { MessageSchema, type Message } from '#shared/schemas/messages.ts';
import { SocketEventSchema } from '#shared/schemas/realtime.ts';

const wsBase = (base: string) => base.replace(/^http/, 'ws');

/** socket-client.ts: 4001 (token revoked) and 1008 (policy) stop the app socket for good. */
const APP_FATAL_CLOSE_CODES = [4001, 1008];
/** chat-socket.ts: these closes (and any socket error) end the chat. */
const CHAT_FATAL_CLOSE_CODES = [1008, 1006];

/** socket-client.ts's reconnectDelay: doubling from the base to the cap, "equal jitter". */
function reconnectDelay(attempt: number): number {
  const ceiling = Math.min(SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** get-messages.ts's (sent_at, id) order. */
function compareMessages(a: Message, b: Message): number {
  const byTime = Date.parse(a.sent_at) - Date.parse(b.sent_at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** get-messages.ts's mergeMessages: a copy already there is replaced, never two of one id. */
function mergeMessages(messages: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/** Closes a client's socket (1000) and resolves once it is closed. */
function closeNormally(socket: WebSocket | null): Promise<void> {
  if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    socket.once('close', () => resolve());
    socket.close(1000);
  });
}

type Recorder = {
  /** Sockets that got their first frame (hello, or the chat's connected line). */
  connections: number;
  /** A fatal close code (or -1 for a socket error where it ends the client), null while none. */
  fatal: number | null;
  /** Ids delivered twice on one socket. */
  doubled: string[];
};

/** What both clients share: the current socket, the pending reconnection, and stopping for good. */
abstract class ReconnectingClient {
  /** The socket got its first frame and has not closed since. */
  open = false;
  protected socket: WebSocket | null = null;
  protected timer: NodeJS.Timeout | null = null;
  protected halted = false;

  start(): void {
    this.connect();
  }

  stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    return closeNormally(socket);
  }

  protected abstract connect(): void;
}

/** One logged-in tab showing one conversation: the app socket through `base`, its thread kept up to date. */
export class AppClient extends ReconnectingClient implements Recorder {
  connections = 0;
  fatal: number | null = null;
  doubled: string[] = [];
  /** Catch-up requests that failed, why (the web drops them: the thread would miss messages until the next hello). */
  failedCatchUps: string[] = [];
  /** The thread as the page shows it; undefined until loaded (the query cache's `cached`). */
  thread: Message[] | undefined;
  private attempt = 0;
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly address: string,
    readonly conversationId: string,
  ) {
    super();
  }

  /** Resolves once every catch-up started so far has finished. */
  settled(): Promise<void> {
    return this.catchingUp;
  }

  protected connect(): void {
    const socket = new WebSocket(`${wsBase(this.base)}/api/v1/ws?token=${encodeURIComponent(this.token)}`, {
      headers: { 'x-forwarded-for': this.address },
    });
    this.socket = socket;
    const seen = new Set<string>();
    socket.on('message', (data: Buffer) => {
      const parsed = SocketEventSchema.safeParse(JSON.parse(data.toString('utf8')));
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'hello') {
        this.attempt = 0;
        this.connections += 1;
        this.open = true;
        this.catchUp();
      } else if (event.type === 'resync') {
        this.catchUp();
      } else if (event.type === 'message.created' && event.conversation_id === this.conversationId) {
        if (seen.has(event.message.id)) this.doubled.push(event.message.id);
        seen.add(event.message.id);
        // appendMessage: nothing happens to a thread never loaded.
        if (this.thread) this.thread = mergeMessages(this.thread, [event.message]);
      }
    });
    // The browser follows every error with a close, where the decision is taken.
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.open = false;
      if (APP_FATAL_CLOSE_CODES.includes(code)) {
        this.fatal = code;
        this.halted = true;
        return;
      }
      if (this.halted) return;
      const delay = reconnectDelay(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.halted) this.connect();
      }, delay);
    });
  }

  /** apply-event.ts's catchUp for this one thread (catchUpThread), one at a time. */
  private catchUp(): void {
    this.catchingUp = this.catchingUp.then(() =>
      this.catchUpThread().catch((error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
        this.failedCatchUps.push(`${error instanceof Error ? error.message : String(error)}${cause}`);
      }),
    );
  }

  private async getMessages(query: Record<string, string>): Promise<Message[]> {
    const get = () =>
      fetch(
        `${this.base}/api/v1/messages/conversations/${this.conversationId}/messages?${new URLSearchParams(query).toString()}`,
        { headers: { authorization: `Bearer ${this.token}`, 'x-forwarded-for': this.address } },
      );
    // A browser sends an idempotent request again when the kept-alive connection it reused was
    // closed under it; fetch in Node does not, so this does it once (an HTTP error is not retried).
    const response = await get().catch(get);
    if (response.status !== 200) throw new Error(`GET messages answered ${response.status}: ${await response.text()}`);
    return MessageSchema.array().parse(await response.json());
  }

  /** get-messages.ts's catchUpThread: what came after the newest cached message, page after page. */
  private async catchUpThread(): Promise<void> {
    let last = this.thread?.at(-1);
    if (!last) {
      // A thread never loaded or empty is fetched whole: the newest page (refreshNewestPage).
      const page = await this.getMessages({ limit: String(MESSAGES_PAGE_SIZE) });
      const first = page[0];
      const older = first ? (this.thread ?? []).filter((message) => compareMessages(message, first) < 0) : [];
      this.thread = first ? mergeMessages(older, page) : page;
      return;
    }
    for (;;) {
      const page = await this.getMessages({ after: last.id, limit: String(LIST_MAX_LIMIT) });
      if (page.length > 0) this.thread = mergeMessages(this.thread ?? [], page);
      const newest = page.at(-1);
      if (page.length < LIST_MAX_LIMIT || !newest) return;
      last = newest;
    }
  }
}

/** A guest's open live chat through `base`: every chat message received, in order, across reconnections. */
export class ChatClient extends ReconnectingClient implements Recorder {
  connections = 0;
  fatal: number | null = null;
  doubled: string[] = [];
  /** Every chat message the page was given, in the order it came (the chat shows them as they come). */
  received: ChatMessage[] = [];
  private cursor: string | null = null;
  private readonly seen = new Set<string>();

  constructor(
    private readonly base: string,
    readonly sessionId: string,
    private readonly sessionToken: string,
    private readonly address: string,
  ) {
    super();
  }

  protected connect(): void {
    const query = new URLSearchParams({ session_id: this.sessionId, session_token: this.sessionToken });
    if (this.cursor) query.set('after', this.cursor);
    const socket = new WebSocket(`${wsBase(this.base)}/api/v1/support/chat/ws?${query.toString()}`, {
      headers: { 'x-forwarded-for': this.address },
    });
    this.socket = socket;
    socket.on('message', (data: Buffer) => {
      const parsed = ChatSocketOutboundSchema.safeParse(JSON.parse(data.toString('utf8')));
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'chat_message') {
        // Across reconnections too: `after` must leave nothing to send twice.
        if (this.seen.has(frame.message.id)) this.doubled.push(frame.message.id);
        this.seen.add(frame.message.id);
        this.cursor = frame.message.id;
        this.received.push(frame.message);
      } else if (!this.open) {
        this.connections += 1;
        this.open = true;
      }
    });
    socket.on('error', () => {
      if (this.socket === socket) this.expire(-1);
    });
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.open = false;
      if (CHAT_FATAL_CLOSE_CODES.includes(code)) {
        this.expire(code);
        return;
      }
      if (this.halted) return;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.halted) this.connect();
      }, CHAT_RECONNECT_DELAY_MS);
    });
  }

  private expire(code: number): void {
    this.fatal = code;
    this.halted = true;
    this.open = false;
    const socket = this.socket;
    this.socket = null;
    socket?.terminate();
  }
}
