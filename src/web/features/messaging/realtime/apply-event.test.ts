import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, UnreadSummary } from '#shared/schemas/messages.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import type { ThreadData } from '../api/get-messages.ts';
import { applySocketEvent } from './apply-event.ts';

const conversationId = '7d1c2d3e-4a5b-4c6d-8e7f-901234567890';
const otherConversationId = '7d1c2d3e-4a5b-4c6d-8e7f-901234567891';
const userId = '9f1c2d3e-4a5b-4c6d-8e7f-901234567890';

function messageFixture(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `8e1c2d3e-4a5b-4c6d-8e7f-90123456789${n}`,
    conversation_id: conversationId,
    sender_id: userId,
    sender: { id: userId, display_name: 'Alex', email: null },
    content: `Message ${n}`,
    visible: true,
    masked: false,
    removed: false,
    kind: 'text',
    sent_at: `2030-01-01T10:0${n}:00.000Z`,
    crisis: false,
    ...overrides,
  };
}

function conversationFixture(id: string, unread: number): Conversation {
  const party = { id: userId, display_name: 'Alex', username: 'alex', avatar_url: null };
  return {
    id,
    offer_id: '5a1c2d3e-4a5b-4c6d-8e7f-901234567890',
    helper_id: userId,
    user_id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    user: party,
    helper: party,
    offer: { id: '5a1c2d3e-4a5b-4c6d-8e7f-901234567890', title: 'Écoute' },
    created_at: '2030-01-01T09:00:00.000Z',
    last_message: null,
    unread_count: unread,
    chat_enabled: true,
    blocked: false,
  };
}

const threadKey = queryKeys.messages.thread(conversationId);
const listKey = queryKeys.messages.conversations('');
const unreadKey = queryKeys.messages.unread();

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData<ThreadData>(threadKey, {
    messages: [messageFixture(1), messageFixture(2)],
    hasOlder: false,
  });
  queryClient.setQueryData<Conversation[]>(listKey, [
    conversationFixture(conversationId, 0),
    conversationFixture(otherConversationId, 2),
  ]);
  queryClient.setQueryData<UnreadSummary>(unreadKey, { total: 2, conversations: 1 });
  queryClient.setQueryData(queryKeys.bookings.list(), []);
  queryClient.setQueryData(queryKeys.fragments.ofOffer('h', 'o'), []);
  return queryClient;
}

const isStale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated ?? false;

const threadIds = (queryClient: QueryClient) =>
  queryClient.getQueryData<ThreadData>(threadKey)?.messages.map((message) => message.id);

