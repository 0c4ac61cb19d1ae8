import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat as chatText } from '#shared/messages/chat.ts';
import { ChatMessageSchema, ChatSessionSchema } from '#shared/schemas/chat.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { loadConfig } from '../../config.ts';
import { createPool, wrapPool, type DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { connectChatOk, nextChatMessage } from '#tests/chat-sockets.ts';
import { createAdmin } from '#tests/factories/users.ts';
import { connectOk, listenOnLoopback } from '#tests/sockets.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/**
 * Two app instances on one database, as two processes behind a load balancer (DESIGN.md section
 * 15). Under `npm run test:pg` each has its own DatabaseHandle (its own pool and LISTEN connection):
 * a chat event crosses from one to the other only through PostgreSQL's NOTIFY. On PGlite (one
 * process by construction) both share the handle and its in-process notifications.
 */
let dataDir: string;
let database: DatabaseHandle;
let secondHandle: DatabaseHandle;
let first: App;
let second: App;
let secondUrl: string;
let admin: UserRow;
const issuer = createTokenIssuer(TEST_JWT_SECRET);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-chat-2p-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://appui.test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
  });
  database = await openTestDatabase();
  secondHandle =
    database.kind === 'postgres'
      ? wrapPool(createPool((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!, 4))
      : database;
  first = await buildApp(config, { database, logger: false, serveWeb: false });
  second = await buildApp(config, { database: secondHandle, logger: false, serveWeb: false });
  await listenOnLoopback(first);
  secondUrl = await listenOnLoopback(second);
  admin = await createAdmin(database.db);
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  if (secondHandle !== database) await secondHandle.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

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
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
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
