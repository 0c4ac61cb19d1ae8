import { vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '#shared/constants.ts';
import type { AdminOffer, AdminOverview, AdminStats } from '#shared/schemas/admin.ts';
import type { ChatMessage, ChatSession, ChatStats } from '#shared/schemas/chat.ts';
import type { SupportMessage, SupportStats } from '#shared/schemas/support.ts';
import { jsonResponse } from '#web/testing/render.tsx';
import { currentUserFixture } from '#web/testing/users.ts';

let counter = 0;
/** A fresh valid UUID (the shared schemas check ids). */
export function fixtureId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export const adminUser = currentUserFixture({ role: 'admin', display_name: 'Alice Admin', username: 'alice' });

export const statsFixture = (over: Partial<AdminStats> = {}): AdminStats => ({
  total_users: 1234,
  total_helpers: 400,
  total_helpees: 830,
  total_offers: 512,
  active_offers: 498,
  total_bookings: 2048,
  pending_reports: 3,
  ...over,
});

export const overviewFixture = (over: Partial<AdminOverview> = {}): AdminOverview => ({
  support: { open: 7, in_progress: 2, high_priority: 1 },
  recent_actions: [],
  ...over,
});

export const offerFixture = (over: Partial<AdminOffer> = {}): AdminOffer => ({
  id: fixtureId(),
  helper_id: fixtureId(),
  helper: { display_name: 'Camille', username: 'camille', full_name: 'Camille Martin' },
  title: 'Écoute après un deuil',
  description: 'Un moment pour parler.',
  price_cents: 3500,
  duration_minutes: 60,
  visible: true,
  created_at: '2030-01-05T10:00:00.000Z',
  ...over,
});

export const supportStatsFixture = (over: Partial<SupportStats> = {}): SupportStats => ({
  total_messages: 42,
  open_messages: 11,
  in_progress_messages: 5,
  closed_messages: 26,
  high_priority_messages: 4,
  ...over,
});

export const supportMessageFixture = (over: Partial<SupportMessage> = {}): SupportMessage => ({
  id: fixtureId(),
  user_id: fixtureId(),
  user_name: 'Paul Durand',
  user_email: 'paul@exemple.fr',
  subject: 'Remboursement',
  message: 'Ma séance a été annulée, serai-je remboursé ?',
  status: 'open',
  priority: 'normal',
  created_at: '2030-01-05T10:00:00.000Z',
  updated_at: '2030-01-05T10:00:00.000Z',
  responses: [],
  ...over,
});

export const chatStatsFixture = (over: Partial<ChatStats> = {}): ChatStats => ({
  total_sessions: 20,
  open_sessions: 2,
  active_sessions: 3,
  closed_sessions: 15,
  ...over,
});

export const chatMessageFixture = (sessionId: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: fixtureId(),
  session_id: sessionId,
  sender: 'guest',
  sender_name: 'Léa',
  content: 'Bonjour, je ne trouve pas ma réservation.',
  created_at: '2030-01-05T10:00:00.000Z',
  crisis: false,
  ...over,
});

export const chatSessionFixture = (over: Partial<ChatSession> = {}): ChatSession => {
  const id = over.id ?? fixtureId();
  return {
    id,
    status: 'open',
    session_token: null,
    user_id: null,
    guest_name: 'Léa',
    guest_email: 'lea@exemple.fr',
    subject: 'Support en direct',
    created_at: '2030-01-05T10:00:00.000Z',
    updated_at: '2030-01-05T10:00:00.000Z',
    last_message_at: '2030-01-05T10:00:00.000Z',
    chat_messages: [chatMessageFixture(id)],
    ...over,
  };
};

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Route = (call: Call) => Response | undefined;

/**
 * Stubs fetch for the console: `GET /users/me` answers `me` (the admin unless said otherwise), each
 * route answers what it returns, anything else 404. Every call is recorded with its parsed body.
 */
/** A route answers with a function of the call, or with a body sent as JSON with status 200. */
export type Routes = Record<string, Route | object>;

const isRoute = (value: Route | object): value is Route => typeof value === 'function';

export function stubAdminApi(routes: Routes, me: unknown = adminUser) {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const call: Call = {
        method,
        path,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (path === '/users/me') return jsonResponse(200, me);
      const route = routes[`${method} ${path}`];
      if (route !== undefined && isRoute(route)) {
        const answer = route(call);
        if (answer) return answer;
      } else if (route !== undefined) {
        return jsonResponse(200, route);
      }
      return jsonResponse(404, { detail: 'Introuvable', code: 'NOT_FOUND' });
    }),
  );
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo };
}

export const noContent = () => new Response(null, { status: 204 });
