import { API_BASE_PATH, SOCKET_RECONNECT_BASE_MS, SOCKET_RECONNECT_MAX_MS } from '#shared/constants.ts';
import { SocketEventSchema, type SocketEvent } from '#shared/schemas/realtime.ts';
import { detachSocket, parseFrame, type BrowserSocket } from '#web/lib/socket-frames.ts';

/**
 * The app socket's client (DESIGN.md section 10, issue 10 section 3): one socket per logged-in tab,
 * reconnecting with exponential backoff and jitter, at once when the page becomes visible again or
 * the browser comes back online. Every frame is parsed with SocketEventSchema; what fails is dropped.
 * It knows nothing of React or the query cache: `onEvent` and `onStatus` are how it talks.
 */

export type RealtimeStatus = 'open' | 'connecting' | 'closed';

/** The part of the browser's WebSocket this client uses (a fake one is injected in tests). */
export type SocketLike = BrowserSocket;

/** 4001: the server revoked the token; 1008: policy (bad token, refused origin). Retrying cannot help. */
export const FATAL_CLOSE_CODES: readonly number[] = [4001, 1008];

/** The socket's address on this page's origin: ws(s)://host/api/v1/ws?token=… */
export function socketUrl(origin: string, token: string): string {
  return `${origin.replace(/^http/, 'ws')}${API_BASE_PATH}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Delay before reconnect attempt `attempt` (0 for the first): doubling from the base up to the cap,
 * with "equal jitter" (half fixed, half random) so that a server restart is not met by every tab at
 * the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(SOCKET_RECONNECT_MAX_MS, SOCKET_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** One frame as a socket event, or null when it is not one (not JSON, unknown type, wrong shape). */
export function parseSocketFrame(data: unknown): SocketEvent | null {
  return parseFrame(data, SocketEventSchema);
}

/** Where the page says it became visible or online again; `window`/`document` in the browser. */
export type PageSignals = {
  isVisible: () => boolean;
  /** Calls `listener` when the page becomes visible or the browser comes back online; returns the unsubscribe. */
  onWake: (listener: () => void) => () => void;
};

export const browserPageSignals: PageSignals = {
  isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  onWake: (listener) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', listener);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', listener);
    };
  },
};

export type RealtimeClientOptions = {
  url: string;
  onEvent: (event: SocketEvent) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Called once when the server closed for a reason a retry cannot fix (see FATAL_CLOSE_CODES). */
  onRefused?: (code: number) => void;
  /**
   * Called after UNOPENED_CHECK_AFTER attempts in a row that closed before opening. The server refuses
   * a dead token or a foreign origin with an HTTP 401/403 before the upgrade, which a browser only sees
   * as close 1006: the caller checks the token over REST (a 401 there ends the session, and stop()).
   */
  onUnopened?: () => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  page?: PageSignals;
};

/** Attempts in a row that never opened before the client asks whether its token is still good. */
export const UNOPENED_CHECK_AFTER = 3;

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly page: PageSignals;
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** Attempts in a row that closed before opening (see onUnopened). */
  private unopened = 0;
  private status: RealtimeStatus = 'closed';
  /** stop() was called, or the server refused the token: nothing reconnects any more. */
  private halted = false;
  private unsubscribeWake: (() => void) | null = null;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.page = options.page ?? browserPageSignals;
  }

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  start(): void {
    if (this.halted || this.socket || this.unsubscribeWake) return;
    this.unsubscribeWake = this.page.onWake(() => this.wake());
    this.connect();
  }

  /** Closes the socket for good (logout, token change, unmount). */
  stop(): void {
    this.halted = true;
    this.clearTimer();
    this.unsubscribeWake?.();
    this.unsubscribeWake = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detachSocket(socket);
      socket.close(1000);
    }
    this.setStatus('closed');
  }

  /** Visible again or back online: a pending retry happens now instead of after its delay. */
  private wake(): void {
    if (this.halted || this.socket) return;
    this.clearTimer();
    this.connect();
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.unopened = 0;
      this.setStatus('open');
    };
    socket.onmessage = (message) => {
      const event = parseSocketFrame(message.data);
      if (!event) return;
      // The server accepted the token: a later drop starts the backoff from its base again.
      if (event.type === 'hello') this.attempt = 0;
      this.options.onEvent(event);
    };
    // The browser follows every error with a close, where the decision is taken.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      detachSocket(socket);
      this.socket = null;
      if (FATAL_CLOSE_CODES.includes(event.code)) {
        // Hammering a server that refused this token helps no one: wait for another token.
        this.halted = true;
        this.unsubscribeWake?.();
        this.unsubscribeWake = null;
        this.setStatus('closed');
        this.options.onRefused?.(event.code);
        return;
      }
      if (!opened) {
        this.unopened += 1;
        if (this.unopened % UNOPENED_CHECK_AFTER === 0) this.options.onUnopened?.();
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.setStatus('closed');
    if (this.halted) return;
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      // A hidden page waits for the wake signal rather than reconnecting in the background.
      if (this.page.isVisible()) this.connect();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }
}
