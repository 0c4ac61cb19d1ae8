import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat as chatText } from '#shared/messages/chat.ts';
import { ChatMessageSchema, ChatSessionSchema } from '#shared/schemas/chat.ts';
import type { App } from '../../app-types.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { connectChatOk, nextChatMessage } from '#tests/chat-sockets.ts';
import { createAdmin, createSeeker, DEFAULT_TEST_PASSWORD } from '#tests/factories/users.ts';
import { connectOk } from '#tests/sockets.ts';
import { startTwoInstances, type TwoInstances } from '#tests/two-instances.ts';

/** Two app instances on one database (see startTwoInstances): a chat event crosses through NOTIFY. */
let instances: TwoInstances;
let database: DatabaseHandle;
let first: App;
let second: App;
let secondUrl: string;
let admin: UserRow;
const issuer = createTokenIssuer(TEST_JWT_SECRET);

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ database, first, second, secondUrl } = instances);
  admin = await createAdmin(database.db);
});

afterAll(() => instances.close());

async function adminCall(app: App, method: 'POST' | 'PUT', url: string, payload: object) {
  return app.inject({ method, url, payload, headers: { authorization: `Bearer ${await issuer.issue(admin)}` } });
}

async function guestSessionOn(app: App) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/support/chat/sessions',
    payload: { guest_name: 'Camille', guest_email: 'camille@exemple.fr' },
  });
  expect(res.statusCode).toBe(201);
  const session = ChatSessionSchema.parse(res.json());
  return { id: session.id, token: session.session_token! };
}

describe('live chat over two instances on one database', () => {
  it("delivers an admin's REST reply through instance A to the guest's socket on instance B", async () => {
    const session = await guestSessionOn(first);
    const guest = await connectChatOk(secondUrl, { session_id: session.id, session_token: session.token });
    const res = await adminCall(first, 'POST', `/api/v1/support/chat/sessions/${session.id}/messages`, {
      content: 'Bonjour, un membre de l’équipe vous répond.',
    });
    expect(res.statusCode).toBe(201);
    expect(await nextChatMessage(guest)).toEqual(ChatMessageSchema.parse(res.json()));
    await guest.close();
  });

  it('closes the guest socket on B (1008) when an admin archives the session through A', async () => {
    const session = await guestSessionOn(second);
    const guest = await connectChatOk(secondUrl, { session_id: session.id, session_token: session.token });
    const res = await adminCall(first, 'PUT', `/api/v1/support/chat/sessions/${session.id}`, { status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect(await guest.next()).toEqual({ type: 'system_message', message: chatText.sessionClosed, status: 'archived' });
    expect(await guest.closed).toEqual({ code: 1008, reason: chatText.sessionClosedOrExpired });
  });

  it("closes a member's session-token socket on B (1008) when their password changes through A", async () => {
    const member = await createSeeker(database.db);
    const created = await first.inject({
      method: 'POST',
      url: '/api/v1/support/chat/sessions',
      payload: {},
      headers: { authorization: `Bearer ${await issuer.issue(member)}` },
    });
    const session = ChatSessionSchema.parse(created.json());
    const browser = await connectChatOk(secondUrl, { session_id: session.id, session_token: session.session_token! });
    const changed = await first.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { current_password: DEFAULT_TEST_PASSWORD, new_password: 'un-tout-nouveau-secret' },
      headers: { authorization: `Bearer ${await issuer.issue(member)}` },
    });
    expect(changed.statusCode).toBe(200);
    expect(await browser.closed).toEqual({ code: 1008, reason: chatText.sessionNotFound });
  });

  it("tells an admin's app socket on B when a guest writes through A", async () => {
    const session = await guestSessionOn(first);
    const adminConsole = await connectOk(secondUrl, { token: await issuer.issue(admin) });
    const res = await first.inject({
      method: 'POST',
      url: `/api/v1/support/chat/sessions/${session.id}/messages?session_token=${encodeURIComponent(session.token)}`,
      payload: { content: 'Il y a quelqu’un ?' },
    });
    expect(res.statusCode).toBe(201);
    expect(await adminConsole.next()).toEqual({ type: 'support.activity' });
    await adminConsole.close();
  });

  it('lets a guest catch up on B after the LISTEN connection is lost, nothing lost or twice', async () => {
    if (database.kind !== 'postgres') return expect(database.kind).toBe('pglite'); // PGlite's LISTEN is in-process
    const session = await guestSessionOn(first);
    const guest = await connectChatOk(secondUrl, { session_id: session.id, session_token: session.token });
    await instances.dropListeners();
    const sent = [];
    for (const content of ['Après la coupure', 'Et encore']) {
      const res = await adminCall(first, 'POST', `/api/v1/support/chat/sessions/${session.id}/messages`, { content });
      expect(res.statusCode).toBe(201);
      sent.push(ChatMessageSchema.parse(res.json()).id);
    }
    // Each message once, in order, whether it came by its event or by the resync after the listener came back.
    const received = [(await nextChatMessage(guest, 10_000)).id, (await nextChatMessage(guest, 10_000)).id];
    expect(received).toEqual(sent);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(guest.pending()).toEqual([]);
    await guest.close();
  });
});