describe('applySocketEvent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('message.created appends the message once, in order, and refreshes the lists', async () => {
    const queryClient = setup();
    const event = { type: 'message.created', conversation_id: conversationId, message: messageFixture(3) } as const;
    await applySocketEvent(queryClient, event);
    await applySocketEvent(queryClient, event);
    expect(threadIds(queryClient)).toEqual([messageFixture(1).id, messageFixture(2).id, messageFixture(3).id]);
    expect(isStale(queryClient, listKey)).toBe(true);
    expect(isStale(queryClient, threadKey)).toBe(false);
  });

  it('unread sets the badge figures and that conversation count in the cached lists', async () => {
    const queryClient = setup();
    await applySocketEvent(queryClient, {
      type: 'unread',
      total: 5,
      conversation_id: conversationId,
      conversation_unread: 3,
    });
    expect(queryClient.getQueryData(unreadKey)).toEqual({ total: 5, conversations: 2 });
    const list = queryClient.getQueryData<Conversation[]>(listKey);
    expect(list?.map((conversation) => conversation.unread_count)).toEqual([3, 2]);

    await applySocketEvent(queryClient, {
      type: 'unread',
      total: 0,
      conversation_id: otherConversationId,
      conversation_unread: 0,
    });
    expect(queryClient.getQueryData(unreadKey)).toEqual({ total: 0, conversations: 1 });
  });

  it('unread for a conversation no list holds sets the total and marks the rest to ask the server', async () => {
    const queryClient = setup();
    await applySocketEvent(queryClient, {
      type: 'unread',
      total: 7,
      conversation_id: '7d1c2d3e-4a5b-4c6d-8e7f-90123456789f',
      conversation_unread: 7,
    });
    expect(queryClient.getQueryData<UnreadSummary>(unreadKey)?.total).toBe(7);
    expect(isStale(queryClient, unreadKey)).toBe(true);
  });

  it('conversation.read refreshes the lists and the unread figures, not the threads', async () => {
    const queryClient = setup();
    await applySocketEvent(queryClient, {
      type: 'conversation.read',
      conversation_id: conversationId,
      user_id: userId,
    });
    expect(isStale(queryClient, listKey)).toBe(true);
    expect(isStale(queryClient, unreadKey)).toBe(true);
    expect(isStale(queryClient, threadKey)).toBe(false);
  });

  it('conversation.updated reloads that thread and the lists', async () => {
    const queryClient = setup();
    queryClient.setQueryData<ThreadData>(queryKeys.messages.thread(otherConversationId), {
      messages: [],
      hasOlder: false,
    });
    await applySocketEvent(queryClient, { type: 'conversation.updated', conversation_id: conversationId });
    expect(isStale(queryClient, threadKey)).toBe(true);
    expect(isStale(queryClient, listKey)).toBe(true);
    expect(isStale(queryClient, queryKeys.messages.thread(otherConversationId))).toBe(false);
  });

  it('booking.changed refreshes bookings, free windows and the lists (chat enablement)', async () => {
    const queryClient = setup();
    await applySocketEvent(queryClient, {
      type: 'booking.changed',
      booking_id: '4b1c2d3e-4a5b-4c6d-8e7f-901234567890',
      change: 'paid',
    });
    expect(isStale(queryClient, queryKeys.bookings.list())).toBe(true);
    expect(isStale(queryClient, queryKeys.fragments.ofOffer('h', 'o'))).toBe(true);
    expect(isStale(queryClient, listKey)).toBe(true);
    expect(isStale(queryClient, unreadKey)).toBe(false);
  });

  it('support.activity refreshes the admin console (lists and figures), nothing of messaging', async () => {
    const queryClient = setup();
    queryClient.setQueryData(queryKeys.admin.chatSessions('active'), []);
    queryClient.setQueryData(queryKeys.admin.chatStats(), {});
    await applySocketEvent(queryClient, { type: 'support.activity' });
    expect(isStale(queryClient, queryKeys.admin.chatSessions('active'))).toBe(true);
    expect(isStale(queryClient, queryKeys.admin.chatStats())).toBe(true);
    expect(isStale(queryClient, listKey)).toBe(false);
    expect(isStale(queryClient, threadKey)).toBe(false);
  });

  describe.each(['hello', 'resync'] as const)('%s: the catch-up', (type) => {
    let fetchMock: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      // Asked from the newest cached message (3, which came on the socket); the answer overlaps it.
      fetchMock = vi.fn(async (url: string) => {
        if (
          url.includes(`/messages/conversations/${conversationId}/messages?`) &&
          url.includes(`after=${messageFixture(3).id}`)
        ) {
          return jsonResponse(200, [messageFixture(3), messageFixture(4)]);
        }
        return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
      });
      vi.stubGlobal('fetch', fetchMock);
    });

    it('reads what each cached thread missed, without duplicates, and refreshes lists, unread and bookings', async () => {
      const queryClient = setup();
      // Message 3 also arrived on the socket meanwhile: it must not appear twice.
      await applySocketEvent(queryClient, {
        type: 'message.created',
        conversation_id: conversationId,
        message: messageFixture(3),
      });
      await applySocketEvent(queryClient, type === 'hello' ? { type, unread_total: 4 } : { type });
      expect(threadIds(queryClient)).toEqual([1, 2, 3, 4].map((n) => messageFixture(n).id));
      expect(isStale(queryClient, listKey)).toBe(true);
      expect(isStale(queryClient, unreadKey)).toBe(true);
      expect(isStale(queryClient, queryKeys.bookings.list())).toBe(true);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      if (type === 'hello') expect(queryClient.getQueryData<UnreadSummary>(unreadKey)?.total).toBe(4);
    });
  });
});
