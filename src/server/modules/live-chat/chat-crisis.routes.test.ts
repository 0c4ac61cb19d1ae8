import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessageSchema, ChatSessionSchema, type ChatSession } from '#shared/schemas/chat.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin } from '#tests/factories/users.ts';

// Issue 13 section 3: a live chat message that speaks of suicide or immediate danger carries
// `crisis: true` for the guest (or user) and for the team alike; an ordinary one false.
const CRISIS = 'J’ai des idées noires depuis des semaines.';
const ORDINARY = 'Bonjour, je ne retrouve pas ma réservation.';

let t: TestApp;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app.ctx.db);
});
afterAll(() => t.close());

const withToken = (url: string, token: string | null) =>
  token ? `${url}?session_token=${encodeURIComponent(token)}` : url;

async function write(user: UserRow | null, session: ChatSession, content: string, token: string | null) {
  const res = await t.injectAs(user, {
    method: 'POST',
    url: withToken(`/api/v1/support/chat/sessions/${session.id}/messages`, token),
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
  return ChatMessageSchema.parse(res.json());
}

async function read(user: UserRow | null, session: ChatSession, token: string | null) {
  const res = await t.injectAs(user, {
    method: 'GET',
    url: withToken(`/api/v1/support/chat/sessions/${session.id}`, token),
  });
  expect(res.statusCode).toBe(200);
  return ChatSessionSchema.parse(res.json());
}

describe('the crisis flag of a live chat message', () => {
  it('is true for the guest and the team on a crisis message, false on ordinary ones', async () => {
    const started = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/support/chat/sessions',
      payload: { guest_name: 'Camille', guest_email: 'camille@exemple.fr' },
      remoteAddress: '198.18.200.1',
    });
    expect(started.statusCode).toBe(201);
    const session = ChatSessionSchema.parse(started.json());
    const token = session.session_token;

    expect((await write(null, session, ORDINARY, token)).crisis).toBe(false);
    expect(await write(null, session, CRISIS, token)).toMatchObject({ content: CRISIS, crisis: true });
    expect((await write(admin, session, 'Nous sommes là, prenez votre temps.', null)).crisis).toBe(false);

    for (const [reader, readerToken] of [
      [null, token],
      [admin, null],
    ] as const) {
      const seen = await read(reader, session, readerToken);
      const flags = seen.chat_messages
        .filter((message) => message.sender !== 'system')
        .map((message) => [message.content, message.crisis]);
      expect(flags).toEqual([
        [ORDINARY, false],
        [CRISIS, true],
        ['Nous sommes là, prenez votre temps.', false],
      ]);
    }
  });
});
