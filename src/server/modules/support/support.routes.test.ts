import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR, SUPPORT_MESSAGES_PER_HOUR } from '#shared/constants.ts';
import { ErrorCode } from '#shared/error-codes.ts';
import { admin as adminMessages } from '#shared/messages/admin.ts';
import { apiErrors } from '#shared/messages/common.ts';
import { supportMail } from '#shared/messages/support-mail.ts';
import { support as supportMessages } from '#shared/messages/support.ts';
import {
  SupportMessageSchema,
  SupportStatsSchema,
  type SupportMessage,
  type SupportMessageCreate,
} from '#shared/schemas/support.ts';
import { adminAudit, supportMessages as supportMessagesTable } from '#server/db/schema/support.ts';
import { users, type UserRow } from '#server/db/schema/users.ts';
import { backgroundSettled } from '#server/lib/background.ts';
import { subscribeToBus, type BusEvent } from '#server/lib/realtime-bus.ts';
import { buildTestApp, capturedLogger, type TestApp } from '#tests/build-test-app.ts';
import { createAdmin, createHelper, createSeeker } from '#tests/factories/users.ts';
import { parseMail } from '#tests/mail.ts';

let t: TestApp;
let author: UserRow;
let other: UserRow;
let helper: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.ctx.db;
  author = await createSeeker(db, { displayName: 'Paul Martin' });
  other = await createSeeker(db);
  helper = await createHelper(db);
  admin = await createAdmin(db);
});
afterAll(() => t.close());

// Each call comes from an address of its own unless a test says otherwise, so the per-address budget
// of one test does not leak into another.
let addressCounter = 1;
const nextAddress = () => `198.51.100.${addressCounter++}`;

const form = (overrides: Partial<SupportMessageCreate> = {}): SupportMessageCreate => ({
  user_name: 'Paul Martin',
  subject: 'Question sur une réservation',
  message: 'Bonjour, je ne trouve pas ma réservation de mardi.',
  ...overrides,
});

const post = (user: UserRow | null, payload: unknown, remoteAddress = nextAddress()) =>
  t.injectAs(user, { method: 'POST', url: '/api/v1/support/messages', payload: payload as object, remoteAddress });
