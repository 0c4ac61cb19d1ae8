import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { ChatSessionSchema } from '#shared/schemas/chat.ts';
import { ConversationSchema, MessageSchema } from '#shared/schemas/messages.ts';
import { buildApp, defaultLogger } from './app.ts';
import type { App } from './app-types.ts';
import { loadConfig } from './config.ts';
import { backgroundSettled } from './lib/background.ts';
import { createTokenIssuer } from './plugins/auth.ts';
import { connectChatOk, nextChatMessage, type ChatTestSocket } from '#tests/chat-sockets.ts';
import { parseMail } from '#tests/mail.ts';
import { TEST_JWT_SECRET } from '#tests/build-test-app.ts';
import { createSlot, hoursFromNow } from '#tests/factories/slots.ts';
import { createAdmin } from '#tests/factories/users.ts';
import { connectOk, listenOnLoopback } from '#tests/sockets.ts';
import { openTestDatabase } from '#tests/test-database.ts';

/**
 * DESIGN.md section 14 and issue 13 section 3: no message content, bio, reason of cancellation, support
 * or chat text, and no e-mail address is ever written to the logs. A whole journey (signup, profile,
 * offer, booking, messages over REST and the app socket, a cancellation, a support message and its
 * answer, live chats over REST and the chat socket, a few refusals) runs at LOG_LEVEL debug with every
 * text it sends carrying a unique marker; the log output must hold none of them.
 */
const run = randomBytes(4).toString('hex');
/** A unique marker for one text of the journey, e.g. `zqbio3f9a1c2e`: nothing else can contain it. */
const mark = (what: string) => `zq${what}${run}`;

const PASSWORD = 'motdepasse-solide';
const helperEmail = `claire.${run}@exemple.fr`;
const seekerEmail = `paul.${run}@exemple.fr`;
const guestEmail = `lea.${run}@exemple.fr`;
const supportEmail = `contact.${run}@exemple.fr`;
const changedEmail = `paul.nouveau.${run}@exemple.fr`;
const unknownEmail = `inconnu.${run}@exemple.fr`;
const EMAILS = [helperEmail, seekerEmail, guestEmail, supportEmail, changedEmail, unknownEmail];

/** Every text sent, by what it is. */
const TEXT = {
  helperName: mark('helpername'),
  seekerName: mark('seekername'),
  helperBio: `Vingt ans d'écoute. ${mark('helperbio')}`,
  seekerBio: `Je traverse un deuil. ${mark('seekerbio')}`,
  offerDescription: `Un échange pour souffler. ${mark('offerdescription')}`,
  meetingContact: `https://meet.google.com/${mark('meetingcontact')}`,
  firstMessage: `Bonjour, je n'en peux plus, je veux en finir. ${mark('firstmessage')}`,
  reply: `Appelez-moi au 06 12 34 56 78. ${mark('reply')}`,
  socketMessage: `Je suis là pour vous. ${mark('socketmessage')}`,
  refusedMessage: `Un message trop long. ${mark('refusedmessage')}`,
  malformedMessage: mark('malformedmessage'),
  cancellationReason: `Mon mari me frappe, je dois partir. ${mark('cancellationreason')}`,
  supportName: mark('supportname'),
  supportSubject: `Au secours ${mark('supportsubject')}`,
  supportMessage: `J'ai des idées noires. ${mark('supportmessage')}`,
  supportAnswer: `Nous sommes là. ${mark('supportanswer')}`,
  guestName: mark('guestname'),
  chatSubject: `Ma réservation ${mark('chatsubject')}`,
  chatMessage: `Je ne retrouve pas ma séance. ${mark('chatmessage')}`,
  chatSocketMessage: `Toujours là ? ${mark('chatsocketmessage')}`,
  chatAdminReply: `Oui, je regarde. ${mark('chatadminreply')}`,
  memberChatMessage: `Je veux mourir. ${mark('memberchatmessage')}`,
};

let app: App;
let dataDir: string;
let closeDatabase: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'appui-log-privacy-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://appui.test',
    LOG_LEVEL: 'debug',
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
  });
  const database = await openTestDatabase();
  closeDatabase = () => database.close();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp(config, {
    database,
    logger: { ...(defaultLogger(config.logLevel) as object), stream: logStream },
    serveWeb: false,
  });
  await app.ready();
});

afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

type Call = InjectOptions & { method: string; url: string };

/** Calls the API with `token` and expects `status`; answers the body (the journey reads ids and strings). */
async function ok<T = Record<string, string>>(token: string | null, options: Call, status = 200): Promise<T> {
  const headers = { ...(options.headers ?? {}) } as Record<string, string>;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.inject({ ...options, headers });
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  return res.json<T>();
}

/** The tokens of the links mailed to prove an address: none may reach the log either. */
const linkTokens: string[] = [];

