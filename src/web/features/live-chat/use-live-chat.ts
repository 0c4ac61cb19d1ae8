import { useCallback, useEffect, useRef, useState } from 'react';
import { chat as chatText } from '#shared/messages/chat.ts';
import type { ChatMessage, ChatSession, ChatSocketOutbound } from '#shared/schemas/chat.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { createChatSession, type CreateChatSessionInput } from './api/create-chat-session.ts';
import { getChatSession } from '#web/lib/api/get-chat-session.ts';
import { sendChatMessage } from './api/send-chat-message.ts';
import {
  clearStoredSession,
  clearStoredSessions,
  isRestorable,
  readStoredSession,
  saveStoredSession,
} from './chat-storage.ts';
import { ChatSocketClient, type ChatConnection, type ChatSocketLike } from './realtime/chat-socket.ts';

/**
 * idle: nothing decided yet (the dialog has not been opened); restoring: asking the server about the
 * stored chat; unreachable: the server could not be asked (the stored chat is kept, a retry is
 * offered); form: the start form; chat: a conversation going on; ended: closed by the team, or the
 * session closed or expired (input disabled, a new chat can be started).
 */
export type LiveChatPhase = 'idle' | 'restoring' | 'unreachable' | 'form' | 'chat' | 'ended';

export type ChatItem =
  { kind: 'message'; key: string; message: ChatMessage } | { kind: 'system'; key: string; text: string };

/** A message sent over the socket that has not come back yet. */
export type PendingChatMessage = { key: string; content: string };

type ActiveSession = { id: string; sessionToken: string | null; userId: string | null; subject: string };

/** Spec 2 section 4: the user side also treats 'ended' as finished. */
const FINISHED_STATUSES: readonly string[] = ['closed', 'archived', 'ended'];

export function isFinishedStatus(status: string): boolean {
  return FINISHED_STATUSES.includes(status);
}

let localSequence = 0;
const nextKey = (prefix: string) => {
  localSequence += 1;
  return `${prefix}-${localSequence}`;
};

export type UseLiveChatOptions = {
  open: boolean;
  /** Tests inject a fake WebSocket. */
  createSocket?: (url: string) => ChatSocketLike;
};

/**
 * The live chat's state (spec 2 sections 2, 4 and 7). It lives with the launcher, so closing the
 * dialog keeps the conversation: the socket runs while the dialog is open and, reopened, resumes
 * after the last message received. Messages are shown once each (by id), whether they came with the
 * restored session, over the socket, or as the answer to a REST send.
 */