const api = (user: UserRow | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/api/v1${url}`, payload });

/** A message written through the API, by a new account unless given (the per-account budget is small). */
async function created(user?: UserRow, overrides: Partial<SupportMessageCreate> = {}): Promise<SupportMessage> {
  const res = await post(user ?? (await createSeeker(t.app.ctx.db)), form(overrides));
  expect(res.statusCode).toBe(201);
  return SupportMessageSchema.parse(res.json());
}

/** A message moved straight to a status in the database (the transitions table starts from each state). */
async function inStatus(status: SupportMessage['status']): Promise<SupportMessage> {
  const message = await created();
  await t.app.ctx.db.update(supportMessagesTable).set({ status }).where(eq(supportMessagesTable.id, message.id));
  return { ...message, status };
}

const auditOf = (id: string) =>
  t.app.ctx.db.select().from(adminAudit).where(eq(adminAudit.targetId, id)).orderBy(adminAudit.createdAt);

const validationMessages = (res: { json(): unknown }) =>
  (res.json() as { detail: { msg: string }[] }).detail.map((item) => item.msg);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const notFoundBody = { code: ErrorCode.SUPPORT_MESSAGE_NOT_FOUND, detail: supportMessages.notFound };
const adminRequiredBody = { code: ErrorCode.ADMIN_REQUIRED, detail: adminMessages.accessDenied };

describe('POST /support/messages', () => {
  it('stores the message of a signed-in user, open and of normal priority, and answers it', async () => {
    const res = await post(author, form({ subject: '  Question sur une réservation  ' }));
    expect(res.statusCode).toBe(201);
    const body = SupportMessageSchema.parse(res.json());
    expect(body).toMatchObject({
      user_id: author.id,
      user_name: 'Paul Martin',
      user_email: author.email,
      subject: 'Question sur une réservation',
      message: 'Bonjour, je ne trouve pas ma réservation de mardi.',
      status: 'open',
      priority: 'normal',
      responses: [],
    });
    const [row] = await t.app.ctx.db.select().from(supportMessagesTable).where(eq(supportMessagesTable.id, body.id));
    expect(row).toMatchObject({ userId: author.id, status: 'open', priority: 'normal' });
  });

  it('sets priority urgent when the subject or the message speaks of a crisis', async () => {
    expect((await created(undefined, { subject: 'Je veux mourir' })).priority).toBe('urgent');
    expect((await created(undefined, { message: "Bonjour, j'ai envie d'en finir avec la vie." })).priority).toBe(
      'urgent',
    );
    expect((await created(undefined, { message: 'Mon mari me frappe, je suis en danger' })).priority).toBe('urgent');
    expect((await created(undefined, { message: 'Je meurs de rire avec ce bug' })).priority).toBe('normal');
  });

  it('takes no address from the form: a typed one is ignored, the answer goes to the account', async () => {
    const writer = await createSeeker(t.app.ctx.db);
    const res = await post(writer, { ...form(), user_email: 'une.autre.boite@exemple.fr' });
    expect(res.statusCode).toBe(201);
    const message = SupportMessageSchema.parse(res.json());
    expect(message.user_email).toBe(writer.email);
    const before = (await t.readOutbox()).length;
    const answer = await api(admin, 'POST', `/support/messages/${message.id}/respond`, { response_text: 'Bonjour' });
    expect(answer.statusCode).toBe(201);
    await backgroundSettled(t.app.ctx);
    const mails = (await t.readOutbox()).slice(before).map(parseMail);
    expect(mails.map((mail) => mail.to)).toEqual([expect.stringContaining(writer.email)]);
    expect(JSON.stringify(mails)).not.toContain('une.autre.boite');
  });

  it('answers to the address the account has when the team replies, not the one it had when writing', async () => {
    const writer = await createSeeker(t.app.ctx.db);
    const message = await created(writer);
    await t.app.ctx.db
      .update(users)
      .set({ email: `nouvelle.${writer.email}` })
      .where(eq(users.id, writer.id));
    const before = (await t.readOutbox()).length;
    expect(
      (await api(admin, 'POST', `/support/messages/${message.id}/respond`, { response_text: 'Bonjour' })).statusCode,
    ).toBe(201);
    await backgroundSettled(t.app.ctx);
    const mails = (await t.readOutbox()).slice(before).map(parseMail);
    expect(mails.map((mail) => mail.to)).toEqual([expect.stringContaining(`nouvelle.${writer.email}`)]);
  });

  it('refuses a visitor with 401', async () => {
    const res = await post(null, form());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ErrorCode.NOT_AUTHENTICATED, detail: apiErrors.notAuthenticated });
  });

  it.each([
    ['an empty name', { user_name: '' }],
    ['a blank subject', { subject: '   ' }],
    ['an empty message', { message: '' }],
  ])('answers 422 "Veuillez remplir tous les champs" for %s', async (_name, overrides) => {
    const res = await post(author, form(overrides));
    expect(res.statusCode).toBe(422);
    expect(validationMessages(res)).toContain(supportMessages.fillAllFields);
  });

  it('answers 422 for a missing field or a message too long, and stores nothing', async () => {
    const writer = await createSeeker(t.app.ctx.db);
    const { message: _omitted, ...withoutMessage } = form();
    for (const payload of [withoutMessage, form({ message: 'x'.repeat(5001) })]) {
      const res = await post(writer, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: expect.any(Array) });
    }
    const stored = await t.app.ctx.db
      .select()
      .from(supportMessagesTable)
      .where(eq(supportMessagesTable.userId, writer.id));
    expect(stored).toHaveLength(0);
  });

  it('tells the admin consoles over the bus (support.activity)', async () => {
    const events: BusEvent[] = [];
    const unsubscribe = await subscribeToBus(t.app.ctx.database, (event) => events.push(event));
    try {
      await created();
      await expect.poll(() => events.some((event) => event.type === 'support.activity'), { timeout: 5000 }).toBe(true);
    } finally {
      await unsubscribe();
    }
  });
});

describe('rate limits', () => {
  it(`refuses a ${SUPPORT_MESSAGES_PER_HOUR + 1}th message in an hour from one account with a French 429`, async () => {
    const busy = await createSeeker(t.app.ctx.db);
    for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR; i++) {
      expect((await post(busy, form({ subject: `Question ${i}` }))).statusCode).toBe(201);
    }
    const refused = await post(busy, form());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED, detail: apiErrors.rateLimited });
    // Another account is not affected.
    expect((await post(other, form())).statusCode).toBe(201);
  });

  it(`refuses messages from one address after ${SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR} in an hour, all accounts together`, async () => {
    const address = '203.0.113.9';
    let sent = 0;
    while (sent < SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR) {
      const writer = await createSeeker(t.app.ctx.db);
      for (let i = 0; i < SUPPORT_MESSAGES_PER_HOUR && sent < SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR; i++, sent++) {
        expect((await post(writer, form(), address)).statusCode).toBe(201);
      }
    }
    const fresh = await createSeeker(t.app.ctx.db);
    const refused = await post(fresh, form(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED, detail: apiErrors.rateLimited });
    // The same account from another address is not refused.
    expect((await post(fresh, form())).statusCode).toBe(201);
  });
});

describe('GET /support/my-messages', () => {
  it("answers the caller's own messages only, newest first, with the responses", async () => {
    const writer = await createSeeker(t.app.ctx.db);
    const first = await created(writer, { subject: 'Premier' });
    const second = await created(writer, { subject: 'Second' });
    await created(undefined, { subject: "Celui d'un autre" });
    const answer = await api(admin, 'POST', `/support/messages/${first.id}/respond`, {
      response_text: 'Nous regardons cela.',
    });
    expect(answer.statusCode).toBe(201);

    const res = await api(writer, 'GET', '/support/my-messages');
    expect(res.statusCode).toBe(200);
    const mine = res.json<SupportMessage[]>();
    expect(mine.map((message) => message.id)).toEqual([second.id, first.id]);
    expect(mine[1]?.responses).toEqual([
      { id: expect.any(String), response_text: 'Nous regardons cela.', created_at: expect.any(String) },
    ]);
    expect(mine[0]?.responses).toEqual([]);

    const paged = await api(writer, 'GET', '/support/my-messages?skip=1&limit=1');
    expect(paged.json<SupportMessage[]>().map((message) => message.id)).toEqual([first.id]);
  });

  it('answers an empty list to a user who never wrote, 401 to a visitor', async () => {
    const quiet = await createSeeker(t.app.ctx.db);
    expect((await api(quiet, 'GET', '/support/my-messages')).json()).toEqual([]);
    expect((await api(null, 'GET', '/support/my-messages')).statusCode).toBe(401);
  });
});

describe('admin endpoints refuse everyone but admins', () => {
  it.each([
    ['GET', '/support/messages', undefined],
    ['GET', `/support/messages/${UNKNOWN_ID}`, undefined],
    ['PUT', `/support/messages/${UNKNOWN_ID}`, { status: 'closed' }],
    ['POST', `/support/messages/${UNKNOWN_ID}/respond`, { response_text: 'Bonjour' }],
    ['GET', '/support/stats', undefined],
  ] as const)('%s %s: 401 to a visitor, 403 ADMIN_REQUIRED to a seeker and a helper', async (method, url, payload) => {
    expect((await api(null, method, url, payload)).statusCode).toBe(401);
    for (const user of [author, helper]) {
      const res = await api(user, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(adminRequiredBody);
    }
  });

  it("refuses the author their own message by id, and changes nothing for a non-admin's PUT or response", async () => {
    const message = await created(author);
    expect((await api(author, 'GET', `/support/messages/${message.id}`)).statusCode).toBe(403);
    expect((await api(author, 'PUT', `/support/messages/${message.id}`, { status: 'closed' })).statusCode).toBe(403);
    expect(
      (await api(author, 'POST', `/support/messages/${message.id}/respond`, { response_text: 'Moi-même' })).statusCode,
    ).toBe(403);
    const seen = SupportMessageSchema.parse((await api(admin, 'GET', `/support/messages/${message.id}`)).json());
    expect(seen).toMatchObject({ status: 'open', responses: [] });
    expect(await auditOf(message.id)).toEqual([]);
  });
});

describe('GET /support/messages and /support/messages/{id} (admin)', () => {
  it('lists every message with its responses, urgent ones not closed first, then newest first', async () => {
    const older = await created(undefined, { subject: 'Ancien' });
    const urgent = await created(undefined, { subject: 'Je veux me suicider' });
    const newer = await created(undefined, { subject: 'Récent' });
    const res = await api(admin, 'GET', '/support/messages?limit=100');
    expect(res.statusCode).toBe(200);
    const ids = res.json<SupportMessage[]>().map((message) => message.id);
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const all = res.json<SupportMessage[]>();
    const firstNonUrgent = all.findIndex((message) => !(message.priority === 'urgent' && message.status !== 'closed'));
    expect(
      all.slice(firstNonUrgent).every((message) => !(message.priority === 'urgent' && message.status !== 'closed')),
    ).toBe(true);
  });

  it('filters by status and priority and pages', async () => {
    const closed = await inStatus('closed');
    const byStatus = (await api(admin, 'GET', '/support/messages?status=closed&limit=100')).json<SupportMessage[]>();
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((message) => message.status === 'closed')).toBe(true);
    expect(byStatus.map((message) => message.id)).toContain(closed.id);

    const urgent = await created(undefined, { message: 'Idées suicidaires' });
    const byPriority = (await api(admin, 'GET', '/support/messages?priority=urgent&limit=100')).json<
      SupportMessage[]
    >();
    expect(byPriority.every((message) => message.priority === 'urgent')).toBe(true);
    expect(byPriority.map((message) => message.id)).toContain(urgent.id);

    const page = (await api(admin, 'GET', '/support/messages?skip=1&limit=2')).json<SupportMessage[]>();
    const whole = (await api(admin, 'GET', '/support/messages?limit=3')).json<SupportMessage[]>();
    expect(page.map((message) => message.id)).toEqual(whole.slice(1, 3).map((message) => message.id));

    expect((await api(admin, 'GET', '/support/messages?status=nouveau')).statusCode).toBe(422);
    expect((await api(admin, 'GET', '/support/messages?limit=101')).statusCode).toBe(422);
  });

  it('answers one message by id, 404 for an unknown id and 422 for a malformed one', async () => {
    const message = await created();
    const res = await api(admin, 'GET', `/support/messages/${message.id}`);
    expect(res.statusCode).toBe(200);
    expect(SupportMessageSchema.parse(res.json())).toEqual(message);
    const unknown = await api(admin, 'GET', `/support/messages/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFoundBody);
    expect((await api(admin, 'GET', '/support/messages/abc')).statusCode).toBe(422);
  });
});