/** Opens the newest link mailed to `email` to prove it (its page, then its call), as a person would. */
async function confirmAddress(email: string): Promise<void> {
  await backgroundSettled(app.ctx);
  const outbox = path.join(dataDir, 'outbox');
  const mails = (await Promise.all((await readdir(outbox)).sort().map((f) => readFile(path.join(outbox, f), 'utf8'))))
    .map(parseMail)
    .filter((mail) => mail.to.includes(email) && mail.text.includes('/verify-email?token='));
  const token = decodeURIComponent(/\/verify-email\?token=([^\s]+)/.exec(mails.at(-1)!.text)![1]!);
  linkTokens.push(token);
  await app.inject({ method: 'GET', url: `/verify-email?token=${encodeURIComponent(token)}` });
  await ok(null, { method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
}

async function signup(email: string, displayName: string): Promise<{ id: string; token: string }> {
  const user = await ok(
    null,
    { method: 'POST', url: '/api/v1/auth/signup', payload: { email, password: PASSWORD, display_name: displayName } },
    201,
  );
  await confirmAddress(email);
  const login = await ok(null, { method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
  return { id: user.id as string, token: login.access_token as string };
}

/** Reads chat frames (the catch-up first) until the line holding `content`. */
async function chatLineWith(socket: ChatTestSocket, content: string) {
  for (let i = 0; i < 5; i++) if ((await nextChatMessage(socket)).content === content) return;
  throw new Error('chat line not received');
}

/** The whole journey; answers the outbox's mails (raw), read once everything in the background is done. */
async function journey(): Promise<string[]> {
  const base = await listenOnLoopback(app);

  // Signup, a refused login and an unknown address, profiles with a bio.
  const helper = await signup(helperEmail, TEXT.helperName);
  const seeker = await signup(seekerEmail, TEXT.seekerName);
  await ok(
    null,
    { method: 'POST', url: '/api/v1/auth/login', payload: { email: seekerEmail, password: 'pas-le-bon' } },
    401,
  );
  await ok(null, { method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: unknownEmail } });
  await ok(null, { method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: seekerEmail } });
  await ok(helper.token, {
    method: 'POST',
    url: '/api/v1/users/me/charter',
    payload: { version: HELPER_CHARTER_VERSION },
  });
  await ok(helper.token, { method: 'POST', url: '/api/v1/users/toggle-role' });
  await ok(helper.token, { method: 'PUT', url: '/api/v1/users/me', payload: { bio: TEXT.helperBio } });
  await ok(seeker.token, { method: 'PUT', url: '/api/v1/users/me', payload: { bio: TEXT.seekerBio } });

  // An offer, a slot, a free booking.
  const offer = await ok(
    helper.token,
    {
      method: 'POST',
      url: '/api/v1/offers/',
      payload: {
        title: 'Souffler après un deuil',
        description: TEXT.offerDescription,
        category: 'relations',
        currency: 'eur',
        meeting_contact_info: TEXT.meetingContact,
        pricing_options: [{ duration_minutes: 60, price_cents: 0 }],
      },
    },
    201,
  );
  const start = hoursFromNow(10, 4);
  await createSlot(app.ctx.db, { id: helper.id }, { startAt: start, endAt: hoursFromNow(14, 4), offerId: offer.id });
  const booking = await ok(
    seeker.token,
    {
      method: 'POST',
      url: '/api/v1/bookings/',
      payload: {
        offer_id: offer.id,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    },
    201,
  );
  await ok(helper.token, { method: 'GET', url: `/api/v1/offers/${offer.id}/private` });

  // Messages: REST, the app socket of the helper, a refused and a malformed one, read marks.
  const helperSocket = await connectOk(base, { token: helper.token });
  const conversation = ConversationSchema.parse(
    await ok(seeker.token, { method: 'POST', url: `/api/v1/messages/conversations?offer_id=${offer.id}` }, 201),
  );
  const messagesUrl = `/api/v1/messages/conversations/${conversation.id}/messages`;
  const first = MessageSchema.parse(
    await ok(seeker.token, { method: 'POST', url: messagesUrl, payload: { content: TEXT.firstMessage } }, 201),
  );
  expect(first.crisis).toBe(true);
  await ok(helper.token, { method: 'POST', url: messagesUrl, payload: { content: TEXT.reply } }, 201);
  await ok(helper.token, { method: 'POST', url: messagesUrl, payload: { content: TEXT.socketMessage } }, 201);
  await ok(
    helper.token,
    { method: 'POST', url: messagesUrl, payload: { content: TEXT.refusedMessage.repeat(300) } },
    422,
  );
  await ok(
    helper.token,
    {
      method: 'POST',
      url: messagesUrl,
      headers: { 'content-type': 'application/json' },
      payload: `{"content": "${TEXT.malformedMessage}`,
    },
    400,
  );
  const frames: string[] = [];
  for (let i = 0; i < 6 && !frames.some((frame) => frame.includes(TEXT.socketMessage)); i++) {
    frames.push(JSON.stringify(await helperSocket.next()));
  }
  expect(frames.join('\n')).toContain(TEXT.firstMessage);
  const thread = MessageSchema.array().parse(await ok(seeker.token, { method: 'GET', url: messagesUrl }));
  await ok(seeker.token, {
    method: 'POST',
    url: `/api/v1/messages/conversations/${conversation.id}/read`,
    payload: { message_id: thread.at(-1)!.id },
  });
  await ok(seeker.token, {
    method: 'GET',
    url: `/api/v1/messages/conversations?search=${encodeURIComponent('finir')}`,
  });

  // A cancellation with its reason (a message and mails follow).
  await ok(seeker.token, {
    method: 'POST',
    url: `/api/v1/bookings/${booking.id}/cancel`,
    payload: { cancellation_reason: TEXT.cancellationReason },
  });

  // A support message (urgent) and the team's answer.
  const admin = await createAdmin(app.ctx.db);
  const adminToken = await createTokenIssuer(TEST_JWT_SECRET).issue(admin);
  const supportMessage = await ok(
    seeker.token,
    {
      method: 'POST',
      url: '/api/v1/support/messages',
      payload: {
        user_name: TEXT.supportName,
        user_email: supportEmail,
        subject: TEXT.supportSubject,
        message: TEXT.supportMessage,
      },
    },
    201,
  );
  expect(supportMessage.priority).toBe('urgent');
  await ok(
    adminToken,
    {
      method: 'POST',
      url: `/api/v1/support/messages/${supportMessage.id}/respond`,
      payload: { response_text: TEXT.supportAnswer },
    },
    201,
  );

  // Live chat: a guest over REST and the chat socket, the team's answer, a signed-in member.
  const guestChat = ChatSessionSchema.parse(
    await ok(
      null,
      {
        method: 'POST',
        url: '/api/v1/support/chat/sessions',
        payload: { guest_name: TEXT.guestName, guest_email: guestEmail, subject: TEXT.chatSubject },
      },
      201,
    ),
  );
  const sessionToken = guestChat.session_token!;
  const chatUrl = `/api/v1/support/chat/sessions/${guestChat.id}/messages?session_token=${sessionToken}`;
  await ok(null, { method: 'POST', url: chatUrl, payload: { content: TEXT.chatMessage } }, 201);
  const chatSocket = await connectChatOk(base, { session_id: guestChat.id, session_token: sessionToken });
  chatSocket.send({ type: 'chat_message', content: TEXT.chatSocketMessage });
  await chatLineWith(chatSocket, TEXT.chatSocketMessage);
  await ok(
    adminToken,
    {
      method: 'POST',
      url: `/api/v1/support/chat/sessions/${guestChat.id}/messages`,
      payload: { content: TEXT.chatAdminReply },
    },
    201,
  );
  await chatLineWith(chatSocket, TEXT.chatAdminReply);
  const memberChat = ChatSessionSchema.parse(
    await ok(
      seeker.token,
      { method: 'POST', url: '/api/v1/support/chat/sessions', payload: { subject: TEXT.chatSubject } },
      201,
    ),
  );
  await ok(
    seeker.token,
    {
      method: 'POST',
      url: `/api/v1/support/chat/sessions/${memberChat.id}/messages`,
      payload: { content: TEXT.memberChatMessage },
    },
    201,
  );

  // The seeker changes their e-mail address (mails to both), then opens the new one's link.
  await ok(seeker.token, {
    method: 'PUT',
    url: '/api/v1/users/me',
    payload: { email: changedEmail, current_password: PASSWORD },
  });
  await confirmAddress(changedEmail);

  await helperSocket.close();
  await chatSocket.close();
  await backgroundSettled(app.ctx);
  const outbox = path.join(dataDir, 'outbox');
  const files = await readdir(outbox);
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  await app.close();
  return mails;
}

/** An e-mail address anywhere in a text (the log holds none, whatever the journey sends). */
const ANY_EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

describe('the logs of a whole journey at LOG_LEVEL debug', () => {
  it('hold none of the texts sent and no e-mail address', { timeout: 120_000 }, async () => {
    const mails = await journey();
    const log = lines.join('');

    // The journey did run and was logged: requests of every step, at the debug level's verbosity.
    for (const url of [
      '/api/v1/auth/signup',
      '/api/v1/messages/conversations',
      '/api/v1/bookings/',
      '/api/v1/support/messages',
      '/api/v1/support/chat/ws',
    ]) {
      expect(log).toContain(url);
    }
    expect(log).toContain('mail written to the local outbox');
    // And its texts did go through the product: the mails carry some of them.
    const outbox = mails.join('\n');
    expect(outbox).toContain(mark('cancellationreason'));
    expect(outbox).toContain(mark('supportanswer'));

    const found = Object.entries(TEXT).filter(([, text]) => log.includes(text.match(/zq\w+/)![0]));
    expect(found.map(([what]) => what)).toEqual([]);
    expect(log.match(ANY_EMAIL) ?? []).toEqual([]);
    for (const email of EMAILS) expect(log.toLowerCase()).not.toContain(email.toLowerCase());
    expect(linkTokens).toHaveLength(3);
    for (const token of linkTokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    }
  });
});
