import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, LIST_MAX_LIMIT } from '#shared/constants.ts';
import type { Message } from '#shared/schemas/messages.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import { messageFixture } from '../components/messaging-fixtures.ts';
import { appendMessage, catchUpThread, type ThreadData } from './get-messages.ts';

const CONVERSATION_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const key = queryKeys.messages.thread(CONVERSATION_ID);
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString();

function cacheWith(messages: Message[]): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData<ThreadData>(key, { messages, hasOlder: false });
  return queryClient;
}

const ids = (queryClient: QueryClient) => queryClient.getQueryData<ThreadData>(key)?.messages.map((m) => m.id);

describe('appendMessage', () => {
  it('inserts a new message in (sent_at, id) order and never twice', () => {
    const first = messageFixture({ sent_at: at(1) });
    const third = messageFixture({ sent_at: at(3) });
    const queryClient = cacheWith([first, third]);
    const second = messageFixture({ sent_at: at(2) });

    appendMessage(queryClient, CONVERSATION_ID, second);
    appendMessage(queryClient, CONVERSATION_ID, second);

    expect(ids(queryClient)).toEqual([first.id, second.id, third.id]);
  });

  it('replaces the cached copy of a message (a reveal after payment)', () => {
    const masked = messageFixture({ masked: true, visible: false, content: '' });
    const queryClient = cacheWith([masked]);

    appendMessage(queryClient, CONVERSATION_ID, { ...masked, masked: false, visible: true, content: 'Mon numéro' });

    expect(queryClient.getQueryData<ThreadData>(key)?.messages).toEqual([
      { ...masked, masked: false, visible: true, content: 'Mon numéro' },
    ]);
  });

  it('leaves a thread never loaded alone (it is fetched whole when opened)', () => {
    const queryClient = new QueryClient();
    appendMessage(queryClient, CONVERSATION_ID, messageFixture());
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });
});

describe('catchUpThread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for what came after the newest cached message, page after page, and appends it once', async () => {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const cached = messageFixture({ sent_at: at(1) });
    const fullPage = Array.from({ length: LIST_MAX_LIMIT }, (_, index) =>
      messageFixture({ sent_at: new Date(Date.UTC(2030, 0, 1, 11, 0, index)).toISOString() }),
    );
    const last = messageFixture({ sent_at: new Date(Date.UTC(2030, 0, 1, 12)).toISOString() });
    const lastOfPage = fullPage.at(-1);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        calls.push(url.searchParams.get('after') ?? '');
        // The first answer repeats the cached message: the merge must not show it twice.
        if (url.searchParams.get('after') === cached.id) return jsonResponse(200, [cached, ...fullPage.slice(1)]);
        return jsonResponse(200, [last]);
      }),
    );
    fullPage[0] = cached;
    const queryClient = cacheWith([cached]);

    await catchUpThread(queryClient, CONVERSATION_ID);

    expect(calls).toEqual([cached.id, lastOfPage?.id]);
    expect(ids(queryClient)).toEqual([...fullPage.map((m) => m.id), last.id]);
  });
});