export function useLiveChat({ open, createSocket }: UseLiveChatOptions) {
  const { user, isLoading: authLoading } = useAuth();
  const userId = user?.id ?? null;
  const [phase, setPhase] = useState<LiveChatPhase>('idle');
  const [session, setSession] = useState<ActiveSession | null>(null);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [pending, setPending] = useState<PendingChatMessage[]>([]);
  const [connection, setConnection] = useState<ChatConnection>('closed');
  /** The alert of the dialog: creation failure, cannot connect, closed or expired. */
  const [notice, setNotice] = useState<string | null>(null);
  /** Extra detail of a creation failure (the server's own explanation for a 400, 422 or 429). */
  const [noticeDetail, setNoticeDetail] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [starting, setStarting] = useState(false);
  const [sending, setSending] = useState(false);

  const seen = useRef(new Set<string>());
  /** The last message id that came with the session or over the socket: where the socket resumes. */
  const cursor = useRef<string | null>(null);
  const pendingRef = useRef<PendingChatMessage[]>([]);
  const clientRef = useRef<ChatSocketClient | null>(null);
  const sessionRef = useRef<ActiveSession | null>(null);
  /**
   * What had not gone out when the chat ended (messages the server never confirmed, then the text in
   * the input): the next chat's input starts with it, so nothing written is lost.
   */
  const unsent = useRef('');

  const updatePending = useCallback((next: PendingChatMessage[]) => {
    pendingRef.current = next;
    setPending(next);
  }, []);

  const addMessages = useCallback((messages: readonly ChatMessage[]) => {
    const fresh = messages.filter((message) => !seen.current.has(message.id));
    if (fresh.length === 0) return;
    for (const message of fresh) seen.current.add(message.id);
    setItems((current) => [
      ...current,
      ...fresh.map((message): ChatItem => ({ kind: 'message', key: message.id, message })),
    ]);
  }, []);

  const addSystemLine = useCallback((text: string) => {
    setItems((current) => {
      const last = current.at(-1);
      // "Connecté au support" comes with every (re)connection: once in a row is enough.
      if (last?.kind === 'system' && last.text === text) return current;
      return [...current, { kind: 'system', key: nextKey('system'), text }];
    });
  }, []);

  /** A text that did not go out goes back into the input, before what was typed since. */
  const restoreDraft = useCallback((content: string) => {
    setDraft((current) => (current.trim() === '' ? content : `${content}\n${current}`));
  }, []);

  const reset = useCallback(
    (next: LiveChatPhase) => {
      clientRef.current?.stop();
      clientRef.current = null;
      seen.current = new Set();
      cursor.current = null;
      sessionRef.current = null;
      updatePending([]);
      setSession(null);
      setItems([]);
      setConnection('closed');
      setDraft('');
      setPhase(next);
    },
    [updatePending],
  );

  const begin = useCallback(
    (started: ChatSession, sessionToken: string | null) => {
      reset('chat');
      const active: ActiveSession = {
        id: started.id,
        sessionToken,
        userId: started.user_id,
        subject: started.subject,
      };
      sessionRef.current = active;
      setSession(active);
      setDraft(unsent.current);
      unsent.current = '';
      addMessages(started.chat_messages);
      cursor.current = started.chat_messages.at(-1)?.id ?? null;
    },
    [reset, addMessages],
  );

  const end = useCallback((text: string | null) => {
    const active = sessionRef.current;
    if (active) clearStoredSession(active.id);
    clientRef.current?.stop();
    clientRef.current = null;
    setConnection('closed');
    setNotice(text);
    setNoticeDetail(null);
    setPhase('ended');
  }, []);

  const restore = useCallback(async () => {
    setNotice(null);
    setNoticeDetail(null);
    const entry = readStoredSession();
    if (!entry) {
      setPhase('form');
      return;
    }
    if (!isRestorable(entry, { now: Date.now(), userId })) {
      clearStoredSession(entry.id);
      setPhase('form');
      return;
    }
    setPhase('restoring');
    try {
      const stored = await getChatSession(entry.id, { sessionToken: entry.session_token });
      if (isFinishedStatus(stored.status)) {
        clearStoredSession(entry.id);
        setPhase('form');
        return;
      }
      begin(stored, entry.session_token);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // Unknown, not ours (any more), or refused: it cannot be resumed.
        clearStoredSession(entry.id);
        setPhase('form');
        return;
      }
      // The server could not say: keep the stored chat and offer to try again.
      setNotice(chatText.connectError);
      setPhase('unreachable');
    }
  }, [userId, begin]);

  // The stored chat is looked at when the dialog opens (once the signed-in user is known).
  useEffect(() => {
    if (!open || phase !== 'idle' || authLoading) return;
    void restore();
  }, [open, phase, authLoading, restore]);

  // Another person signed in (or out) on this page: their chat is not this one.
  useEffect(() => {
    if (authLoading || !session || session.userId === null || session.userId === userId) return;
    setNotice(null);
    reset('idle');
  }, [authLoading, session, userId, reset]);

  // The socket runs while the dialog shows a chat going on.
  useEffect(() => {
    if (!open || phase !== 'chat' || !session) return;
    const client = new ChatSocketClient({
      origin: window.location.origin,
      sessionId: session.id,
      authToken: getAuthToken,
      sessionToken: session.sessionToken,
      after: cursor.current,
      onMessage: (message) => {
        cursor.current = message.id;
        if (message.sender !== 'admin' && message.sender !== 'system') {
          const index = pendingRef.current.findIndex((item) => item.content === message.content);
          if (index >= 0) updatePending(pendingRef.current.filter((_, position) => position !== index));
        }
        addMessages([message]);
      },
      onSystem: (frame: Extract<ChatSocketOutbound, { type: 'system_message' }>) => {
        // The end of the chat is said once, by the ended panel's status line (read out by screen
        // readers), not a second time in the thread.
        if (frame.status && isFinishedStatus(frame.status)) {
          end(null);
          return;
        }
        addSystemLine(frame.message);
        // A line without a status answers one of our frames that was not stored (too long, too
        // many, session closing, server error): the oldest text waiting goes back into the input.
        if (!frame.status) {
          const [first, ...rest] = pendingRef.current;
          if (first) {
            updatePending(rest);
            restoreDraft(first.content);
            setNotice(chatText.sendError);
          }
        }
      },
      onConnection: (next) => {
        setConnection(next);
        if (next === 'open') setNotice((current) => (current === chatText.connectError ? null : current));
      },
      onExpired: () => end(chatText.sessionClosedOrExpired),
      onConnectFailed: () => setNotice(chatText.connectError),
      createSocket,
    });
    clientRef.current = client;
    client.start();
    return () => {
      client.stop();
      if (clientRef.current === client) clientRef.current = null;
      setConnection('closed');
    };
  }, [open, phase, session, createSocket, addMessages, addSystemLine, end, restoreDraft, updatePending]);

  const start = useCallback(
    async (input: CreateChatSessionInput) => {
      setStarting(true);
      setNotice(null);
      setNoticeDetail(null);
      try {
        const created = await createChatSession(input);
        // Spec 2 section 4: starting a chat removes the older chat_session_ keys.
        clearStoredSessions();
        saveStoredSession({
          id: created.id,
          session_token: created.session_token,
          user_id: created.user_id,
          auth_token: getAuthToken(),
          timestamp: Date.now(),
        });
        begin(created, created.session_token);
      } catch (error) {
        setNotice(chatText.createError);
        const explained = isApiError(error) && [400, 422, 429].includes(error.status);
        setNoticeDetail(explained ? error.message : null);
      } finally {
        setStarting(false);
      }
    },
    [begin],
  );

  /** Sends the draft: trimmed, and nothing when it is empty (spec 2 section 5). */
  const send = useCallback(async () => {
    const active = sessionRef.current;
    const content = draft.trim();
    if (!active || content === '' || phase !== 'chat' || sending) return;
    setDraft('');
    setNotice((current) => (current === chatText.sendError ? null : current));
    if (clientRef.current?.send(content)) {
      updatePending([...pendingRef.current, { key: nextKey('pending'), content }]);
      return;
    }
    // The socket is not open (reconnecting): the message goes by REST, which answers for it.
    setSending(true);
    try {
      const message = await sendChatMessage({ sessionId: active.id, sessionToken: active.sessionToken, content });
      addMessages([message]);
    } catch {
      restoreDraft(content);
      setNotice(chatText.sendError);
    } finally {
      setSending(false);
    }
  }, [draft, phase, sending, addMessages, restoreDraft, updatePending]);

  const startNew = useCallback(() => {
    const active = sessionRef.current;
    if (active) clearStoredSession(active.id);
    unsent.current = [...pendingRef.current.map((item) => item.content), draft]
      .filter((text) => text.trim() !== '')
      .join('\n');
    setNotice(null);
    setNoticeDetail(null);
    reset('form');
  }, [reset, draft]);

  return {
    phase,
    session,
    items,
    pending,
    connection,
    notice,
    noticeDetail,
    draft,
    setDraft,
    starting,
    sending,
    isGuest: !authLoading && userId === null,
    start,
    send,
    startNew,
    retry: restore,
  };
}

export type LiveChatState = ReturnType<typeof useLiveChat>;
