import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSchema, type Message } from '#shared/schemas/messages.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { loadConfig } from '../../config.ts';
import { createPool, wrapPool, type DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createTokenIssuer } from '../../plugins/auth.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createOffer } from '#tests/factories/offers.ts';
import { createHelper, createSeeker } from '#tests/factories/users.ts';
import { connectOk, listenOnLoopback, type TestSocket } from '#tests/sockets.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/**
 * Two app instances on one database, as two processes behind a load balancer (DESIGN.md section
 * 15). Under `npm run test:pg` each has its own DatabaseHandle: its own pool and its own LISTEN
 * connection, so an event crosses from one to the other only through PostgreSQL's NOTIFY. On PGlite
 * (one process by construction) both share the handle and its in-process notifications.
 */
let dataDir: string;
let database: DatabaseHandle;
let secondHandle: DatabaseHandle;
let first: App;
let second: App;
let firstUrl: string;
let secondUrl: string;
const issuer = createTokenIssuer(TEST_JWT_SECRET);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-realtime-'));
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
  firstUrl = await listenOnLoopback(first);
  secondUrl = await listenOnLoopback(second);
});

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  if (secondHandle !== database) await secondHandle.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function as(app: App, user: UserRow, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${await issuer.issue(user)}` },
  });
}

/** A seeker and a helper with a conversation, opened through the first instance. */
async function conversationPair() {
  const seeker = await createSeeker(database.db);
  const helper = await createHelper(database.db);
  const offer = await createOffer(database.db, helper);
  const opened = await as(first, seeker, 'POST', `/api/v1/messages/conversations?offer_id=${offer.id}`);
  expect(opened.statusCode).toBe(201);
  return { seeker, helper, conversationId: opened.json<{ id: string }>().id };
}

/** The helper (who may always write) posts through `app`. */
async function post(app: App, sender: UserRow, conversationId: string, content: string): Promise<Message> {
  const response = await as(app, sender, 'POST', `/api/v1/messages/conversations/${conversationId}/messages`, {
    content,
  });
  expect(response.statusCode).toBe(201);
  return MessageSchema.parse(response.json());
}

async function nextMessage(socket: TestSocket): Promise<Message> {
  const frame = await socket.next();
  if (frame.type !== 'message.created') throw new Error(`expected message.created, got ${frame.type}`);
  return frame.message;
}

describe('two instances on one database', () => {
  it('delivers a message posted through instance A to a socket on instance B', async () => {
    const { seeker, helper, conversationId } = await conversationPair();
    const onSecond = await connectOk(secondUrl, { token: await issuer.issue(seeker) });
    const sent = await post(first, helper, conversationId, 'Bonjour, je peux vous aider.');
    expect(await nextMessage(onSecond)).toMatchObject({ id: sent.id, content: 'Bonjour, je peux vous aider.' });
    expect(await onSecond.next()).toEqual({
      type: 'unread',
      total: 1,
      conversation_id: conversationId,
      conversation_unread: 1,
    });
    await onSecond.close();
  });

  it('lets a reconnecting client catch up by id: nothing lost, nothing twice', async () => {
    const { seeker, helper, conversationId } = await conversationPair();
    const token = await issuer.issue(seeker);
    const before = await connectOk(secondUrl, { token });
    const seen = await post(first, helper, conversationId, 'Premier message');
    expect((await nextMessage(before)).id).toBe(seen.id);
    await before.close();

    const missed = await post(first, helper, conversationId, 'Envoyé pendant la déconnexion');
    const after = await connectOk(firstUrl, { token });
    expect(after.hello).toEqual({ type: 'hello', unread_total: 2 });
    const catchUp = await as(
      second,
      seeker,
      'GET',
      `/api/v1/messages/conversations/${conversationId}/messages?after=${seen.id}`,
    );
    expect(catchUp.statusCode).toBe(200);
    expect(catchUp.json<Message[]>().map((message) => message.id)).toEqual([missed.id]);

    // Live again from here: the next message comes once, over the socket only.
    const live = await post(second, helper, conversationId, 'De nouveau en direct');
    expect((await nextMessage(after)).id).toBe(live.id);
    expect((await after.next()).type).toBe('unread');
    expect(after.pending()).toEqual([]);
    await after.close();
  });

  it('sends resync when the LISTEN connection is lost, and events flow again once it is back', async () => {
    if (database.kind !== 'postgres') return expect(database.kind).toBe('pglite'); // PGlite's LISTEN is in-process
    const { seeker, helper, conversationId } = await conversationPair();
    const [onFirst, onSecond] = await Promise.all([
      connectOk(firstUrl, { token: await issuer.issue(seeker) }),
      connectOk(secondUrl, { token: await issuer.issue(helper) }),
    ]);
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const terminated = await pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    // One listener per instance.
    expect(terminated.rowCount).toBe(2);
    expect(await onFirst.next()).toEqual({ type: 'resync' });
    expect(await onSecond.next()).toEqual({ type: 'resync' });

    const sent = await post(second, helper, conversationId, 'Après la reconnexion');
    expect((await nextMessage(onFirst)).id).toBe(sent.id);
    expect((await nextMessage(onSecond)).id).toBe(sent.id);
    await Promise.all([onFirst.close(), onSecond.close()]);
  });
});