describe('PUT /support/messages/{id} (admin)', () => {
  // Spec 2 section 4: to closed from any non-closed state; to in_progress only from open; nothing else.
  it.each([
    ['open', 'in_progress', 200],
    ['open', 'closed', 200],
    ['in_progress', 'closed', 200],
    ['open', 'open', 409],
    ['in_progress', 'open', 409],
    ['in_progress', 'in_progress', 409],
    ['closed', 'open', 409],
    ['closed', 'in_progress', 409],
    ['closed', 'closed', 409],
  ] as const)('%s -> %s answers %i', async (from, to, status) => {
    const message = await inStatus(from);
    const res = await api(admin, 'PUT', `/support/messages/${message.id}`, { status: to });
    expect(res.statusCode).toBe(status);
    const [row] = await t.app.ctx.db.select().from(supportMessagesTable).where(eq(supportMessagesTable.id, message.id));
    const audit = await auditOf(message.id);
    if (status === 200) {
      expect(SupportMessageSchema.parse(res.json()).status).toBe(to);
      expect(row?.status).toBe(to);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        adminId: admin.id,
        action: 'support.status',
        targetType: 'support_message',
        before: { status: from },
        after: { status: to },
      });
    } else {
      expect(res.json()).toEqual({
        code: ErrorCode.SUPPORT_STATUS_TRANSITION,
        detail: supportMessages.transitionRefused,
      });
      expect(row?.status).toBe(from);
      expect(audit).toEqual([]);
    }
  });

  it('changes the priority in any status and audits it; the same priority changes nothing', async () => {
    const message = await inStatus('closed');
    const res = await api(admin, 'PUT', `/support/messages/${message.id}`, { priority: 'high' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ priority: 'high', status: 'closed' });
    const again = await api(admin, 'PUT', `/support/messages/${message.id}`, { priority: 'high' });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(message.id)).toMatchObject([
      { action: 'support.priority', before: { priority: 'normal' }, after: { priority: 'high' } },
    ]);
  });

  it('changes status and priority together, one audit row each; a refused status changes neither', async () => {
    const message = await created();
    const both = await api(admin, 'PUT', `/support/messages/${message.id}`, { status: 'in_progress', priority: 'low' });
    expect(both.json()).toMatchObject({ status: 'in_progress', priority: 'low' });
    expect((await auditOf(message.id)).map((entry) => entry.action).sort()).toEqual([
      'support.priority',
      'support.status',
    ]);
    const refused = await api(admin, 'PUT', `/support/messages/${message.id}`, { status: 'open', priority: 'urgent' });
    expect(refused.statusCode).toBe(409);
    const seen = (await api(admin, 'GET', `/support/messages/${message.id}`)).json<SupportMessage>();
    expect(seen).toMatchObject({ status: 'in_progress', priority: 'low' });
  });

  it('lets one of two concurrent moves to in_progress through', async () => {
    const message = await created();
    const answers = await Promise.all([
      api(admin, 'PUT', `/support/messages/${message.id}`, { status: 'in_progress' }),
      api(admin, 'PUT', `/support/messages/${message.id}`, { status: 'in_progress' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(message.id)).toHaveLength(1);
  });

  it('answers 422 for an empty body or an unknown value, 404 for an unknown id', async () => {
    const message = await created();
    const empty = await api(admin, 'PUT', `/support/messages/${message.id}`, {});
    expect(empty.statusCode).toBe(422);
    expect(validationMessages(empty)).toContain(supportMessages.updateNothing);
    expect((await api(admin, 'PUT', `/support/messages/${message.id}`, { status: 'ended' })).statusCode).toBe(422);
    expect((await api(admin, 'PUT', `/support/messages/${message.id}`, { priority: 'critique' })).statusCode).toBe(422);
    const unknown = await api(admin, 'PUT', `/support/messages/${UNKNOWN_ID}`, { status: 'closed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFoundBody);
  });
});

describe('POST /support/messages/{id}/respond (admin)', () => {
  it('stores the response, audits it and mails it to the account, without the original message', async () => {
    const writer = await createSeeker(t.app.ctx.db);
    const message = await created(writer, {
      subject: 'Sujet très personnel',
      message: 'Contenu confidentiel de mon message',
    });
    const before = (await t.readOutbox()).length;
    const res = await api(admin, 'POST', `/support/messages/${message.id}/respond`, {
      response_text: '  Bonjour Paul, votre réservation est bien enregistrée.  ',
    });
    expect(res.statusCode).toBe(201);
    const body = SupportMessageSchema.parse(res.json());
    expect(body.status).toBe('open');
    expect(body.responses).toMatchObject([{ response_text: 'Bonjour Paul, votre réservation est bien enregistrée.' }]);

    const audit = await auditOf(message.id);
    expect(audit).toMatchObject([
      { adminId: admin.id, action: 'support.respond', after: { response_id: body.responses[0]!.id } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Bonjour Paul');

    const mails = (await t.readOutbox()).slice(before).map(parseMail);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toContain(writer.email);
    expect(mail.subject).toBe(supportMail.subject);
    expect(mail.text).toContain('Bonjour Paul Martin');
    expect(mail.text).toContain('Bonjour Paul, votre réservation est bien enregistrée.');
    expect(mail.text).toContain('http://appui.test/support');
    expect(mail.text).not.toContain('Contenu confidentiel');
    expect(mail.text).not.toContain('Sujet très personnel');
  });

  it('answers a closed message too, and keeps its status', async () => {
    const message = await inStatus('closed');
    const res = await api(admin, 'POST', `/support/messages/${message.id}/respond`, {
      response_text: 'Un dernier mot.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'closed', responses: [{ response_text: 'Un dernier mot.' }] });
  });

  it('answers 422 "Veuillez saisir une réponse" for an empty or blank response, 404 for an unknown id', async () => {
    const message = await created();
    for (const response_text of ['', '   ']) {
      const res = await api(admin, 'POST', `/support/messages/${message.id}/respond`, { response_text });
      expect(res.statusCode).toBe(422);
      expect(validationMessages(res)).toContain(supportMessages.responseRequired);
    }
    expect((await api(admin, 'POST', `/support/messages/${message.id}/respond`, {})).statusCode).toBe(422);
    const unknown = await api(admin, 'POST', `/support/messages/${UNKNOWN_ID}/respond`, { response_text: 'Bonjour' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFoundBody);
    expect(await auditOf(message.id)).toEqual([]);
  });
});

describe('GET /support/stats (admin)', () => {
  it('answers figures equal to the rows', async () => {
    await inStatus('in_progress');
    await inStatus('closed');
    const closedUrgent = await created(undefined, { subject: 'Je veux mourir' });
    await api(admin, 'PUT', `/support/messages/${closedUrgent.id}`, { status: 'closed' });
    const high = await created();
    await api(admin, 'PUT', `/support/messages/${high.id}`, { priority: 'high' });

    const res = await api(admin, 'GET', '/support/stats');
    expect(res.statusCode).toBe(200);
    const stats = SupportStatsSchema.parse(res.json());
    const rows = await t.app.ctx.db
      .select({ status: supportMessagesTable.status, priority: supportMessagesTable.priority })
      .from(supportMessagesTable);
    const count = (keep: (row: (typeof rows)[number]) => boolean) => rows.filter(keep).length;
    expect(stats).toEqual({
      total_messages: rows.length,
      open_messages: count((row) => row.status === 'open'),
      in_progress_messages: count((row) => row.status === 'in_progress'),
      closed_messages: count((row) => row.status === 'closed'),
      high_priority_messages: count(
        (row) => (row.priority === 'urgent' || row.priority === 'high') && row.status !== 'closed',
      ),
    });
    expect(stats.total_messages).toBe(stats.open_messages + stats.in_progress_messages + stats.closed_messages);
    expect(stats.in_progress_messages).toBeGreaterThan(0);
    expect(stats.closed_messages).toBeGreaterThan(0);
    expect(stats.high_priority_messages).toBeGreaterThan(0);

    // One more urgent message moves the figure by one.
    await created(undefined, { message: 'Je suis en danger' });
    const after = SupportStatsSchema.parse((await api(admin, 'GET', '/support/stats')).json());
    expect(after.high_priority_messages).toBe(stats.high_priority_messages + 1);
    expect(after.total_messages).toBe(stats.total_messages + 1);
    const [direct] = await t.app.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(supportMessagesTable);
    expect(after.total_messages).toBe(direct?.n);
  });
});

describe('OpenAPI', () => {
  it('describes every support call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods('/api/v1/support/messages')).toEqual(['get', 'post']);
    expect(methods('/api/v1/support/my-messages')).toEqual(['get']);
    expect(methods('/api/v1/support/messages/{id}')).toEqual(['get', 'put']);
    expect(methods('/api/v1/support/messages/{id}/respond')).toEqual(['post']);
    expect(methods('/api/v1/support/stats')).toEqual(['get']);
  });
});

describe('logs (DESIGN.md section 14)', () => {
  it('keep neither the e-mail address nor what was written, nor the response', async () => {
    const { logger, lines } = capturedLogger();
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, { logger });
    try {
      const user = await createSeeker(logged.app.ctx.db);
      const boss = await createAdmin(logged.app.ctx.db);
      const secrets = {
        subject: 'Sujet-secret-42',
        message: "Message-secret-43, j'ai des idées noires",
        response: 'Réponse-secrète-44',
      };
      const res = await logged.injectAs(user, {
        method: 'POST',
        url: '/api/v1/support/messages',
        payload: { user_name: 'Nom', subject: secrets.subject, message: secrets.message },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json<SupportMessage>().id;
      const answer = await logged.injectAs(boss, {
        method: 'POST',
        url: `/api/v1/support/messages/${id}/respond`,
        payload: { response_text: secrets.response },
      });
      expect(answer.statusCode).toBe(201);
      await backgroundSettled(logged.app.ctx);

      const log = lines.join('');
      expect(log).toContain('support message received');
      expect(log).toContain('mail written to the local outbox');
      for (const secret of [...Object.values(secrets), user.email, boss.email]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
