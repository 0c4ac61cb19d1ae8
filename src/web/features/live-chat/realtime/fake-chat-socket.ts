import type { ChatMessage } from '#shared/schemas/chat.ts';
import type { ChatSocketLike } from './chat-socket.ts';

// Test helpers of the live chat (not shipped: only tests import this file).

/** A WebSocket stand-in the test drives: open it, send it frames, close it with a code. */
export class FakeChatSocket implements ChatSocketLike {
  static instances: FakeChatSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeChatSocket.instances.push(this);
  }

  get query(): URLSearchParams {
    return new URL(this.url).searchParams;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closedWith = code;
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  receive(frame: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }

  /** A clean close from the server (no error event). */
  serverClose(code: number): void {
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** What a browser does on a failed connection: an error, then close 1006. */
  fail(): void {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

export const sessionId = '1a1c2d3e-4a5b-4c6d-8e7f-901234567890';

export function chatMessage(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    session_id: sessionId,
    sender: 'admin',
    sender_name: 'Équipe Appui',
    content: `Message ${id.slice(0, 4)}`,
    created_at: '2030-01-01T10:00:00.000Z',
    crisis: false,
    ...overrides,
  };
}
